#include "commands/melanger.h"

#include <numeric>
#include <utility>

#include "model/random.h"
#include "commands/session.h"

namespace tb {
namespace {

// One Fisher–Yates shuffle of 0..n-1 from the stream's next numbers.
std::vector<int> shuffle(NormalStream& stream, int n) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    for (int i = n - 1; i > 0; --i) {
        int j = static_cast<int>(stream.uniform() * (i + 1));
        if (j > i) j = i;  // u * (i + 1) may round up to i + 1
        std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]);
    }
    return order;
}

bool changes_words(const std::vector<int>& order, const std::vector<std::string>& words) {
    for (std::size_t k = 0; k < order.size(); ++k)
        if (words[static_cast<std::size_t>(order[k])] != words[k]) return true;
    return false;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

// What the class should see, from the live settings.
Text what_to_notice(const Settings& s) {
    const bool positions = s.position != Position::None, causal = s.mask == Mask::Causal;
    if (!positions && !causal)
        return {"sans positions ni masque, chaque bille garde son vecteur à chaque niveau (aux arrondis près), seule sa "
                "place change : le bloc voit un sac de mots (équivariance par permutation)",
                "with no positions and no mask, every bead keeps its vector at every level (up to rounding), only its "
                "place changes: the block sees a bag of words (permutation equivariance)"};
    const Text added = s.position == Position::Learned
                           ? Text{"les positions apprises sont ajoutées à l'entrée", "the learned positions are added at the input"}
                       : s.position == Position::Rope
                           ? Text{"RoPE tourne Q et K selon la position : rien n'est ajouté à l'entrée, la position entre par les scores",
                                  "RoPE turns Q and K by position: nothing is added at the input, the position enters through the scores"}
                       : s.position == Position::Alibi
                           ? Text{"ALiBi retire m·|i − j| aux scores : rien n'est ajouté à l'entrée, la position entre par les scores",
                                  "ALiBi subtracts m·|i − j| from the scores: nothing is added at the input, the position enters through the scores"}
                           : Text{"les positions sinus sont ajoutées à l'entrée", "the sinusoidal positions are added at the input"};
    if (positions && !causal)
        return Text{"les vecteurs changent : ", "the vectors change: "} + added +
               Text{" (/position aucun pour voir l'équivariance)", " (/position aucun to see the equivariance)"};
    if (!positions)
        return {"l'équivariance ne tient plus : avec le masque causal, chaque mot ne voit que les mots d'avant lui",
                "the equivariance no longer holds: with the causal mask, each word sees only the words before it"};
    return Text{"les vecteurs changent : ", "the vectors change: "} + added +
           Text{", et avec le masque causal chaque mot ne voit que les mots d'avant lui",
                ", and with the causal mask each word sees only the words before it"};
}

}  // namespace

std::vector<int> melanger_order(std::uint64_t seed, int count, const std::vector<std::string>& words) {
    const int n = static_cast<int>(words.size());
    std::vector<int> rotation(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) rotation[static_cast<std::size_t>(k)] = (k + 1) % n;
    if (n < 2 || !changes_words(rotation, words)) return {};  // a rotation keeps the words only when all are equal
    NormalStream stream(seed, "melanger", count);
    // Each draw keeps the words with probability at most 1/2: 64 draws all failing is 2^-64 at most.
    for (int attempt = 0; attempt < 64; ++attempt) {
        auto order = shuffle(stream, n);
        if (changes_words(order, words)) return order;
    }
    return rotation;
}

CommandResult melanger(Session& session) {
    const auto held = session.trace();
    const Trace& trace = *held;
    std::vector<std::string> words;
    for (const auto& t : trace.tokens) words.push_back(t.word);
    const auto order = melanger_order(trace.settings.seed, session.melanger_count(), words);
    if (order.empty())
        return {false, Text{"/melanger : aucun autre ordre n'existe, tous les mots de ",
                            "/melanger: no other order exists, every word of "} +
                           quoted_text(trace.settings.sentence) +
                           Text{" sont identiques ; rien n'a changé", " is the same; nothing changed"}};
    std::vector<std::string> moved;
    std::vector<int> places;
    for (const int from : order) {
        moved.push_back(words[static_cast<std::size_t>(from)]);
        places.push_back(trace.typed_place(from));
    }
    Settings next = trace.settings;
    next.sentence = joined(moved);
    // The words are the tokenizer's own (lower case, no punctuation): they read back the same.
    std::vector<std::string> back;
    for (const auto& t : session.vocabulary().tokenize(next.sentence)) back.push_back(t.word);
    if (back != moved)
        return {false, Text{"/melanger : la phrase mélangée ne se relit pas mot pour mot ; rien n'a changé",
                            "/melanger: the shuffled sentence does not read back word for word; nothing changed"}};
    if (auto error = session.apply(next, std::move(places))) return {false, *error};
    session.set_melanger_count(session.melanger_count() + 1);
    return {true, Text{"phrase mélangée : ", "sentence shuffled: "} + Text{"« " + next.sentence + " »\n", "\u201C" + next.sentence + "\u201D\n"} +
                      what_to_notice(session.settings())};
}

}  // namespace tb
