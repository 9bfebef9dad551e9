// The FFN panel (seed 004): the w hidden activations of the chosen token in the chosen block as a
// strip (active > 0 in pink, inactive in grey), and the neuron under the mouse read as seed 004
// reads it: W↑'s row = its "question", W↓'s column = the "direction" it adds. Beside it the
// hand-built « Thomas Pesquet » neuron: dot products, bias −1, ReLU as an AND, « astronaute » added.
// Under the strip, the learned counterpart: the neurons of this block that push the word the output
// predicts for this token most, activation × (W↓ column · E[word]) (core's neuron_pushes), as
// buttons that select the neuron read below.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "model/predictions.h"
#include "model/settings_table.h"
#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

// d signed bars in a row (blue < 0, yellow > 0), each value on hover.
void signed_bars(const char* id, const Vector& v, const std::vector<std::string>* names, float width, float height,
                 Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(std::max(1.f, width), std::max(1.f, height)));
    const int d = static_cast<int>(v.size());
    if (d == 0) return;
    const double top = std::max(1e-9, v.cwiseAbs().maxCoeff());
    const float cell = width / static_cast<float>(d), mid = p.y + height * 0.5f;
    dl->AddLine(ImVec2(p.x, mid), ImVec2(p.x + width, mid), IM_COL32(110, 116, 140, 255));
    for (int j = 0; j < d; ++j) {
        const float h = static_cast<float>(v(j) / top) * height * 0.48f;
        const float x0 = p.x + cell * static_cast<float>(j) + 1, x1 = x0 + cell - 2;
        dl->AddRectFilled(ImVec2(x0, std::min(mid, mid - h)), ImVec2(x1, std::max(mid, mid - h)),
                          v(j) >= 0 ? to_u32(palette::kResidual) : to_u32(palette::kAttention));
    }
    if (ImGui::IsItemHovered()) {
        const int j = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - p.x) / cell), 0, d - 1);
        const std::string value = format_fixed(v(j), 3, language);
        if (names) ImGui::SetTooltip(tr(language, "%s : %s", "%s: %s"), (*names)[static_cast<std::size_t>(j)].c_str(), value.c_str());
        else ImGui::SetTooltip(tr(language, "composante %d : %s", "feature %d: %s"), j + 1, value.c_str());
    }
}

// The block and the word whose FFN the strip shows: radio buttons that send /panneau bloc and mot.
void block_and_word_rows(const Trace& trace, int block, int token, const CommandSink& send, Language language) {
    ImGui::TextUnformatted(tr(language, "bloc", "block"));
    for (int b = 1; b <= trace.settings.layers; ++b) {
        ImGui::SameLine();
        if (ImGui::RadioButton((std::to_string(b) + "##nb").c_str(), block == b) && block != b) send("/panneau bloc " + std::to_string(b));
    }
    ImGui::TextUnformatted(tr(language, "mot", "word"));
    for (int i = 0; i < trace.token_count(); ++i) {
        ImGui::SameLine();
        const std::string label = trace.tokens[static_cast<std::size_t>(i)].word + "##nt" + std::to_string(i);
        if (ImGui::RadioButton(label.c_str(), token == i) && token != i) send("/panneau mot " + std::to_string(i + 1));
    }
}

void active_count_line(const Level& level, int token, const std::string& activation, Language language) {
    const int w = static_cast<int>(level.hidden.cols());
    int active = 0;
    for (int k = 0; k < w; ++k) active += level.hidden(token, k) > 0;
    ImGui::Text(tr(language, "%d neurones sur w = %d actifs (> 0) après %s", "%d of w = %d neurons active (> 0) after %s"), active, w,
                activation.c_str());
    help_marker(
        tr(language,
           "Chaque case est un neurone caché du FFN pour ce mot : rose = actif (> 0), gris = inactif. "
           "Survolez un neurone pour le lire, cliquez-le pour le choisir : sa question (ligne de W↑) et sa direction (colonne de W↓).",
           "Each cell is one hidden FFN neuron for this word: pink = active (> 0), grey = inactive. "
           "Hover a neuron to read it, click it to choose it: its question (row of W↑) and its direction (column of W↓)."));
    ImGui::Dummy(ImVec2(1, 1));
}

// The w activations as a strip, the chosen neuron framed. Returns the neuron to read: the one under
// the mouse (read, not chosen), else the chosen one; a click sends /panneau neurone.
int neuron_strip(const StripLayout& strip, const Level& level, int token, int chosen, const CommandSink& send) {
    const int w = static_cast<int>(level.hidden.cols());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    double top = 1e-9;
    for (int k = 0; k < w; ++k) top = std::max(top, level.hidden(token, k));
    for (int k = 0; k < w; ++k) {
        const Rect c = strip.cell_rect(k);
        const double h = level.hidden(token, k);
        ImU32 colour = IM_COL32(58, 62, 78, 255);  // inactive
        if (h > 0) {
            const float t = 0.35f + 0.65f * static_cast<float>(h / top);
            colour = IM_COL32(static_cast<int>(palette::kFfn.r * t), static_cast<int>(palette::kFfn.g * t),
                              static_cast<int>(palette::kFfn.b * t), 255);
        }
        dl->AddRectFilled(ImVec2(c.x + 1, c.y + 1), ImVec2(c.right() - 1, c.bottom() - 1), colour);
        if (k == chosen) dl->AddRect(ImVec2(c.x, c.y), ImVec2(c.right(), c.bottom()), to_u32(palette::kResidual), 0, 0, 2.f);
    }
    ImGui::SetCursorScreenPos(ImVec2(strip.area.x, strip.area.y));
    ImGui::InvisibleButton("##bande", ImVec2(std::max(1.f, strip.area.w), std::max(1.f, strip.area.h)));
    if (!ImGui::IsItemHovered() || strip.cell_w <= 0) return chosen;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int col = std::clamp(static_cast<int>((m.x - strip.area.x) / strip.cell_w), 0, strip.per_row - 1);
    const int row = std::max(0, static_cast<int>((m.y - strip.area.y) / std::max(1.f, strip.cell_h)));
    const int hovered = std::clamp(row * strip.per_row + col, 0, w - 1);
    if (ImGui::IsItemClicked() && hovered != chosen) send("/panneau neurone " + std::to_string(hovered + 1));
    return hovered;
}

// Who pushes the predicted word: the three largest pushes of this block on it (positive ones only),
// as buttons that send /panneau neurone.
void pushes_row(const Trace& trace, const Vocabulary& vocabulary, int block, int token, const CommandSink& send, Language language) {
    const Prediction predicted = top_predictions(trace, vocabulary, 1)[static_cast<std::size_t>(token)].front();
    const std::vector<NeuronPush> pushes = neuron_pushes(trace, block, token, predicted.id);
    ImGui::TextWrapped(tr(language, "prédit : « %s » (%s), poussé par", "predicted: “%s” (%s), pushed by"),
                predicted.word.c_str(), format_percent(predicted.probability, language).c_str());
    help_marker(tr(language,
                   "Poussée d'un neurone = son activation × (sa colonne de W↓ · l'embedding du mot prédit) : ce qu'il ajoute "
                   "directement au score de ce mot par la tête de sortie liée (sans les blocs suivants ni la norme finale). "
                   "Les trois plus fortes de ce bloc ; cliquez pour lire le neurone.",
                   "A neuron's push = its activation × (its column of W↓ · the predicted word's embedding): what it adds "
                   "directly to that word's score through the tied output head (without the later blocks or the final norm). "
                   "The three strongest of this block; click to read the neuron."));
    int shown = 0;
    for (const NeuronPush& p : pushes) {
        if (shown == 3 || !(p.push > 0)) break;
        if (shown > 0) ImGui::SameLine();  // the first on its own line: three fit a narrow column
        const std::string label = "n" + std::to_string(p.neuron + 1) + " +" + format_fixed(p.push, 2, language) + "##pousse" + std::to_string(shown);
        if (ImGui::SmallButton(label.c_str())) send("/panneau neurone " + std::to_string(p.neuron + 1));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(tr(language, "neurone %d : activation %s × alignement %s = %s", "neuron %d: activation %s × alignment %s = %s"),
                              p.neuron + 1, format_fixed(p.activation, 3, language).c_str(), format_fixed(p.alignment, 3, language).c_str(),
                              format_fixed(p.push, 3, language).c_str());
        ++shown;
    }
    if (shown == 0) ImGui::TextDisabled("%s", tr(language, "aucun (aucune poussée positive)", "none (no positive push)"));
}

// The neuron read: its question, its bias, what it gives for this word, the direction it adds.
void neuron_reading(const Trace& trace, const Level& level, int block, int token, int neuron, const std::string& activation,
                    Language language) {
    const NeuronReading r = read_neuron(trace, block, token, neuron);
    const Matrix& in = trace.settings.norm == Norm::Pre ? level.normalized_input : trace.input_of(level);
    const double dot = r.question.dot(in.row(token).transpose());
    const float frame = ImGui::GetFrameHeight();
    ImGui::Dummy(ImVec2(1, frame * 0.2f));
    ImGui::Text(tr(language, "neurone %d : question · x = %s, + biais %s = %s", "neuron %d: question · x = %s, + bias %s = %s"),
                neuron + 1, format_fixed(dot, 2, language).c_str(), format_fixed(r.bias, 2, language).c_str(),
                format_fixed(dot + r.bias, 2, language).c_str());
    ImGui::Text("   → %s = %s (%s)", activation.c_str(),
                format_fixed(r.activation, 3, language).c_str(),
                r.activation > 0 ? tr(language, "actif", "active") : tr(language, "inactif", "inactive"));
    ImGui::PushTextWrapPos(0);
    const float width = ImGui::GetContentRegionAvail().x, bars = frame * 1.5f;
    ImGui::TextDisabled("%s", tr(language, "question = ligne de W↑ (ce que le neurone « demande » au vecteur)",
                                 "question = row of W↑ (what the neuron “asks” the vector)"));
    signed_bars("##question", r.question, nullptr, width, bars, language);
    ImGui::TextDisabled("%s", tr(language, "direction = colonne de W↓ (ajoutée au flux, pondérée par l'activation)",
                                 "direction = column of W↓ (added to the stream, weighted by the activation)"));
    signed_bars("##direction", r.direction, nullptr, width, bars, language);
    ImGui::PopTextWrapPos();
}

// The model's FFN: the choices clamped to the model as it is now (it may have fewer blocks, words
// or neurons than when they were chosen), then each part above.
void model_neurons(const Rect& rect, const Trace& trace, const Vocabulary& vocabulary, const InspectorState& state, const CommandSink& send,
                   Language language) {
    const int block = std::clamp(state.block, 1, trace.settings.layers), token = std::clamp(state.token, 0, trace.token_count() - 1);
    block_and_word_rows(trace, block, token, send, language);
    const Level& level = trace.levels[static_cast<std::size_t>(2 * block)];
    const int w = static_cast<int>(level.hidden.cols());
    const std::string activation = card_word(*find_setting("activation"), trace.settings);  // "ReLU", "SwiGLU"
    active_count_line(level, token, activation, language);
    const float frame = ImGui::GetFrameHeight();
    const StripLayout strip = neuron_strip_layout(rect, w, frame * inspector_metrics::kStripHeader, ImGui::GetTextLineHeight());
    const int neuron = neuron_strip(strip, level, token, std::clamp(state.neuron, 0, w - 1), send);
    ImGui::SetCursorScreenPos(ImVec2(strip.area.x, strip.area.bottom() + frame * 0.15f));
    pushes_row(trace, vocabulary, block, token, send, language);
    neuron_reading(trace, level, block, token, neuron, activation, language);
}

// A signed figure for people: "+1,00", "−0,50" (a true minus), "0,00".
std::string signed_fixed(double v, int decimals, Language language) {
    const std::string s = format_fixed(v, decimals, language);
    return v > 0 && s.find_first_of("123456789") != std::string::npos ? "+" + s : s;
}

std::string question_text(const FactNetwork& net, int neuron, Language language) {
    std::string out;
    for (int j = 0; j < static_cast<int>(net.axes.size()); ++j) {
        const double v = net.w_up(neuron, j);
        if (v == 0) continue;
        const std::string factor = v == 1 ? "" : format_fixed(v, 1, language) + "·";
        out += (out.empty() ? "" : " + ") + factor + net.axes[static_cast<std::size_t>(j)];
    }
    return out;
}

std::string added_text(const FactNetwork& net, const Vector& added, Language language) {
    std::string out;
    for (int j = 0; j < added.size(); ++j) {
        if (std::abs(added(j)) < 1e-12) continue;
        out += (out.empty() ? "" : ", ") + signed_fixed(added(j), 2, language) + " " + net.axes[static_cast<std::size_t>(j)];
    }
    return out.empty() ? tr(language, "rien", "nothing") : out;
}

void fact_network(const InspectorState& state, const CommandSink& send, Language language) {
    const FactNetwork net = thomas_pesquet_network();
    ImGui::TextUnformatted(tr(language, "le vecteur encode :", "the vector encodes:"));
    std::vector<std::string> chosen;
    for (int c = 0; c < 4; ++c) {
        if (c) ImGui::SameLine();
        bool ticked = state.concepts[c];
        if (ImGui::Checkbox(kConceptNames[c], &ticked)) {  // sends the whole set with this one toggled
            bool next[4];
            std::copy(state.concepts, state.concepts + 4, next);
            next[c] = ticked;
            send(concepts_line(next));
        }
        if (state.concepts[c]) chosen.emplace_back(kConceptNames[c]);
    }
    const FactPass pass = run_fact_network(net, concept_vector(net, chosen));
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("##faits", 4, flags)) {
        for (const char* h : {tr(language, "question (ligne de W↑)", "question (row of W↑)"), "q · x", tr(language, "+ biais", "+ bias"), "ReLU"})
            ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (int k = 0; k < static_cast<int>(net.neurons.size()); ++k) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%s", question_text(net, k, language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(format_fixed(pass.questions(k), 1, language).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%s → %s", signed_fixed(net.b_up(k), 0, language).c_str(), format_fixed(pass.pre_activation(k), 1, language).c_str());
            ImGui::TableNextColumn();
            if (pass.neurons(k) > 0)
                ImGui::TextColored(ImVec4(0.87f, 0.41f, 0.66f, 1), "%s", format_fixed(pass.neurons(k), 1, language).c_str());
            else ImGui::TextDisabled("0");
        }
        ImGui::EndTable();
    }
    ImGui::PushTextWrapPos(0);
    ImGui::Text(tr(language, "ajouté au flux (W↓ · neurones) : %s", "added to the stream (W↓ · neurons): %s"), added_text(net, pass.added, language).c_str());
    ImGui::PopTextWrapPos();

    // The truth table of the first neuron: ReLU(q·x − 1) is an AND of the two names.
    ImGui::TextDisabled("%s", tr(language, "table de vérité du neurone « Thomas ET Pesquet » :", "truth table of the “Thomas AND Pesquet” neuron:"));
    if (ImGui::BeginTable("##verite", 4, flags)) {
        for (const char* h : {tr(language, "entrée", "input"), "q · x", "ReLU(q · x − 1)", "astronaute"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        const std::vector<std::vector<std::string>> cases = {{}, {"Thomas"}, {"Pesquet"}, {"Thomas", "Pesquet"}};
        for (const auto& c : cases) {
            const FactPass p = run_fact_network(net, concept_vector(net, c));
            std::string label;
            for (const auto& w : c) label += (label.empty() ? "" : " + ") + w;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(label.empty() ? tr(language, "(rien)", "(nothing)") : label.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(format_fixed(p.questions(0), 0, language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(format_fixed(p.neurons(0), 0, language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(signed_fixed(p.added(2), 1, language).c_str());
        }
        ImGui::EndTable();
    }
}

}  // namespace

void draw_neurons_panel(const Rect& rect, const Trace& trace, const Vocabulary& vocabulary, const InspectorState& state,
                        const CommandSink& send, Language language) {
    if (!begin_panel("##panneau_neurones", rect)) return;
    if (ImGui::RadioButton(tr(language, "ce modèle", "this model"), !state.fact_demo) && state.fact_demo) send("/panneau pesquet off");
    ImGui::SameLine();
    if (ImGui::RadioButton(tr(language, "le neurone « Thomas Pesquet »", "the “Thomas Pesquet” neuron"), state.fact_demo) && !state.fact_demo)
        send("/panneau pesquet on");
    if (state.fact_demo) fact_network(state, send, language);
    else model_neurons(rect, trace, vocabulary, state, send, language);
    ImGui::End();
}

}  // namespace tb
