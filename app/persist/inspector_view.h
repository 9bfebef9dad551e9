#pragma once
// The inspector's choices in a saved session (the "inspector" key of the view): what /panneau's
// verbs set (inspector/choices.h), in plain types, so that persist/ needs nothing of inspector/.
// Written only when something differs from the start-up choices: older files stay as they were.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tb {

struct InspectorView {
    int block = 1;            // /panneau bloc: 1-based, 1..Settings::kMaxLayers
    int token = 0;            // /panneau mot: 0-based here, as the state holds it
    int neuron = 0;           // /panneau neurone: 0-based
    bool fact_demo = false;   // /panneau pesquet on|off
    bool norm_token = false;  // /panneau entree mot|vecteur
    std::vector<double> vector{2, 4, 4, 4, 5, 5, 7, 9};  // /panneau vecteur
    std::vector<std::string> concepts{"thomas", "pesquet"};  // /panneau concepts, unaccented lower case
    std::string scale_model = "gpt2-small";  // /panneau modele: "ce-modele" or a preset's name
    std::string memory_preset = "gpt2-small";  // /panneau cache
    std::int64_t memory_context = 1024, memory_batch = 1;  // /panneau contexte, /panneau lot
};

nlohmann::json inspector_view_to_json(const InspectorView& v);
// Every key known, every type right, every value in its absolute range (the model's own limits
// are applied where the panels draw); `out` untouched on failure.
std::optional<std::string> inspector_view_from_json(const nlohmann::json& j, InspectorView& out);
bool is_start_up(const InspectorView& v);
// The /panneau lines that take the start-up choices to `v` (for /lien), in an order that holds:
// the vector before « entree », the preset before its context. The model must have the block,
// the word and the neuron (the caller clamps them to it).
std::vector<std::string> inspector_lines(const InspectorView& v);

}  // namespace tb
