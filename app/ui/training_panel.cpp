// The loss curve (/panneau entrainement): the batch loss of every step (thin, blue), the loss on the
// corpus's held-out sentences every few steps (orange dots), the loss of a uniform guess, ln V,
// dashed (« hasard »), and that of the words' frequencies alone (dotted, yellow). In A/B each side
// in its colour (side_colour). Every label is in the legend under the axis: none over a curve.
// It grows while the worker trains (app/training), read from its latest snapshot; the window never
// waits for it. In the window, a row of controls above it:
// /entrainer 300 or stop, /lot and /taux, each with its formula in the tooltip.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "base/numbers.h"
#include "model/settings_table.h"
#include "text/text.h"
#include "ui/inspector_panels.h"
#include "ui/layout_report.h"
#include "ui/plot_legend.h"
#include "ui/sides.h"

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
    // The buttons halve, double, divide and multiply by 3 within the table's ranges (/lot, /taux).
    const SettingEntry& batch = *find_setting("batch_size");
    const SettingEntry& rate_entry = *find_setting("learning_rate");
    const std::string lot = std::to_string(s.batch_size);
    if (ImGui::SmallButton("−##lot") && s.batch_size > batch.lo) send("/lot " + std::to_string(std::max(batch.lo, s.batch_size / 2)));
    ImGui::SameLine();
    ImGui::TextUnformatted(lot.c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "/lot : les phrases tirées à chaque pas ; la perte est la moyenne sur elles (N cibles).",
                                   "/lot: the sentences drawn at each step; the loss is the mean over them (N targets)."));
    ImGui::SameLine();
    if (ImGui::SmallButton("+##lot") && s.batch_size < batch.hi) send("/lot " + std::to_string(std::min(batch.hi, s.batch_size * 2)));
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(language, "  taux", "  rate"));
    ImGui::SameLine();
    if (ImGui::SmallButton("÷3##taux") && s.learning_rate / 3 >= rate_entry.decimal_lo) send("/taux " + decimal(s.learning_rate / 3));
    ImGui::SameLine();
    const std::string rate = format_fixed(s.learning_rate, s.learning_rate < 0.001 ? 5 : 3, language);
    ImGui::TextUnformatted(rate.c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "/taux : le pas d'Adam, w ← w − taux · m̂ / (√v̂ + ε) ; trop grand, la courbe oscille ou explose.",
                                   "/taux: Adam's step, w ← w − rate · m̂ / (√v̂ + ε); too large, the curve oscillates or blows up."));
    ImGui::SameLine();
    if (ImGui::SmallButton("×3##taux") && s.learning_rate * 3 <= rate_entry.decimal_hi) send("/taux " + decimal(s.learning_rate * 3));
}

// The title: where the run is, and its last figures; shortened when the panel is narrow.
void title_row(const TrainingSnapshot& snap, Language language) {
    const int steps = static_cast<int>(snap.losses.size());
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
                   "Si l'orange remonte quand le bleu descend, il apprend par cœur. En A/B, chaque côté dans sa couleur.",
                   "Blue: each step's batch loss (it jitters: each step draws other sentences). Orange: the loss on the "
                   "held-out sentences, never trained on, every 10 steps. Dashed: chance, ln V, the loss of a model that "
                   "gives every word the same probability 1/V. Below chance, the model has learnt something. Yellow dots: "
                   "word frequencies alone, the loss of a model that knows only how often each word comes, without reading "
                   "the sentence; a curve that stays there does not use the context (stuck). If the orange rises while the "
                   "blue falls, it learns by heart. In A/B, each side in its colour."));
}

constexpr ImU32 kBlue = IM_COL32(66, 118, 222, 255), kOrange = IM_COL32(240, 150, 60, 255), kYellow = IM_COL32(225, 200, 95, 255);

// The legend: each side's last figures, then the reference lines with their values.
std::vector<legend::Entry> legend_entries(const TrainingSnapshot& snap, ImU32 chance_ink, float width, Language language) {
    using legend::Entry;
    using legend::Swatch;
    std::vector<Entry> out;
    auto figure = [&](const char* fr, const char* en, bool any, double v) {
        return std::string(tr(language, fr, en)) + (any ? " " + format_fixed(v, 2, language) : "");
    };
    if (snap.b) {  // « A : lot 3,99 · mises de côté 3,88 », then B, each on its line
        auto side = [&](const char* name, const std::vector<double>& losses, const std::vector<std::pair<int, double>>& held, ComparedSide s) {
            const std::string kept = figure("mises de côté", "held out", !held.empty(), held.empty() ? 0 : held.back().second);
            std::string text = std::string(name) + tr(language, " : ", ": ") + figure("lot", "batch", !losses.empty(), losses.empty() ? 0 : losses.back()) + " · " + kept;
            if (ImGui::CalcTextSize(text.c_str()).x + ImGui::GetTextLineHeight() * 1.3f > width)  // narrow: the held-out figure, which matters most
                text = std::string(name) + tr(language, " : ", ": ") + kept;
            out.push_back({Swatch::Dot, side_u32(s), text, true});
        };
        side("A", snap.losses, snap.held_out, ComparedSide::A);
        side("B", snap.b->losses, snap.b->held_out, ComparedSide::B);
    } else {
        out.push_back({Swatch::Line, kBlue, figure("lot", "batch", !snap.losses.empty(), snap.losses.empty() ? 0 : snap.losses.back())});
        out.push_back({Swatch::Dot, kOrange, figure("mises de côté", "held out", !snap.held_out.empty(), snap.held_out.empty() ? 0 : snap.held_out.back().second)});
    }
    out.push_back({Swatch::Dashed, chance_ink, tr(language, "hasard ln V ", "chance ln V ") + format_fixed(snap.chance, 2, language), true});
    if (snap.frequencies > 0)
        out.push_back({Swatch::Dotted, kYellow, tr(language, "fréquences seules ", "frequencies alone ") + format_fixed(snap.frequencies, 2, language)});
    return out;
}

// The loss axis: it fits the later half of the run (and 1.5 × chance) when the first losses (about 13
// with V = 478) would squeeze the rest into the bottom third, where the gap between two wirings is.
struct LossAxis {
    double top = 1, highest = 0;
    bool clipped = false;
};
LossAxis loss_axis(const TrainingSnapshot& snap) {
    double y_max = snap.chance * 1.2, y_fit = snap.chance * 1.5;
    auto scan = [&](const std::vector<double>& losses, const std::vector<std::pair<int, double>>& held_out) {
        const int n = static_cast<int>(losses.size());
        for (int i = 0; i < n; ++i) {
            const double l = losses[static_cast<std::size_t>(i)];
            if (!std::isfinite(l)) continue;
            y_max = std::max(y_max, l * 1.05);
            if (i >= n / 2) y_fit = std::max(y_fit, l * 1.05);
        }
        for (const auto& h : held_out) {
            y_max = std::max(y_max, h.second * 1.05);
            if (h.first >= n / 2) y_fit = std::max(y_fit, h.second * 1.05);
        }
    };
    scan(snap.losses, snap.held_out);
    if (snap.b) scan(snap.b->losses, snap.b->held_out);
    LossAxis a;
    a.highest = y_max / 1.05;
    a.clipped = y_fit < 0.75 * y_max;  // only when it gains a quarter of the height
    a.top = std::ceil(a.clipped ? y_fit : y_max);
    return a;
}

struct Plot {
    float left, right, top, bottom;
    double y_max;
    int x_max;
    float x(double step) const { return left + static_cast<float>(step / x_max) * (right - left); }
    float y(double loss) const { return bottom - static_cast<float>(std::clamp(loss / y_max, 0.0, 1.0)) * (bottom - top); }
};

// Axes (whole losses on the left, the steps below) and the two reference lines, unlabelled: their
// names and values are in the legend.
void axes(ImDrawList* dl, const Plot& p, const TrainingSnapshot& snap, ImU32 ink, ImU32 chance_ink, Language language) {
    const float line = ImGui::GetTextLineHeight();
    const ImU32 faint = IM_COL32(90, 96, 116, 255);
    dl->AddLine(ImVec2(p.left, p.top), ImVec2(p.left, p.bottom), faint);
    dl->AddLine(ImVec2(p.left, p.bottom), ImVec2(p.right, p.bottom), faint);
    const int y_step = p.y_max > 8 ? static_cast<int>(std::ceil(p.y_max / 5)) : 1;
    for (int v = 0; v <= p.y_max; v += y_step) {
        const std::string label = std::to_string(v);
        dl->AddText(ImVec2(p.left - ImGui::CalcTextSize(label.c_str()).x - line * 0.3f, p.y(v) - line * 0.5f), ink, label.c_str());
        if (v > 0) dl->AddLine(ImVec2(p.left, p.y(v)), ImVec2(p.right, p.y(v)), IM_COL32(50, 55, 72, 255));
    }
    const std::string x_end = std::to_string(p.x_max);
    dl->AddText(ImVec2(p.left, p.bottom + 2), ink, "0");
    dl->AddText(ImVec2(p.right - ImGui::CalcTextSize(x_end.c_str()).x, p.bottom + 2), ink, x_end.c_str());
    const char* x_name = tr(language, "pas d'Adam", "Adam steps");
    dl->AddText(ImVec2((p.left + p.right - ImGui::CalcTextSize(x_name).x) * 0.5f, p.bottom + 2), ink, x_name);
    const float yc = p.y(snap.chance);
    for (float x = p.left; x < p.right; x += 10) dl->AddLine(ImVec2(x, yc), ImVec2(std::min(p.right, x + 6), yc), chance_ink, 1.5f);
    if (snap.frequencies > 0) {  // a curve that stays here has learnt how often each word comes, nothing of the sentence
        const float yf = p.y(snap.frequencies);
        for (float x = p.left; x < p.right; x += 7) dl->AddLine(ImVec2(x, yf), ImVec2(std::min(p.right, x + 3), yf), kYellow, 1.5f);
    }
}

// One side's curves: the batch losses (point i at x = i, the weights after i steps, one vertex a
// pixel at most), and the held-out losses, dots joined, thicker.
void curves(ImDrawList* dl, const Plot& p, const std::vector<double>& losses, const std::vector<std::pair<int, double>>& held_out,
            ImU32 batch_colour, ImU32 held_colour) {
    const int n = static_cast<int>(losses.size());
    std::vector<ImVec2> points;
    const int stride = std::max(1, static_cast<int>(n / std::max(1.f, p.right - p.left)));
    for (int i = 0; i < n; i += stride)
        if (std::isfinite(losses[static_cast<std::size_t>(i)])) points.emplace_back(p.x(i), p.y(losses[static_cast<std::size_t>(i)]));
    if (points.size() >= 2) dl->AddPolyline(points.data(), static_cast<int>(points.size()), batch_colour, 0, 1.5f);
    std::vector<ImVec2> held;
    for (const auto& h : held_out) held.emplace_back(p.x(h.first), p.y(h.second));
    if (held.size() >= 2) dl->AddPolyline(held.data(), static_cast<int>(held.size()), held_colour, 0, 2.5f);
    for (const ImVec2& q : held) dl->AddCircleFilled(q, 3.5f, held_colour);
}

}  // namespace

void draw_training_panel(const Rect& rect, const TrainingSnapshot& snap, const Settings& s, const CommandSink* send, Language language) {
    if (!begin_panel("##panneau_entrainement", rect, ImGuiWindowFlags_NoScrollbar)) return;
    title_row(snap, language);
    if (send) controls(snap, s, *send, language);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), chance_ink = ink;  // white or black: the theme's
    const LossAxis axis = loss_axis(snap);
    Plot p{origin.x + line * 2.2f, rect.right() - line * 0.8f, origin.y + line * (axis.clipped ? 1.2f : 0.4f), 0, axis.top, 10};
    const std::vector<legend::Entry> entries = legend_entries(snap, chance_ink, p.right - p.left, language);
    const int legend_lines = legend::line_count(entries, p.right - p.left);
    p.bottom = rect.bottom() - line * (static_cast<float>(legend_lines) + 1.6f);
    if (p.right - p.left < 40 || p.bottom - p.top < 30) {
        ImGui::End();
        return;
    }
    const int steps = static_cast<int>(snap.losses.size()), b_steps = snap.b ? static_cast<int>(snap.b->losses.size()) : 0;
    p.x_max = std::max({steps, b_steps, snap.target, 10});
    ImDrawList* dl = ImGui::GetWindowDrawList();
    axes(dl, p, snap, ink, chance_ink, language);
    if (axis.clipped) {  // above the plot, clear of the curves that leave its top
        const std::string above = tr(language, "↑ jusqu'à ", "↑ up to ") + format_fixed(axis.highest, 1, language);
        dl->AddText(ImVec2(p.left + line * 0.5f, origin.y), ink, above.c_str());
    }
    if (snap.b) {
        curves(dl, p, snap.losses, snap.held_out, side_u32(ComparedSide::A, 110), side_u32(ComparedSide::A));
        curves(dl, p, snap.b->losses, snap.b->held_out, side_u32(ComparedSide::B, 110), side_u32(ComparedSide::B));
    } else {
        curves(dl, p, snap.losses, snap.held_out, kBlue, kOrange);
    }
    report_mark("training_plot", p.left, p.top, p.right, p.bottom, {});  // the tests: no label inside
    legend::draw(dl, ImVec2(p.left, p.bottom + line * 1.3f), p.right - p.left, entries, ink);
    if (steps == 0 && b_steps == 0 && !snap.running) {  // nothing drawn yet: the one text inside the plot
        const char* empty = tr(language, "pas encore entraîné : /entrainer 300", "not trained yet: /entrainer 300");
        dl->AddText(ImVec2((p.left + p.right - ImGui::CalcTextSize(empty).x) * 0.5f, (p.top + p.bottom) * 0.5f), ink, empty);
    }
    ImGui::End();
}

}  // namespace tb
