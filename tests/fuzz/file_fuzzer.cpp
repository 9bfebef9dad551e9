// libFuzzer target for the file parsers: arbitrary bytes read as a session file (its trained weights
// included: tests/fuzz/files/session_weights*; its generation: session_generation; its sweep:
// session_sweep), as a lesson, as a training corpus and as a vocabulary (all four, or only the one
// TB_FILE_FUZZ_PART names, so that each parser can be fuzzed on its own for a fixed time).
// None may crash, and what they accept must be within the bounds the window relies on (the
// sentence, every lesson paragraph and title). Built with clang (-DTB_FUZZ=ON, preset "sanitize");
// the same entry point replays tests/fuzz/files/ in every ctest run (corpus_replay.cpp).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "training/corpus.h"
#include "course/lesson.h"
#include "files/session_file.h"
#include "base/utf8.h"
#include "model/weights_reader.h"

namespace {

void require(bool holds, const char* what) {
    if (holds) return;
    std::fprintf(stderr, "bound broken: %s\n", what);
    std::abort();
}

const tb::Vocabulary& vocabulary() {
    static const tb::Vocabulary loaded = tb::Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt");
    return loaded;
}

void fuzz_session(const std::string& text) {
    tb::SessionFile session;
    if (!tb::parse_session(text, vocabulary(), session)) {
        require(session.settings.sentence.size() <= tb::Settings::kMaxSentenceBytes, "session sentence");
        require(!tb::validate(session.settings, vocabulary()), "session settings valid");
        // Format 2: weights only with the runs that made them, and of the settings' shape.
        require(session.weights.is_null() || !session.training.empty(), "session weights with their training");
        require(session.weights_b.is_null() || !session.training_b.empty(), "session weights_b with their training");
        tb::Weights weights;
        require(session.weights.is_null() || !tb::weights_from_json(session.weights, session.settings, vocabulary().size(), weights),
                "session weights read");
        // The generation (tests/fuzz/files/session_generation): a causal prompt of the file's seed,
        // 1 to 8 − n words of the vocabulary after it, every range /temperature and /generer keep.
        if (const auto& g = session.generation) {
            require(g->temperature >= 0 && g->temperature <= 2 && g->draws >= 0, "session generation ranges");
            if (const auto& last = g->last) {
                require(!tb::validate(last->settings, vocabulary()) && last->settings.mask == tb::Mask::Causal &&
                            last->settings.seed == session.settings.seed,
                        "session generation prompt");
                const std::size_t n = vocabulary().tokenize(last->settings.sentence).size();
                require(!last->tokens.empty() && n + last->tokens.size() <= tb::Settings::kMaxTokens, "session generation length");
                for (const int id : last->tokens) require(id >= 0 && id < vocabulary().size(), "session generation token");
                require(last->temperature >= 0 && last->temperature <= 2 && last->first_draw >= 1, "session generation draw");
            }
        }
        // The sweep (tests/fuzz/files/session_sweep): what /graines makes, so that the panel and
        // /exporter graines can take it as they take a live one.
        if (const auto& sweep = session.sweep) {
            const std::size_t seeds = sweep->a.size();
            require(seeds >= 1 && seeds <= tb::Sweep::kMaxSeeds && (sweep->b.empty() || sweep->b.size() == seeds), "session sweep seeds");
            require(sweep->steps >= 1 && sweep->steps <= tb::kMaxSweepSteps && sweep->seed(seeds - 1) >= sweep->first_seed,
                    "session sweep steps and seeds");
            for (const auto* side : {&sweep->a, &sweep->b})
                for (const tb::SweepRun& run : *side) {
                    const std::size_t n = run.losses.size(), steps = static_cast<std::size_t>(sweep->steps);
                    require(run.stopped ? n < steps : n == steps, "session sweep run length");
                    for (const double loss : run.losses) require(std::isfinite(loss), "session sweep loss finite");
                }
        }
    }
}

void fuzz_lesson(const std::string& text) {
    const tb::LessonParse lesson = tb::parse_lesson(text);
    if (lesson.ok()) {
        require(lesson.lesson->title_fr.size() <= 200 && lesson.lesson->title_en.size() <= 200, "lesson title");
        for (const auto& step : lesson.lesson->steps) {
            require(step.title_fr.size() <= 200 && step.title_en.size() <= 200, "step title");
            for (const std::string* p : {&step.text_fr, &step.text_en, &step.question_fr, &step.question_en,
                                         &step.answer_fr, &step.answer_en})
                require(p->size() <= 4000, "lesson paragraph");
        }
    }
}

void fuzz_corpus(const std::string& text) {
    const tb::CorpusResult corpus = tb::parse_corpus(text, vocabulary(), "fuzz");
    require(corpus.corpus.has_value() != !corpus.error_fr.empty(), "corpus: a corpus or a French refusal");
    if (corpus.corpus) {
        require(corpus.corpus->training.size() >= 2, "corpus: at least two training sentences");
        for (const auto* set : {&corpus.corpus->training, &corpus.corpus->held_out})
            for (const auto& sentence : *set) {
                require(sentence.size() >= 2 && sentence.size() <= tb::Settings::kMaxTokens, "corpus sentence length");
                for (const int id : sentence) require(id >= 0 && id < vocabulary().size(), "corpus id in the vocabulary");
            }
    }
}

// A vocabulary is read whole or refused with a French reason (std::runtime_error); what it reads
// tokenizes any sentence into ids of its own.
void fuzz_vocabulary(const std::string& text) {
    try {
        const tb::Vocabulary words = tb::Vocabulary::parse(text, "fuzz");
        require(words.size() >= 3, "vocabulary: a word besides the unknown and mask tokens");
        const std::string sentence = tb::utf8::is_valid(text) ? text.substr(0, 200) : "le chat";
        if (!tb::utf8::is_valid(sentence)) return;  // cut inside a character
        for (const tb::Token& token : words.tokenize(sentence))
            require(token.id >= 0 && token.id < words.size() && token.known == (token.id != 0), "vocabulary: token id");
    } catch (const std::runtime_error& refusal) {
        require(std::string(refusal.what()).rfind("vocabulaire ", 0) == 0, "vocabulary: a French refusal");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
#if !defined(TB_FILE_FUZZ_PART) || TB_FILE_FUZZ_PART == 1
    fuzz_session(text);
#endif
#if !defined(TB_FILE_FUZZ_PART) || TB_FILE_FUZZ_PART == 2
    fuzz_lesson(text);
#endif
#if !defined(TB_FILE_FUZZ_PART) || TB_FILE_FUZZ_PART == 3
    fuzz_corpus(text);
#endif
#if !defined(TB_FILE_FUZZ_PART) || TB_FILE_FUZZ_PART == 4
    fuzz_vocabulary(text);
#endif
    return 0;
}
