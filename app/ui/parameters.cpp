// The parameter breakdown: each term with its formula, numbers and share, GPT-2 small beside.
#include <imgui.h>

#include <string>

#include "model/parameters.h"
#include "text/text.h"
#include "ui/panels.h"

namespace tb {
namespace {

// "L = 12, d = 768, w = 3 072, V = 50 257" (U+202F groups in French).
std::string sizes(const Architecture& a, Language language) {
    return "L = " + format_count(a.layers, language) + ", d = " + format_count(a.dimension, language) + ", w = " +
           format_count(a.ffn, language) + ", V = " + format_count(a.vocabulary, language);
}

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
            ImGui::TextUnformatted(format_percent(static_cast<double>(term.value) / static_cast<double>(total), language).c_str());
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
    ImGui::TextUnformatted(format_percent(1.0, language).c_str());
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
    const Architecture toy = toy_architecture(trace.settings, trace.vocabulary_size);
    ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1), "%s (%s)", t.breakdown_toy, sizes(toy, language).c_str());
    breakdown_table("##jouet", toy, language);
    ImGui::Spacing();
    if (const auto gpt2 = preset("gpt2-small")) {
        ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1), "%s (%s)", t.breakdown_gpt2, sizes(*gpt2, language).c_str());
        breakdown_table("##gpt2", *gpt2, language);
    }
    if (ImGui::Button(t.breakdown_close)) open = false;
    ImGui::End();
}

}  // namespace tb
