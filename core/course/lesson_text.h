#pragma once
// Live figures in a lesson's text: « le cosinus moyen monte à {cos_moyen} » is filled, when shown,
// from the trace on screen, in the interface's language (core/base/numbers.h). docs/lessons.md, « Écrire une
// leçon », lists the names; each is defined in lesson_text.cpp's table:
//
//   {graine} {L} {d} {w} {n}                      the settings and the token count
//   {blocs} {total} {attention_bloc} {ffn_bloc}   parameter counts (the top counter, /parametres)
//   {cos_entree} {cos_moyen} {cos_bloc1}..{cos_bloc6}      mean pairwise cosine of the tokens
//   {norme_entree} {norme_sortie} {norme_bloc1}..{norme_bloc6}  mean token norm ‖x‖
//   {norme_rapport}                               « × 2 », « ÷ 5,6 »: sortie over entrée
//   {h} {h_kv} {d_h}                              query heads, K/V heads, a head's dimension
//   {cache_kv} {cache_mha} {division_gqa}         K/V cache of the n tokens, 2·L·n·h_kv·d_h; with h_kv = h; h / h_kv
//   {logit_max} {p_max_t05} {p_max_t1} {p_max_t2} the next word's top logit, its probability at T = 0,5, 1, 2
//   {changement_precedentes}                      what /generer's refusal quotes without the causal mask
//
// {{ and }} write a brace. Names are accent- and case-insensitive ({norme_entrée} works).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/language.h"
#include "model/settings.h"
#include "model/trace.h"

namespace tb {

struct PlaceholderUse {
    std::string name;  // folded: "cos_bloc2"
    std::string written;  // as the author wrote it, braces included: "{cos_bloc2}"
};

struct PlaceholderProblem {
    std::string fr, en;  // without the "ligne N : " the lesson adds
};

// Every {…} of `text`, in order; a problem when one is malformed ({ without }, a lone }, {} or
// a brace inside a name) or unknown.
std::optional<PlaceholderProblem> scan_placeholders(std::string_view text, std::vector<PlaceholderUse>& uses);

// Why `use` cannot be filled in a state with these settings ({cos_bloc4} needs L ≥ 4); none when it can.
std::optional<PlaceholderProblem> placeholder_unavailable(const PlaceholderUse& use, const Settings& settings);

// `text` with every known placeholder replaced by its live figure in `language` ("—" for a block
// above L), {{ and }} by a brace; anything else is left as written.
std::string fill_lesson_text(const std::string& text, const Trace& trace, Language language);

// The names, as docs/lessons.md lists them ("cos_bloc1" .. "cos_bloc6" included).
std::vector<std::string> placeholder_names();

}  // namespace tb
