// Layer norm by hand (seed 000 C, seed 002): a typed vector (default 2 4 4 4 5 5 7 9) or the
// chosen token's vector at the level the playhead is in, with μ, each squared deviation, σ², σ and
// x̂ step by step (layer_norm_steps), and RMSNorm of the same vector beside it (rms_norm).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "base/numbers.h"
#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

// Numbers for people (core/base/numbers.h): as %g, with the language's decimal mark.
std::string g(double v, int digits, Language language) { return format_shortest(std::abs(v) < 5e-13 ? 0.0 : v, digits, language); }

void row(const char* label, const Vector& v, int digits, Language language) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(label);
    for (int i = 0; i < v.size(); ++i) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(g(v(i), digits, language).c_str());
    }
}

}  // namespace

void draw_layer_norm_panel(const Rect& rect, const Trace& trace, const InspectorState& state, int level, const CommandSink& send,
                           Language language) {
    if (!begin_panel("##panneau_norme", rect)) return;
    if (ImGui::RadioButton(tr(language, "vecteur tapé", "typed vector"), !state.norm_token) && state.norm_token) send("/panneau entree vecteur");
    ImGui::SameLine();
    if (ImGui::RadioButton(tr(language, "un mot du modèle", "a word of the model"), state.norm_token) && !state.norm_token)
        send("/panneau entree mot");

    Vector x;
    double eps = 0;  // the seed's hand calculation has no ε; the model's LayerNorm has 1e-5
    const int digits = 3;  // significant digits: 9, -0.5, 1.5 as the seed writes them
    int token = 0;
    if (!state.norm_token) {
        // The field edits its own text; Enter sends it, and /panneau vecteur checks it and keeps it.
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
        if (ImGui::InputText("##vecteur", state.vector_text, sizeof state.vector_text, ImGuiInputTextFlags_EnterReturnsTrue))
            send(std::string("/panneau vecteur ") + state.vector_text);
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(language, "Entrée pour calculer", "Enter to compute"));
        const std::string& error = language == Language::English ? state.vector_error.error_en : state.vector_error.error;
        if (!error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", error.c_str());
        x = state.vector;
    } else {
        const int n = trace.token_count();
        token = std::clamp(state.token, 0, n - 1);
        for (int i = 0; i < n; ++i) {
            if (i) ImGui::SameLine();
            if (ImGui::RadioButton((trace.tokens[static_cast<std::size_t>(i)].word + "##lt" + std::to_string(i)).c_str(), token == i) && token != i)
                send("/panneau mot " + std::to_string(i + 1));
        }
    const Level& l = trace.levels[static_cast<std::size_t>(std::clamp(level, 0, static_cast<int>(trace.levels.size()) - 1))];
        ImGui::TextDisabled(tr(language, "x = « %s » au niveau %s (là où sont les perles), ε = %s", "x = “%s” at level %s (where the beads are), ε = %s"),
                            trace.tokens[static_cast<std::size_t>(token)].word.c_str(),
                            level_label(language, l.index, trace.settings.layers).c_str(), g(trace.layer_norm_eps, 3, language).c_str());
        x = l.vectors.row(token).transpose();
        eps = trace.layer_norm_eps;
    }
    if (x.size() == 0) {
        ImGui::End();
        return;
    }
    const LayerNormSteps s = layer_norm_steps(x, eps);
    const double nd = static_cast<double>(x.size());
    const int d = static_cast<int>(x.size());
    ImGui::Text("μ = %s / %d = %s", g(x.sum(), 4, language).c_str(), d, g(s.mean, 4, language).c_str());
    ImGui::SameLine();
    ImGui::Text("   σ² = %s / %d = %s", g(s.squared_deviations.sum(), 4, language).c_str(), d, g(s.variance, 4, language).c_str());
    ImGui::Text(eps > 0 ? "σ = √(σ² + ε) = %s     LN(x) = (x − μ) / σ" : "σ = √σ² = %s     LN(x) = (x − μ) / σ",
                g(s.sigma, 4, language).c_str());
    const Vector rms = rms_norm(x, eps);
    const double rms_div = std::sqrt(x.squaredNorm() / nd + eps);

    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
    // Five rows, and room for the horizontal scrollbar d = 16 needs.
    const float table_h = (ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2 + 1) * 5 + ImGui::GetStyle().ScrollbarSize + 4;
    if (ImGui::BeginTable("##pas", static_cast<int>(x.size()) + 1, flags, ImVec2(0, table_h))) {
        ImGui::TableSetupScrollFreeze(1, 0);
        row("x", x, digits, language);
        row("x − μ", s.deviations, digits, language);
        row("(x − μ)²", s.squared_deviations, digits, language);
        row("LN(x)", s.normalized, digits, language);
        row("RMS(x)", rms, digits, language);
        ImGui::EndTable();
    }
    ImGui::Text(tr(language, "LN(x) : moyenne %s, variance %s, norme %s = √%d", "LN(x): mean %s, variance %s, norm %s = √%d"),
                g(std::abs(s.normalized.mean()) < 1e-12 ? 0.0 : s.normalized.mean(), 2, language).c_str(),
                g(s.normalized.array().square().mean(), 3, language).c_str(), g(s.normalized.norm(), 3, language).c_str(), d);
    ImGui::PushTextWrapPos(0);
    ImGui::Text(tr(language, "RMSNorm : RMS(x) = x / √(moyenne des x²) = x / %s — sans retirer la moyenne",
                   "RMSNorm: RMS(x) = x / √(mean of x²) = x / %s — the mean is not removed"), g(rms_div, 4, language).c_str());
    ImGui::TextDisabled("%s", tr(language, "Sur les caractéristiques, pas sur le lot : chaque mot est normalisé seul, sur ses d composantes, "
                                 "sans regarder les autres phrases du lot (de longueurs et de contenus différents).",
                                 "Over the features, not the batch: each word is normalized alone, over its d features, "
                                 "whatever the other sentences of the batch (of different lengths and contents)."));
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
