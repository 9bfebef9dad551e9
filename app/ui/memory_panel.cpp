// Shapes and memory (seed 002 "Exemple de dimensions et de mémoire", cli.md `--memoire`): the
// attention's tensors for this model and for seed 002's example, one layer's scores in fp16, and
// the KV cache of a chosen preset at a chosen context and batch, with what GQA divides it by.
// Every figure comes from memory_panel_data (core/model/memory.h).
#include <imgui.h>

#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

std::string shape(const Shape& s, Language language) { return format_shape(s, language); }

// Q and K, V on one line, the scores and the output on the next: short enough for a narrow column.
// Every line broken at spaces only (text_whole): « 4,096 » never splits at its comma.
void shapes_lines(const AttentionShapes& s, bool same_kv, Language language) {
    if (same_kv)
        text_whole("  Q, K, V " + shape(s.q, language));
    else
        text_whole("  Q " + shape(s.q, language) + " · K, V " + shape(s.k, language));
    text_whole("  scores " + shape(s.scores, language) + " · " + tr(language, "sortie", "output") + " " + shape(s.output, language));
}

// The preset's KV cache: its formula with the figures, its size, and what GQA divides it by.
void cache_lines(const MemoryPanelData& m, Language language) {
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const Architecture& a = *m.cache.architecture;
    text_whole(formatted("2·L·N·h_kv·d_h·B = 2 × %s × %s × %s × %s × %s", n(a.layers).c_str(), n(m.cache.context).c_str(),
                         n(a.kv()).c_str(), n(a.head_dimension()).c_str(), n(m.cache.batch).c_str()));
    text_whole(formatted(tr(language, "= %s éléments × 2 octets = %s", "= %s elements × 2 bytes = %s"),
                         n(m.cache.kv_cache_elements).c_str(), format_bytes(m.cache.kv_cache_fp16_bytes, language).c_str()));
    if (a.kv() != a.heads) {
        text_whole(formatted(tr(language, "GQA : h_kv = %s au lieu de h = %s divise le cache par h / h_kv = %s (MHA : %s)",
                                "GQA: h_kv = %s instead of h = %s divides the cache by h / h_kv = %s (MHA: %s)"),
                             n(a.kv()).c_str(), n(a.heads).c_str(), n(a.heads / a.kv()).c_str(),
                             format_bytes(m.cache.kv_cache_mha_fp16_bytes, language).c_str()),
                   to_u32(palette::kResidual));
    } else {
        text_whole(formatted(tr(language, "MHA : h_kv = h = %s, GQA diviserait par h / h_kv", "MHA: h_kv = h = %s, GQA would divide by h / h_kv"),
                             n(a.heads).c_str()),
                   ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
}

}  // namespace

void draw_memory_panel(const Rect& rect, const Trace& trace, const InspectorState& state, const CommandSink& send, Language language) {
    if (!begin_panel("##panneau_memoire", rect, ImGuiWindowFlags_NoScrollbar)) return;
    draw_scale_family_row(Panel::Memory, send, language);
    ImGui::PushTextWrapPos(0);
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const MemoryPanelData m = memory_panel_data(trace.settings, trace.token_count(), state.memory);

    // This model, from the live settings: batch 1, the sentence's n tokens.
    text_whole(formatted(tr(language, "Ce modèle : lot 1, n %s, d %s, h %s, h_kv %s, d_h = d / h = %s",
                            "This model: batch 1, n %s, d %s, h %s, h_kv %s, d_h = d / h = %s"),
                         n(m.tokens).c_str(), n(m.dimension).c_str(), n(m.heads).c_str(), n(m.kv_heads).c_str(),
                         n(m.head_dimension).c_str()));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "Q = X·Wq coupé en h têtes de largeur d_h : [lot, h, n, d_h] ; K et V n'ont que h_kv têtes (GQA) ; "
                   "les scores Q·Kᵀ/√d_h font [lot, h, n, n] ; la sortie recollée [lot, n, d].",
                   "Q = X·Wq split into h heads of width d_h: [batch, h, n, d_h]; K and V have only h_kv heads (GQA); "
                   "the scores Q·Kᵀ/√d_h are [batch, h, n, n]; the output put back together [batch, n, d]."));
    shapes_lines(m.toy, m.kv_heads == m.heads, language);

    // Seed 002's example.
    text_whole(formatted(tr(language, "Fiche 002 du cours : lot 2, n 128, d 512, h 8 → d_h = 512 / 8 = %s",
                            "Course note 002: batch 2, n 128, d 512, h 8 → d_h = 512 / 8 = %s"),
                         n(m.example.q[3]).c_str()));
    shapes_lines(m.example, true, language);

    // One layer's scores at 4 096 tokens.
    text_whole(formatted(tr(language, "Scores d'une couche, h 8, n 4\u202F096 : %s × %s² = %s éléments × 2 octets (fp16) = %s",
                            "One layer's scores, h 8, n 4,096: %s × %s² = %s elements × 2 bytes (fp16) = %s"),
                         n(m.scores.heads).c_str(), n(m.scores.context).c_str(), n(m.scores.scores_elements).c_str(),
                         format_bytes(m.scores.scores_fp16_bytes, language).c_str()));

    // The KV cache of a preset.
    ImGui::TextUnformatted(tr(language, "Cache KV de", "KV cache of"));
    ImGui::SameLine();
    const Architecture& a = *m.cache.architecture;
    ImGui::SetNextItemWidth(ImGui::GetFrameHeight() * 6.5f);
    if (ImGui::BeginCombo("##memoire_preset", a.name.c_str())) {
        for (const std::string& name : scale_preset_names()) {
            const auto p = preset(name);
            if (p && ImGui::Selectable(p->name.c_str(), name == state.memory.preset)) send("/panneau cache " + name);
        }
        ImGui::EndCombo();
    }
    // Enter sends /panneau contexte|lot: the command checks the value and keeps it, or says why not.
    const auto count_input = [&](const char* id, const char* label, std::int64_t current, std::int64_t max, const char* verb) {
        ImGui::SameLine();
        if (*label) {
            ImGui::TextUnformatted(label);
            ImGui::SameLine();
        }
        int value = static_cast<int>(current);
        ImGui::SetNextItemWidth(ImGui::GetFrameHeight() * 3.2f);
        if (ImGui::InputInt(id, &value, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue))
            send(std::string("/panneau ") + verb + " " + std::to_string(value));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(tr(language, "Un entier de 1 à %s, puis Entrée", "A whole number from 1 to %s, then Enter"), n(max).c_str());
    };
    ImGui::TextUnformatted(tr(language, "contexte N", "context N"));
    count_input("##memoire_contexte", "", state.memory.context, kMaxMemoryContext, "contexte");
    count_input("##memoire_lot", tr(language, "lot", "batch"), state.memory.batch, kMaxMemoryBatch, "lot");
    if (!state.memory_error.error.empty())
        text_whole(language == Language::English ? state.memory_error.error_en : state.memory_error.error, IM_COL32(255, 115, 102, 255));
    cache_lines(m, language);
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
