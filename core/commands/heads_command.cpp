#include "commands/heads_command.h"

#include "model/settings_table.h"

namespace tb {
namespace {

// The numbers of heads h that the heads entry accepts with the other fields of `s`: "1, 2, 4" at d = 8.
std::vector<std::string> heads_for(const Settings& s) {
    std::vector<std::string> out;
    for (const int h : values_that_fit(*find_setting("heads"), s)) out.push_back(std::to_string(h));
    return out;
}

// Whether `value` is in the entry's range and, set in `next`, passes its checks.
bool fits(const SettingEntry& e, long long value, Settings& next) {
    if (value < e.lo || value > e.hi) return false;
    e.set(next, static_cast<int>(value));
    return !setting_refusal(e, next);
}

Text kind_reply(int h, int kv, int d) {
    const std::string H = std::to_string(h), KV = std::to_string(kv), DH = std::to_string(d / h), R = std::to_string(h / kv);
    if (kv == h)
        return {"têtes : h = " + H + " (d_h = " + DH + ") — MHA : chaque tête de requête a sa propre tête K/V",
                "heads: h = " + H + " (d_h = " + DH + ") — MHA: every query head has its own K/V head"};
    if (kv == 1)
        return {"têtes : h = " + H + ", h_kv = 1 (d_h = " + DH + ") — MQA : les " + H + " têtes de requête partagent une seule tête K/V",
                "heads: h = " + H + ", h_kv = 1 (d_h = " + DH + ") — MQA: the " + H + " query heads share a single K/V head"};
    return {"têtes : h = " + H + ", h_kv = " + KV + " (d_h = " + DH + ") — GQA : " + R +
                " têtes de requête par tête K/V (la tête i lit la tête K/V ⌊i/" + R + "⌋)",
            "heads: h = " + H + ", h_kv = " + KV + " (d_h = " + DH + ") — GQA: " + R +
                " query heads per K/V head (head i reads K/V head ⌊i/" + R + "⌋)"};
}

// h omitted h_kv = h; the refusal names the values that fit the current d, the reply says MHA, GQA or MQA.
CommandResult tetes(Session& session, const Args& args) {
    const Settings& now = session.settings();
    const int d = now.dimension;
    const auto h = args.size() >= 1 && args.size() <= 2 ? parse_int(args.word(0)) : std::nullopt;
    const auto kv = args.size() == 2 ? parse_int(args.word(1)) : h;
    const Text h_values = one_of(heads_for(now));
    const Text usage = Text{"h = ", "h = "} + h_values + Text{" à d = " + std::to_string(d) + " (d_h = d/h entier pair), puis h_kv qui divise h (facultatif)",
                                                               " at d = " + std::to_string(d) + " (d_h = d/h an even integer), then h_kv dividing h (optional)"};
    if (!h || !kv) return expected("tetes", usage, args);
    Settings next = now;
    if (!fits(*find_setting("heads"), *h, next))
        return refused("tetes", Text{"h = ", "h = "} + h_values + Text{" à d = " + std::to_string(d) + " : d_h = d/h doit être un entier pair",
                                                                        " at d = " + std::to_string(d) + ": d_h = d/h must be an even integer"},
                       quoted_text(args.word(0)));
    if (!fits(*find_setting("kv_heads"), *kv, next))
        return refused("tetes", Text{"h_kv qui divise h = " + std::to_string(*h) + " (têtes K/V : MHA h_kv = h, GQA un diviseur, MQA 1)",
                                     "h_kv dividing h = " + std::to_string(*h) + " (K/V heads: MHA h_kv = h, GQA a divisor, MQA 1)"},
                       quoted_text(args.word(1)));
    if (auto error = session.apply(next)) return {false, *error};
    return {true, kind_reply(next.heads, next.kv_heads, d)};
}

// "1, 2, 4 à d = 8 ; 1, 2, 4, 8 à d = 16": the values of h at each d the dimension entry allows.
Text heads_by_dimension() {
    Text out;
    const SettingEntry& dimension = *find_setting("dimension");
    for (const SettingWord* w : named_values(dimension)) {
        Settings at;
        dimension.set(at, w->value);
        std::string list;
        for (const std::string& h : heads_for(at)) list += (list.empty() ? "" : ", ") + h;
        const std::string sep = out.fr.empty() ? "" : " ; ";
        out = out + Text{sep + list + " à d = " + w->word, (out.en.empty() ? "" : "; ") + list + " at d = " + w->word};
    }
    return out;
}

}  // namespace

Command heads_command() {
    const Text values = heads_by_dimension();
    return {"tetes", "/tetes <h> [h_kv]",
            "Nombre h de têtes d'attention (d_h = d/h pair : " + values.fr + ") et, ajout, h_kv "
            "têtes K/V qui divise h : MHA si h_kv = h (par défaut), GQA entre les deux, MQA si h_kv = 1.",
            {"1", "2", "4", "8", "4 1", "4 2", "8 1", "8 2", "8 4"}, tetes,
            "Number h of attention heads (d_h = d/h even: " + values.en + ") and, an addition, "
            "h_kv K/V heads dividing h: MHA when h_kv = h (the default), GQA in between, MQA when h_kv = 1."};
}

}  // namespace tb
