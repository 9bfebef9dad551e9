// The generation panel (/panneau generation; inspector/generation.h): the word being chosen, its
// logits and probabilities on two rows (the temperature moves the second only), and the counters.
#include <imgui.h>

#include <string>

#include "base/numbers.h"
#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

void columns_table(const GenerationPanelData& d, double temperature, Language language) {
    const int n = static_cast<int>(d.columns.size());
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
    const float row_h = ImGui::GetTextLineHeightWithSpacing() + 6;
    if (n == 0 || !ImGui::BeginTable("##generation", n + 1, flags, ImVec2(0, row_h * 3 + ImGui::GetStyle().ScrollbarSize + 4))) return;
    ImGui::TableSetupColumn("");
    for (const GenerationColumn& c : d.columns) ImGui::TableSetupColumn((c.chosen ? "▶ " + c.word : c.word).c_str());
    ImGui::TableHeadersRow();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tr(language, "logit z", "logit z"));
    for (const GenerationColumn& c : d.columns) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(format_significant(c.logit, 3, language).c_str());
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted((temperature > 0 ? "softmax(z / " + format_shortest(temperature, 3, language) + ")" : std::string("softmax(z)")).c_str());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (const GenerationColumn& c : d.columns) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(format_percent(c.probability, language).c_str());
        const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
        const float w = std::max(2.f, (max.x - min.x) * static_cast<float>(c.probability));
        dl->AddRectFilled(ImVec2(min.x, max.y), ImVec2(min.x + w, max.y + 4), to_u32(palette::kOutput));
        if (c.chosen) dl->AddRect(ImVec2(min.x - 2, min.y - 1), ImVec2(max.x + 2, max.y + 5), IM_COL32(255, 255, 255, 230), 3.f);
    }
    ImGui::EndTable();
}

}  // namespace

void draw_generation_panel(const Rect& rect, const Generation* g, int word, const std::vector<std::string>& words,
                           const CommandSink& send, Language language) {
    if (!begin_panel("##panneau_generation", rect)) return;
    draw_output_family_row(Panel::Generation, send, language);
    ImGui::PushTextWrapPos(0);
    if (!g) {
        ImGui::TextUnformatted(tr(language, "Aucune génération affichée : tapez /masque causal, entraînez (/entrainer 1000), puis /generer 3.",
                                  "No generation shown: type /masque causal, train (/entrainer 1000), then /generer 3."));
        ImGui::PopTextWrapPos();
        ImGui::End();
        return;
    }
    const GenerationPanelData d = generation_panel_data(*g, word, words, 4, language);
    text_whole(d.title);  // « 0,8 » never split at its comma
    text_whole(d.question);
    ImGui::PopTextWrapPos();
    columns_table(d, g->temperature, language);
    ImGui::PushTextWrapPos(0);
    const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    text_whole(d.temperature_note, muted);
    for (const std::string* line : {&d.toy_cache, &d.preset_cache, &d.multiply_adds, &d.times}) text_whole(*line);
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
