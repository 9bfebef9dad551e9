#pragma once
// What a teacher takes away from a lesson: the norm profile as CSV, the parameter breakdown as
// Markdown, the configuration card of seed 002 ("Fiche minimale de configuration reproductible").
// Pure functions of a Trace, so that they work headless; the picture (PNG) is the window's.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "base/files.h"  // write_file_atomically, which the exports go through
#include "commands/commands.h"
#include "model/trace.h"

namespace tb {

// The three CSVs never write "nan": a value that is not finite throws std::domain_error (the
// /exporter command refuses the model first, non_finite_model, and says so if one slips through).
// One row per level: index, name, one column per token's norm, the mean pairwise cosine.
// Comma-separated, '.' as decimal separator, a header row, RFC 4180 quoting.
// The same whatever the language (a file for programs).
std::string profile_csv(const Trace& trace, Language language = Language::French);

// The logit lens (predictions.h), one row per level and token: level index, level name, token
// position (0-based), its word, then the id, word and probability of the most probable word read
// there. Comma-separated like profile_csv.
std::string logit_lens_csv(const Trace& trace, const Vocabulary& vocabulary);

// /exporter neurones: for every block and token, the word the output predicts there (its top word)
// and every neuron's push on it (neuron_pushes), strongest first, as CSV: bloc, position, mot,
// predit_id, predit, rang, neurone (1-based), activation, alignement, poussee (17 significant
// digits); tests/reference/neuron_push.py recomputes it from the trace.
std::string neuron_push_csv(const Trace& trace, const Vocabulary& vocabulary);

// The breakdown of the current model as a Markdown table (term, formula, value, share), with
// GPT-2 small's formula, value and share beside each term; for people, in `language` (cli.md's
// number rule: U+202F groups and a decimal comma in French).
std::string parameters_markdown(const Trace& trace, Language language = Language::French);

// Seed 002's configuration card filled in for the session's model (Markdown, the card itself a
// YAML block with the seed's keys and values; its prose and comments in `language`). Every value
// is read from the settings (through their table), the mathematics' constants and the session's
// training recipe: nothing on it is written for one configuration (card.cpp).
std::string configuration_card(const Session& session, Language language = Language::French);

// The picture export only the window can make: given the path, queues it (the pixels are read
// at the end of the next frame) and says so.
using ImageExporter = std::function<CommandResult(const std::string& path)>;

// The cross-section as SVG (cli.md, "The cross-section as SVG"): the window's picture at rest,
// made by app/ (scene/svg.h) from the window's layout, or headless from --size. Its text, written
// here like the text exports (whole or not at all).
using SvgMaker = std::function<std::string(const Session& session)>;

// A/B's side B when the comparison is open (the SVG draws it too; /exporter entrainement-b writes
// its training log), else null; in step with A when asked (commands/comparison.h's sync).
using SideB = std::function<const Session*()>;

// Why the model of `trace` cannot be exported: a value that is not finite (NaN or infinity) in a
// level (named: where it diverged) or a weight, as the trace refuses (cli.md: no NaN). Every export
// that writes the model's values (profil, lentille, neurones, svg) asks it first and writes nothing
// then; the parameter breakdown and the card read the settings alone, and the training log ends
// at its last finite step, so those three stay possible. Nothing when every value is finite.
std::optional<Text> non_finite_model(const Trace& trace);

// Registers /exporter <image|svg|trace|profil|lentille|neurones|parametres|fiche|entrainement|entrainement-b|generation|graines> FICHIER
// (trace: exactly what --trace writes, trace_json.h). Without `image` (headless), the
// image kind answers that it needs the window; without `svg`, the svg kind says it is not there.
void add_export_commands(CommandRegistry& registry, ImageExporter image = nullptr, SvgMaker svg = nullptr,
                         SideB side_b = nullptr);

}  // namespace tb
