// The settings table, entry by entry, against the spec: channel.md sections 1 and 7 (commands,
// values, start-up values, the refusal's form) and cli.md (the trace's "settings" keys). Each entry
// round-trips command -> Settings -> trace JSON -> session JSON, and refuses what is out of its
// range or inconsistent with another field. Side B's round trip is in tests/app/compare.
#include <map>
#include <set>
#include <tuple>

#include "files/session_file.h"
#include "model/settings_table.h"
#include "../support.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using nlohmann::json;

// What the spec says of one setting. `lines` are accepted commands and the JSON value each leaves
// (aliases and accents included); `refused` is a command and the channel's refusal for it.
struct Spec {
    std::string key;
    json start;
    std::vector<std::pair<std::string, json>> lines;
    std::pair<std::string, std::string> refused;
};

const std::vector<Spec>& specs() {
    static const std::vector<Spec> s = {
        {"layers", 2, {{"/couches 4", 4}, {"/couches 1", 1}, {"/couches 6", 6}},
         {"/couches 7", "/couches attend un entier de 1 à 6 (reçu « 7 »)"}},
        {"position", "sinus", {{"/position appris", "appris"}, {"/position aucun", "aucun"}, {"/position APPRISE", "appris"},
                               {"/position aucune", "aucun"}, {"/position rope", "rope"}, {"/position ALiBi", "alibi"},
                               {"/position sinus", "sinus"}},
         {"/position cosinus", "/position attend sinus, appris, aucun, rope ou alibi (reçu « cosinus »)"}},
        {"residual", true, {{"/residuel off", false}, {"/résiduel oui", true}, {"/residuel non", false}, {"/residuel on", true}},
         {"/residuel peut-etre", "/residuel attend on ou off (reçu « peut-etre »)"}},
        {"norm", "pre", {{"/norme post", "post"}, {"/norme aucune", "aucune"}, {"/norme pré", "pre"}, {"/norme aucun", "aucune"}},
         {"/norme milieu", "/norme attend pre, post ou aucune (reçu « milieu »)"}},
        {"ffn", 32, {{"/ffn 8", 8}, {"/ffn 64", 64}, {"/ffn 16", 16}}, {"/ffn 65", "/ffn attend un entier de 8 à 64 (reçu « 65 »)"}},
        {"dimension", 8, {{"/dimension 16", 16}, {"/dimension 8", 8}, {"/dimension 016", 16}},
         {"/dimension 12", "/dimension attend 8 ou 16 (reçu « 12 »)"}},
        {"mask", "aucun", {{"/masque causal", "causal"}, {"/masque aucune", "aucun"}, {"/masque causal", "causal"}},
         {"/masque partiel", "/masque attend aucun ou causal (reçu « partiel »)"}},
        {"activation", "gelu", {{"/activation relu", "relu"}, {"/activation GELU", "gelu"}, {"/activation swiglu", "swiglu"},
                                {"/activation GeGLU", "geglu"}},
         {"/activation tanh", "/activation attend gelu, relu, swiglu ou geglu (reçu « tanh »)"}},
        {"norm_type", "layernorm", {{"/normalisation rmsnorm", "rmsnorm"}, {"/normalisation LayerNorm", "layernorm"},
                                    {"/normalisation RMSNorm", "rmsnorm"}},
         {"/normalisation batchnorm", "/normalisation attend layernorm ou rmsnorm (reçu « batchnorm »)"}},
        {"sentence", "le chat regarde le chien", {{"/phrase le chien regarde le chat", "le chien regarde le chat"}},
         {"/phrase chat", "/phrase attend de 2 à 8 mots (reçu 1 mot : « chat »)"}},
        {"step", 5, {{"/etape 0", 0}, {"/etape 3", 3}},  // 2L+1 = 5 at start-up
         {"/etape 6", "/etape attend un entier de 0 à 5 (0 = entrée, 1..4 = sous-couches, 5 = sortie) (reçu « 6 »)"}},
        {"seed", 2017, {{"/graine 42", 42}, {"/graine 18446744073709551615", 18446744073709551615ull}},
         {"/graine -3", "/graine attend un entier de 0 à 18\u202F446\u202F744\u202F073\u202F709\u202F551\u202F615 (reçu « -3 »)"}},  // U+202F groups
        // /tetes h [h_kv] (seed 002): one command over the two entries.
        {"heads", 2, {{"/tetes 4", 4}, {"/tetes 1", 1}, {"/tetes 2 1", 2}, {"/TETES 4 2", 4}},
         {"/tetes 3", "/tetes attend h = 1, 2 ou 4 à d = 8 : d_h = d/h doit être un entier pair (reçu « 3 »)"}},
        {"kv_heads", 2, {{"/tetes 2 1", 1}, {"/tetes 4 2", 2}, {"/tetes 4", 4}, {"/tetes 4 1", 1}},
         {"/tetes 2 3", "/tetes attend h_kv qui divise h = 2 (têtes K/V : MHA h_kv = h, GQA un diviseur, MQA 1) (reçu « 3 »)"}},
        {"rope_base", 10000, {}, {}},  // RoPE's base, fixed (cli.md "Modern block variants")
        // Training (channel.md §7): a decimal comma or point.
        {"batch_size", 16, {{"/lot 1", 1}, {"/lot 64", 64}, {"/lot 8", 8}}, {"/lot 65", "/lot attend un entier de 1 à 64 (reçu « 65 »)"}},
        {"learning_rate", 0.003, {{"/taux 0,01", 0.01}, {"/taux 0.0005", 0.0005}, {"/taux 1", 1.0}, {"/taux 0,00001", 0.00001}},
         {"/taux 2", "/taux attend un nombre de 0,00001 à 1 (reçu « 2 »)"}},
        // Linear warm-up (channel.md §7: 0 to 1000, 0 at start-up).
        {"warmup_steps", 0, {{"/echauffement 50", 50}, {"/echauffement 1000", 1000}, {"/echauffement 0", 0}},
         {"/echauffement 1001", "/echauffement attend un entier de 0 à 1\u202F000 (reçu « 1001 »)"}},
    };
    return s;
}

const Spec* spec_for(const std::string& key) {
    for (const auto& s : specs())
        if (s.key == key) return &s;
    return nullptr;
}

TEST(SettingsTable, HoldsExactlyTheTraceFilesKeys) {
    const std::set<std::string> cli = {"layers", "dimension", "ffn", "heads", "position", "residual", "norm",
                                       "step", "seed", "sentence", "mask", "activation", "norm_type",
                                       "kv_heads", "rope_base", "batch_size", "learning_rate",
                                       "warmup_steps"};
    std::set<std::string> table;
    for (const auto& e : settings_table()) {
        EXPECT_TRUE(table.insert(e.key).second) << e.key << " twice";
        EXPECT_TRUE(spec_for(e.key)) << "no spec case for the entry " << e.key;
        EXPECT_EQ(find_setting(e.key), &e);
        if (!e.command.empty()) {
            EXPECT_EQ(setting_for_command(e.command), &e);
        }
    }
    EXPECT_EQ(table, cli);
    const Session s = test::session();
    EXPECT_EQ(settings_to_json(s.settings()), to_json(*s.trace())["settings"]);
}

TEST(SettingsTable, StartUpValuesAreTheChannels) {
    const json start = settings_to_json(Settings{});
    for (const auto& spec : specs()) EXPECT_EQ(start.at(spec.key), spec.start) << spec.key;
}

// command -> Settings -> trace JSON -> session JSON -> Settings, for every accepted form.
TEST(SettingsTable, EveryEntryRoundTripsCommandSettingsTraceAndSession) {
    CommandRegistry registry;
    for (const auto& e : settings_table()) {
        const Spec* spec = spec_for(e.key);
        ASSERT_TRUE(spec) << "no spec case for the entry " << e.key;
        Session session(test::vocabulary());
        for (const auto& [line, value] : spec->lines) {
            const auto r = registry.execute(session, line);
            ASSERT_TRUE(r.ok) << line << " -> " << r.message;
            const json trace = to_json(*session.trace())["settings"];
            EXPECT_EQ(trace.at(e.key), value) << line;
            EXPECT_EQ(e.to_json(session.settings()), value) << line;
            Settings back;
            ASSERT_FALSE(settings_from_json(trace, session.vocabulary(), back).has_value()) << line;
            EXPECT_EQ(settings_to_json(back), trace) << line;
            EXPECT_TRUE(e.same(back, session.settings())) << line;
            SessionFile file;
            ASSERT_FALSE(parse_session(session_to_text({session.settings(), json::object()}), session.vocabulary(), file));
            EXPECT_EQ(e.to_json(file.settings), value) << line;
        }
    }
}

TEST(SettingsTable, EveryCommandRefusesOutOfRangeWithTheChannelsForm) {
    CommandRegistry registry;
    for (const auto& spec : specs()) {
        if (spec.refused.first.empty()) continue;
        Session session(test::vocabulary());
        const json before = to_json(*session.trace());
        const auto r = registry.execute(session, spec.refused.first);
        EXPECT_FALSE(r.ok) << spec.refused.first;
        EXPECT_EQ(r.message, spec.refused.second);
        EXPECT_EQ(to_json(*session.trace()), before) << spec.refused.first << " changed something";
    }
}

// A session file whose value is out of range, or inconsistent with another field, is refused,
// and the reason names the setting in the way (channel.md section 7).
TEST(SettingsTable, SessionJsonRefusesOutOfRangeAndInconsistentValues) {
    const Session source = test::session();
    const json good = settings_to_json(source.settings());
    const std::vector<std::tuple<std::string, json, std::string>> bad = {
        {"layers", 7, "couches"},        {"layers", 0, "couches"},     {"ffn", 7, "FFN"},
        {"ffn", 65, "FFN"},              {"dimension", 12, "dimension"}, {"heads", 3, "têtes"},
        {"step", 6, "étape"},            {"step", -1, "étape"},        {"position", "cosinus", "position"},
        {"norm", "rms", "norm"},         {"mask", "partiel", "mask"},  {"activation", "tanh", "activation"},
        {"norm_type", "batchnorm", "norm_type"}, {"norm_type", "RMSNorm", "norm_type"},
        {"residual", "on", "residual"},  {"seed", -1, "seed"},         {"sentence", "chat", "phrase"},
        {"layers", "2", "layers"},       {"dimension", 8.5, "dimension"},
        {"kv_heads", 3, "têtes K/V"},    {"kv_heads", 0, "têtes K/V"}, {"heads", 8, "têtes"},
        {"rope_base", 500, "RoPE"},      {"batch_size", 0, "lot"},     {"batch_size", 65, "lot"},
        {"learning_rate", 2.0, "taux"},  {"learning_rate", 0.0, "taux"}, {"learning_rate", "0,003", "learning_rate"},
        {"warmup_steps", 1001, "échauffement"}, {"warmup_steps", -1, "échauffement"}, {"warmup_steps", 2.5, "warmup_steps"}};
    std::set<std::string> covered;
    for (const auto& [key, value, named] : bad) {
        json j = good;
        j[key] = value;
        Settings out;
        out.layers = 5;
        const auto error = settings_from_json(j, source.vocabulary(), out);
        ASSERT_TRUE(error.has_value()) << key << " = " << value;
        EXPECT_NE(error->find(named), std::string::npos) << key << " = " << value << " -> " << *error;
        EXPECT_EQ(out.layers, 5) << "untouched on failure";
        covered.insert(key);
    }
    for (const auto& e : settings_table()) EXPECT_TRUE(covered.count(e.key)) << "no refused value for " << e.key;
    // The step is tied to L: 6 is refused at L = 2 and accepted at L = 3 (2L+1 = 7).
    json deeper = good;
    deeper["layers"] = 3, deeper["step"] = 6;
    Settings out;
    EXPECT_FALSE(settings_from_json(deeper, source.vocabulary(), out).has_value());
    EXPECT_EQ(out.step, 6);
}

TEST(SettingsTable, RefusalsNameTheSettingAndItsRange) {
    Settings s;
    s.layers = 9;
    EXPECT_EQ(validate(s, *test::vocabulary()), "le nombre de couches doit aller de 1 à 6");
    s = {};
    s.step = 6;  // above 2L+1 with L = 2
    EXPECT_EQ(validate(s, *test::vocabulary()), "l'étape doit aller de 0 à 2L+1");
    s = {};
    s.dimension = 12;
    EXPECT_EQ(validate(s, *test::vocabulary()), "la dimension doit valoir 8 ou 16");
    // d_h = d/h must be whole: the heads' check names them (reached once h is not fixed at 2).
    s = {};
    s.heads = 3;
    const SettingEntry& heads = *find_setting("heads");
    ASSERT_TRUE(heads.check);
    const auto reason = heads.check(s);
    ASSERT_TRUE(reason.has_value());
    EXPECT_NE(reason->find("têtes"), std::string::npos) << *reason;
    EXPECT_NE(reason->find("d_h"), std::string::npos) << *reason;
    EXPECT_FALSE(heads.check(Settings{}).has_value());
    EXPECT_FALSE(validate(Settings{}, *test::vocabulary()).has_value());
}

// The usage /aide shows and Tab's values, as channel.md section 1 writes the commands.
TEST(SettingsTable, UsageAndCompletionsFollowTheChannel) {
    const std::map<std::string, std::string> usage = {
        {"couches", "/couches <1..6>"},        {"position", "/position <sinus|appris|aucun|rope|alibi>"},
        {"residuel", "/residuel <on|off>"},    {"norme", "/norme <pre|post|aucune>"},
        {"ffn", "/ffn <8..64>"},               {"dimension", "/dimension <8|16>"},
        {"masque", "/masque <aucun|causal>"},  {"activation", "/activation <gelu|relu|swiglu|geglu>"},
        {"normalisation", "/normalisation <layernorm|rmsnorm>"}, {"lot", "/lot <1..64>"}, {"taux", "/taux <0,00001..1>"},
        {"echauffement", "/echauffement <0..1000>"}};
    CommandRegistry registry;
    std::size_t built = 0;
    for (const auto& e : settings_table()) {
        if (e.command.empty() || e.own_command) continue;
        ++built;
        ASSERT_TRUE(usage.count(e.command)) << e.command;
        EXPECT_EQ(setting_usage(e), usage.at(e.command));
        const Command* c = registry.find(e.command);
        ASSERT_TRUE(c) << e.command;
        EXPECT_EQ(c->usage, usage.at(e.command));
        EXPECT_FALSE(c->help.empty() || c->help_en.empty()) << e.command;
    }
    EXPECT_EQ(built, usage.size());
    EXPECT_EQ(registry.complete("/position a"), (std::vector<std::string>{"/position appris", "/position aucun", "/position alibi"}));
    EXPECT_EQ(registry.complete("/couches "), (std::vector<std::string>{"/couches 1", "/couches 2", "/couches 3", "/couches 4",
                                                                       "/couches 5", "/couches 6"}));
}

// Only the step, /lot, /taux and /echauffement leave the model as it is (channel.md section 1: /etape does not replay).
TEST(SettingsTable, EveryModelSettingReplaysButTheStep) {
    CommandRegistry registry;
    for (const auto& spec : specs()) {
        if (spec.lines.empty()) continue;
        Session session(test::vocabulary());
        const auto count = session.replay_count();
        ASSERT_TRUE(registry.execute(session, spec.lines.front().first).ok);
        const bool replays =
            spec.key != "step" && spec.key != "batch_size" && spec.key != "learning_rate" && spec.key != "warmup_steps";
        EXPECT_EQ(session.replay_count(), count + (replays ? 1 : 0)) << spec.key;
    }
}

}  // namespace
}  // namespace tb
