#pragma once
// The generation panel's data (/panneau generation, issue 36): the word being chosen, its most
// probable words with their logits and probabilities (the temperature changes the second row, never
// the first), and the counters: the toy's K/V cache, the same formula scaled to Llama 3 8B, the
// multiply-adds with and without the cache, and the times measured when it ran. Pure; the window
// draws it (ui/generation_panel.cpp).
#include <string>
#include <vector>

#include "base/language.h"
#include "model/generation.h"

namespace tb {

struct GenerationColumn {
    std::string word;
    double logit = 0, probability = 0;
    bool chosen = false;
};

struct GenerationPanelData {
    std::string title;                     // « « le chat » + 3 mots · température 0 · cache on »
    std::string question;                  // « Mot 2 : après « chat » »
    std::vector<GenerationColumn> columns; // the `count` most probable, the chosen among them
    std::string toy_cache, preset_cache, multiply_adds, times, temperature_note;
};

// Word `word` (1..N) of `g`; `words` are the vocabulary's words by id.
GenerationPanelData generation_panel_data(const Generation& g, int word, const std::vector<std::string>& words, int count,
                                          Language language);

}  // namespace tb
