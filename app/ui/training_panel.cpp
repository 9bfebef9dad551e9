// The loss curve (/panneau entrainement): the batch loss of every step (thin, blue), the loss on the
// corpus's held-out sentences every few steps (orange dots), the loss of a uniform guess, ln V,
// as a dashed line labelled « hasard », and that of the words' frequencies alone (dotted, yellow).
// It grows while the worker trains (app/training), read from its latest snapshot; the window never
// waits for it. In the window, a row of controls above it:
// /entrainer 300 or stop, /lot and /taux, each with its formula in the tooltip.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "numbers.h"
#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

std::string decimal(double v) {  // for the command line: a point, whatever the language
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
}

void controls(const TrainingSnapshot& snap, const Settings& s, const CommandSink& send, Language language) {
    if (snap.running) {
        if (ImGui::Button(tr(language, "■ stop", "■ stop"))) send("/entrainer stop");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(language, "/entrainer stop : s'arrête à la fin du pas en cours ; les billes repartent sur les poids entraînés.",
                                                                 "/entrainer stop: stops at the end of the current step; the beads replay on the trained weights."));
    } else {
        if (ImGui::Button(tr(language, "▶ entraîner 300 pas", "▶ train 300 steps"))) send("/entrainer 300");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", tr(language,
                                       "/entrainer 300 : 300 pas d'Adam. À chaque pas, un lot de phrases, la perte\n"
                                       "L = −(1/N) Σ ln softmax(E·h_p)[mot attendu], son gradient, puis pour chaque poids\n"
                                       "m ← β₁m + (1−β₁)g,  v ← β₂v + (1−β₂)g²,  w ← w − taux · m̂ / (√v̂ + ε).",
                                       "/entrainer 300: 300 Adam steps. Each step: a batch of sentences, the loss\n"
                                       "L = −(1/N) Σ ln softmax(E·h_p)[expected word], its gradient, then for every weight\n"
                                       "m ← β₁m + (1−β₁)g,  v ← β₂v + (1−β₂)g²,  w ← w − rate · m̂ / (√v̂ + ε)."));
    }
    // /lot and /taux beside it, or on the next line when the panel is narrow (1024×768, large text).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float group = ImGui::CalcTextSize("lot − 16 +   taux ÷3 0,003 ×3").x + style.FramePadding.x * 8 + style.ItemSpacing.x * 8;
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() + group > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
    ImGui::TextUnformatted(tr(language, "lot", "batch"));
    ImGui::SameLine();
    const std::string lot = std::to_string(s.batch_size);
    if (ImGui::SmallButton("−##lot") && s.batch_size > 1) send("/lot " + std::to_string(std::max(1, s.batch_size / 2)));
    ImGui::SameLine();
    ImGui::TextUnformatted(lot.c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "/lot : les phrases tirées à chaque pas ; la perte est la moyenne sur elles (N cibles).",
                                   "/lot: the sentences drawn at each step; the loss is the mean over them (N targets)."));
    ImGui::SameLine();
    if (ImGui::SmallButton("+##lot") && s.batch_size < 64) send("/lot " + std::to_string(std::min(64, s.batch_size * 2)));
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(language, "  taux", "  rate"));
    ImGui::SameLine();
    if (ImGui::SmallButton("÷3##taux") && s.learning_rate / 3 >= 0.00001) send("/taux " + decimal(s.learning_rate / 3));
    ImGui::SameLine();
    const std::string rate = format_fixed(s.learning_rate, s.learning_rate < 0.001 ? 5 : 3, language);
    ImGui::TextUnformatted(rate.c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "/taux : le pas d'Adam, w ← w − taux · m̂ / (√v̂ + ε) ; trop grand, la courbe oscille ou explose.",
                                   "/taux: Adam's step, w ← w − rate · m̂ / (√v̂ + ε); too large, the curve oscillates or blows up."));
    ImGui::SameLine();
    if (ImGui::SmallButton("×3##taux") && s.learning_rate * 3 <= 1) send("/taux " + decimal(s.learning_rate * 3));
}

}  // namespace

void draw_training_panel(const Rect& rect, const TrainingSnapshot& snap, const Settings& s, const CommandSink* send, Language language) {
    if (!begin_panel("##panneau_entrainement", rect, ImGuiWindowFlags_NoScrollbar)) return;
    if (send) draw_output_family_row(Panel::Training, *send, language);
    const int steps = static_cast<int>(snap.losses.size());
    // The title: where the run is, and its last figures.
    std::string title = tr(language, "Perte pendant l'entraînement", "Loss during training"), where;
    if (snap.running)
        where = tr(language, "pas ", "step ") + std::to_string(steps) + " / " + std::to_string(snap.target);
    else if (steps > 0)
        where = std::to_string(steps) + tr(language, " pas", " steps");
    const float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("(?)").x - ImGui::GetStyle().ItemSpacing.x * 2;
    if (!where.empty() && ImGui::CalcTextSize((title + " — " + where).c_str()).x > room)
        title = tr(language, "Perte", "Loss");  // narrow (1024×768, presenter mode): the step count matters more
    if (!where.empty()) title += " — " + where;
    ImGui::TextUnformatted(title.c_str());
    help_marker(tr(language,
                   "Bleu : la perte du lot de chaque pas (elle bouge : chaque pas tire d'autres phrases). Orange : la perte "
                   "sur les phrases mises de côté, jamais vues à l'entraînement, tous les 10 pas. Pointillés : le hasard, "
                   "ln V, la perte d'un modèle qui donne la même probabilité 1/V à chaque mot. Sous le hasard, le modèle a "
                   "appris quelque chose. Pointillés jaunes : les fréquences seules, la perte d'un modèle qui ne connaît que la "
                   "fréquence de chaque mot sans lire la phrase ; une courbe qui y reste n'utilise pas le contexte (bloquée). "
                   "Si l'orange remonte quand le bleu descend, il apprend par cœur.",
                   "Blue: each step's batch loss (it jitters: each step draws other sentences). Orange: the loss on the "
                   "held-out sentences, never trained on, every 10 steps. Dashed: chance, ln V, the loss of a model that "
                   "gives every word the same probability 1/V. Below chance, the model has learnt something. Yellow dots: "
                   "word frequencies alone, the loss of a model that knows only how often each word comes, without reading "
                   "the sentence; a curve that stays there does not use the context (stuck). If the orange rises while the "
                   "blue falls, it learns by heart."));
    if (send) controls(snap, s, *send, language);

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    const float left = origin.x + line * 2.2f, right = rect.right() - line * 0.8f;
    // The legend under the axis: one line, or two when the panel is narrow.
    std::string train = tr(language, "lot", "batch");
    if (steps > 0) train += " " + format_fixed(snap.losses.back(), 2, language);
    std::string kept = tr(language, "mises de côté", "held out");
    if (!snap.held_out.empty()) kept += " " + format_fixed(snap.held_out.back().second, 2, language);
    const float train_w = line * 1.3f + ImGui::CalcTextSize(train.c_str()).x + line, kept_w = line * 1.3f + ImGui::CalcTextSize(kept.c_str()).x;
    const bool compared = snap.b.has_value();  // A/B: a line of legend per side
    const bool legend_wraps = compared || line * 2.2f + train_w + kept_w > rect.w - line * 0.8f;
    const float top = origin.y + line * 0.4f, bottom = rect.bottom() - line * (legend_wraps ? 3.6f : 2.6f);
    if (right - left < 40 || bottom - top < 30) {
        ImGui::End();
        return;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 ink = IM_COL32(200, 205, 220, 255), faint = IM_COL32(90, 96, 116, 255);
    const ImU32 blue = to_u32(palette::kAttention), orange = IM_COL32(240, 150, 60, 255), chance_ink = IM_COL32(230, 230, 235, 255);
    double y_max = snap.chance * 1.2;
    for (double l : snap.losses)
        if (std::isfinite(l)) y_max = std::max(y_max, l * 1.05);
    for (const auto& h : snap.held_out) y_max = std::max(y_max, h.second * 1.05);
    int b_steps = 0;
    if (compared) {
        for (double l : snap.b->losses)
            if (std::isfinite(l)) y_max = std::max(y_max, l * 1.05);
        for (const auto& h : snap.b->held_out) y_max = std::max(y_max, h.second * 1.05);
        b_steps = static_cast<int>(snap.b->losses.size());
    }
    // The first losses (about 13 with V = 478) would squeeze the rest into the bottom third, where the
    // gap between two wirings is: the axis fits the later half of the run (and 1.5 × chance), and
    // the clipped start is named at the top.
    double y_fit = snap.chance * 1.5;
    auto fit_later_half = [&y_fit](const std::vector<double>& losses, const std::vector<std::pair<int, double>>& held_out) {
        const int n = static_cast<int>(losses.size());
        for (int i = n / 2; i < n; ++i)
            if (std::isfinite(losses[static_cast<std::size_t>(i)])) y_fit = std::max(y_fit, losses[static_cast<std::size_t>(i)] * 1.05);
        for (const auto& h : held_out)
            if (h.first >= n / 2) y_fit = std::max(y_fit, h.second * 1.05);
    };
    fit_later_half(snap.losses, snap.held_out);
    if (compared) fit_later_half(snap.b->losses, snap.b->held_out);
    const double highest = y_max / 1.05;
    const bool clipped = y_fit < 0.75 * y_max;  // only when it gains a quarter of the height
    y_max = std::ceil(clipped ? y_fit : y_max);
    const int x_max = std::max({steps, b_steps, snap.target, 10});
    auto px = [&](double step) { return left + static_cast<float>(step / x_max) * (right - left); };
    auto py = [&](double loss) { return bottom - static_cast<float>(std::clamp(loss / y_max, 0.0, 1.0)) * (bottom - top); };

    // Axes: whole losses on the left, the steps below.
    dl->AddLine(ImVec2(left, top), ImVec2(left, bottom), faint);
    dl->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), faint);
    const int y_step = y_max > 8 ? static_cast<int>(std::ceil(y_max / 5)) : 1;
    for (int v = 0; v <= y_max; v += y_step) {
        const std::string label = std::to_string(v);
        dl->AddText(ImVec2(left - ImGui::CalcTextSize(label.c_str()).x - line * 0.3f, py(v) - line * 0.5f), ink, label.c_str());
        if (v > 0) dl->AddLine(ImVec2(left, py(v)), ImVec2(right, py(v)), IM_COL32(50, 55, 72, 255));
    }
    const std::string x_end = std::to_string(x_max);
    dl->AddText(ImVec2(left, bottom + 2), ink, "0");
    dl->AddText(ImVec2(right - ImGui::CalcTextSize(x_end.c_str()).x, bottom + 2), ink, x_end.c_str());
    const char* x_name = tr(language, "pas d'Adam", "Adam steps");
    dl->AddText(ImVec2((left + right - ImGui::CalcTextSize(x_name).x) * 0.5f, bottom + 2), ink, x_name);

    if (clipped) {
        const std::string above = tr(language, "↑ jusqu'à ", "↑ up to ") + format_fixed(highest, 1, language);
        dl->AddText(ImVec2(left + line * 1.5f, top - line * 0.2f), ink, above.c_str());
    }

    // Chance: ln V, dashed, labelled.
    const float yc = py(snap.chance);
    for (float x = left; x < right; x += 10) dl->AddLine(ImVec2(x, yc), ImVec2(std::min(right, x + 6), yc), chance_ink, 1.5f);
    const std::string chance = tr(language, "hasard : ln V = ", "chance: ln V = ") + format_fixed(snap.chance, 2, language);
    const ImVec2 cs = ImGui::CalcTextSize(chance.c_str());
    dl->AddRectFilled(ImVec2(right - cs.x - 6, yc - cs.y - 3), ImVec2(right, yc - 1), IM_COL32(30, 34, 48, 220));
    dl->AddText(ImVec2(right - cs.x - 3, yc - cs.y - 2), chance_ink, chance.c_str());
    // Word frequencies alone, dotted, labelled under it (stuck curves sit just above it): a curve that
    // stays here has learnt how often each word comes and nothing of the sentence.
    if (snap.frequencies > 0) {
        const ImU32 yellow = IM_COL32(225, 200, 95, 255);
        const float yf = py(snap.frequencies);
        for (float x = left; x < right; x += 7) dl->AddLine(ImVec2(x, yf), ImVec2(std::min(right, x + 3), yf), yellow, 1.5f);
        const std::string words = tr(language, "fréquences seules : ", "word frequencies alone: ") + format_fixed(snap.frequencies, 2, language);
        const ImVec2 ws = ImGui::CalcTextSize(words.c_str());
        dl->AddRectFilled(ImVec2(right - ws.x - 6, yf + 1), ImVec2(right, yf + ws.y + 3), IM_COL32(30, 34, 48, 220));
        dl->AddText(ImVec2(right - ws.x - 3, yf + 2), yellow, words.c_str());
    }

    // The batch losses: point i at x = i (the weights after i steps), one vertex a pixel at most;
    // the held-out losses: dots joined, thicker. In A/B each side in its colour, A blue, B red.
    const ImU32 red = IM_COL32(232, 92, 80, 255);
    auto draw_side = [&](const std::vector<double>& losses, const std::vector<std::pair<int, double>>& held_out, ImU32 batch_colour,
                         ImU32 held_colour) {
        const int n = static_cast<int>(losses.size());
        std::vector<ImVec2> points;
        const int stride = std::max(1, static_cast<int>(n / std::max(1.f, right - left)));
        for (int i = 0; i < n; i += stride)
            if (std::isfinite(losses[static_cast<std::size_t>(i)])) points.emplace_back(px(i), py(losses[static_cast<std::size_t>(i)]));
        if (points.size() >= 2) dl->AddPolyline(points.data(), static_cast<int>(points.size()), batch_colour, 0, 1.5f);
        std::vector<ImVec2> held;
        for (const auto& h : held_out) held.emplace_back(px(h.first), py(h.second));
        if (held.size() >= 2) dl->AddPolyline(held.data(), static_cast<int>(held.size()), held_colour, 0, 2.5f);
        for (const ImVec2& p : held) dl->AddCircleFilled(p, 3.5f, held_colour);
    };
    const ImU32 faded_blue = (blue & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 130), faded_red = (red & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 130);
    if (compared) {
        draw_side(snap.losses, snap.held_out, faded_blue, blue);
        draw_side(snap.b->losses, snap.b->held_out, faded_red, red);
    } else {
        draw_side(snap.losses, snap.held_out, blue, orange);
    }

    // The legend, under the axis, with the last figures.
    float ly = bottom + line * 1.3f;
    if (compared) {  // « A : lot 3,99 · mises de côté 3,88 », then B
        auto side_line = [&](const char* name, const TrainingSnapshot::Side& side, ImU32 colour) {
            std::string held = tr(language, "mises de côté", "held out");
            if (!side.held_out.empty()) held += " " + format_fixed(side.held_out.back().second, 2, language);
            std::string text = std::string(name) + tr(language, " : lot", ": batch");
            if (!side.losses.empty()) text += " " + format_fixed(side.losses.back(), 2, language);
            text += " · " + held;
            if (left + line * 1.3f + ImGui::CalcTextSize(text.c_str()).x > rect.right())  // narrow: the held-out figure, which matters most
                text = std::string(name) + tr(language, " : ", ": ") + held;
            dl->AddCircleFilled(ImVec2(left + line * 0.5f, ly + line * 0.5f), 4.f, colour);
            dl->AddText(ImVec2(left + line * 1.3f, ly), ink, text.c_str());
            ly += line;
        };
        side_line("A", TrainingSnapshot::Side{snap.losses, snap.held_out, {}, snap.residual}, blue);
        side_line("B", *snap.b, red);
    } else {
        float x = left;
        dl->AddLine(ImVec2(x, ly + line * 0.5f), ImVec2(x + line, ly + line * 0.5f), blue, 2.f);
        dl->AddText(ImVec2(x + line * 1.3f, ly), ink, train.c_str());
        if (legend_wraps) ly += line;
        else x += train_w;
        dl->AddCircleFilled(ImVec2(x + line * 0.5f, ly + line * 0.5f), 3.5f, orange);
        dl->AddText(ImVec2(x + line * 1.3f, ly), ink, kept.c_str());
    }
    if (steps == 0 && b_steps == 0 && !snap.running) {
        const char* empty = tr(language, "pas encore entraîné : /entrainer 300", "not trained yet: /entrainer 300");
        dl->AddText(ImVec2((left + right - ImGui::CalcTextSize(empty).x) * 0.5f, (top + bottom) * 0.5f), ink, empty);
    }
    ImGui::End();
}

}  // namespace tb
