// The parameter breakdown: each term with its formula, numbers and share, GPT-2 small beside.
#include <imgui.h>

#include <cstdio>
#include <string>

#include "parameters.h"
#include "text/text.h"
#include "ui/panels.h"

namespace tb {
namespace {

void breakdown_table(const char* id, const Architecture& a, Language language) {
    const std::int64_t total = count_parameters(a).total;
    const Strings& t = text_in(language);
    if (!ImGui::BeginTable(id, 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
    ImGui::TableSetupColumn(t.breakdown_term);
    ImGui::TableSetupColumn(t.breakdown_formula);
    ImGui::TableSetupColumn(t.breakdown_value);
    ImGui::TableSetupColumn(t.breakdown_share);
    ImGui::TableHeadersRow();
    for (const auto& term : parameter_terms(a)) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(term.label(language).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(term.formula_in(language).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(format_count(term.value, language).c_str());
        ImGui::TableNextColumn();
        if (term.summed && total > 0) {
            char share[32];
            std::snprintf(share, sizeof share, "%.1f %%", 100.0 * static_cast<double>(term.value) / static_cast<double>(total));
            ImGui::TextUnformatted(localize_decimals(language, share).c_str());
        } else {
            ImGui::TextDisabled("—");
        }
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("total");
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImVec4(1.f, 0.86f, 0.35f, 1), "%s", format_count(total, language).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("100 %");
    ImGui::EndTable();
}

}  // namespace

void draw_parameters(bool& open, const Trace& trace, float width, float height, Language language) {
    const Strings& t = text_in(language);
    if (width < 50 || height < 50) return;
    ImGui::SetNextWindowPos(ImVec2(width * 0.5f, height * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(width * 0.95f, height * 0.9f));
    if (!ImGui::Begin(t.breakdown_title, &open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1), "%s (L = %d, d = %d, w = %d, V = %d)", t.breakdown_toy,
                       trace.settings.layers, trace.settings.dimension, trace.settings.ffn, trace.vocabulary_size);
    breakdown_table("##jouet", toy_architecture(trace.settings, trace.vocabulary_size), language);
    ImGui::Spacing();
    if (const auto gpt2 = preset("gpt2-small")) {
        ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1), "%s (L = 12, d = 768, w = 3072, V = 50 257)", t.breakdown_gpt2);
        breakdown_table("##gpt2", *gpt2, language);
    }
    if (ImGui::Button(t.breakdown_close)) open = false;
    ImGui::End();
}

}  // namespace tb
