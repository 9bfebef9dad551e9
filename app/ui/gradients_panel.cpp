// Gradients through the residual (seed 000 D): the mean |gradient| of each sublayer's weights by
// level, for this model with the residual on (yellow) and off (red), same weights, same sentence
// (backward on the trace and on the other wiring, computed once per trace), on a log scale, and one
// sentence computed from those figures (gradient_verdict): with random weights, which one is larger
// depends on the seed and the wiring, so the panel says what it shows, not a rule. Its second view
// (/panneau raschka): Raschka's five-layer experiment as a cited table, his published figures beside
// our own draw of the same network, and how the ratio at layer 1 spreads over 100 draws.
// Along the training (a run exists): the same axes (sublayers left to right, log scale), the training
// loss's mean |∂L/∂W| at the latest recorded step in full and at step 1 faint, coloured by its
// wiring; in A/B each side in its colour (side_colour, as in the loss panel), B dashed. Chosen over curves by step: the class reads the same picture
// as before training, the x axis is the stack's depth, and the line tilts live as the run goes —
// without the residual the first sublayers fall by decades while the last stay; with it, flat.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "text/text.h"
#include "ui/inspector_panels.h"
#include "ui/sides.h"

namespace tb {
namespace {

constexpr palette::Colour8 kOff{232, 92, 80};  // without the residual / shortcuts

struct LogAxis {
    double lo, hi;
    float top, bottom;
    float y(double v) const {
        const double u = (std::log10(std::max(v, lo)) - std::log10(lo)) / std::max(1e-9, std::log10(hi) - std::log10(lo));
        return bottom - static_cast<float>(std::clamp(u, 0.0, 1.0)) * (bottom - top);
    }
};

LogAxis axis_for(const std::vector<const std::vector<double>*>& series, float top, float bottom) {
    double lo = 1e300, hi = 0;
    for (const auto* s : series)
        for (double v : *s)
            if (v > 0 && std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (hi <= 0) lo = 1e-3, hi = 1;
    lo = std::pow(10.0, std::floor(std::log10(lo)));
    hi = std::pow(10.0, std::ceil(std::log10(hi)));
    if (hi <= lo) hi = lo * 10;
    return {lo, hi, top, bottom};
}

// "10⁻³": a decade as people write it (not the machines' 1e-3).
std::string power_of_ten(int k) {
    static const char* superscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string out = k < 0 ? "10⁻" : "10";
    for (char c : std::to_string(std::abs(k))) out += superscript[c - '0'];
    return out;
}

// Decades as grid lines, labelled 10^k.
void decades(ImDrawList* dl, const LogAxis& a, float x0, float x1) {
    for (double v = a.lo; v <= a.hi * 1.0001; v *= 10) {
        const float y = a.y(v);
        dl->AddLine(ImVec2(x0, y), ImVec2(x1, y), IM_COL32(60, 66, 88, 255));
        const std::string label = power_of_ten(static_cast<int>(std::lround(std::log10(v))));
        const char* buf = label.c_str();
        const ImVec2 size = ImGui::CalcTextSize(buf);
        // The lowest sits on its line, clear of the first sublayer's name under the axis.
        const float top = v <= a.lo * 1.0001 ? y - size.y : y - size.y * 0.5f;
        dl->AddText(ImVec2(x0 - size.x - 4, top), IM_COL32(170, 176, 196, 255), buf);
    }
}

void level_plot(const Rect& r, const GradientComparison& g, int layers, Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float x0 = r.x + line * 2.4f, x1 = r.right() - line * 0.6f;
    const LogAxis a = axis_for({&g.residual_on, &g.residual_off}, r.y + line * 0.3f, r.bottom() - line * 1.3f);
    if (x1 - x0 < 20 || a.bottom - a.top < 20) return;
    decades(dl, a, x0, x1);
    const int count = static_cast<int>(g.residual_on.size());
    const float step = (x1 - x0) / static_cast<float>(std::max(1, count - 1));
    auto draw = [&](const std::vector<double>& v, palette::Colour8 c) {
        std::vector<ImVec2> pts;
        for (int k = 0; k < static_cast<int>(v.size()); ++k) pts.emplace_back(x0 + step * static_cast<float>(k), a.y(v[static_cast<std::size_t>(k)]));
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), to_u32(c), 0, 3.f);
        for (const auto& p : pts) dl->AddCircleFilled(p, 4.f, to_u32(c));
    };
    draw(g.residual_off, kOff);
    draw(g.residual_on, palette::kResidual);
    for (int k = 0; k < count; ++k) {
        const std::string name = level_label(language, k + 1, layers, LabelLength::Short);
        if (count > 8 && k % 2) continue;  // six layers: every other label
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        dl->AddText(ImVec2(x0 + step * static_cast<float>(k) - size.x * 0.5f, a.bottom + 2), IM_COL32(200, 205, 220, 255), name.c_str());
    }
    ImGui::SetCursorScreenPos(ImVec2(x0, a.top));
    ImGui::InvisibleButton("##niveaux", ImVec2(std::max(1.f, x1 - x0), std::max(1.f, a.bottom - a.top)));
    if (ImGui::IsItemHovered() && count > 0) {
        const int k = std::clamp(static_cast<int>(std::lround((ImGui::GetIO().MousePos.x - x0) / step)), 0, count - 1);
        ImGui::SetTooltip(tr(language, "niveau %d (%s %d) : avec résiduel %s, sans %s", "level %d (%s %d): with residual %s, without %s"), k + 1,
                          k % 2 == 0 ? "attention" : "ffn", k / 2 + 1,
                          format_shortest(g.residual_on[static_cast<std::size_t>(k)], 3, language).c_str(),
                          format_shortest(g.residual_off[static_cast<std::size_t>(k)], 3, language).c_str());
    }
}

// One line over the sublayers: its values, its colour, dashed (side B), faint (step 1).
struct Series {
    const std::vector<double>* values;
    palette::Colour8 colour;
    bool dashed, faint;
};

void dashed_polyline(ImDrawList* dl, const std::vector<ImVec2>& pts, ImU32 colour, float thickness) {
    for (std::size_t k = 1; k < pts.size(); ++k) {
        const ImVec2 a = pts[k - 1], b = pts[k];
        const float length = std::hypot(b.x - a.x, b.y - a.y), dash = 7.f;
        for (float t = 0; t < length; t += 2 * dash) {
            const float u0 = t / length, u1 = std::min(1.f, (t + dash) / length);
            dl->AddLine(ImVec2(a.x + (b.x - a.x) * u0, a.y + (b.y - a.y) * u0), ImVec2(a.x + (b.x - a.x) * u1, a.y + (b.y - a.y) * u1),
                        colour, thickness);
        }
    }
}

// The training view's plot: every series over levels 1..2L, on one log axis; hovering a level
// writes every series' figure there.
void series_plot(const Rect& r, const std::vector<Series>& series, const std::vector<std::string>& names, int layers,
                 Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float x0 = r.x + line * 2.4f, x1 = r.right() - line * 1.4f;  // room for the last level's name
    std::vector<const std::vector<double>*> values;
    for (const Series& s : series) values.push_back(s.values);
    const LogAxis a = axis_for(values, r.y + line * 0.3f, r.bottom() - line * 1.3f);
    if (x1 - x0 < 20 || a.bottom - a.top < 20 || series.empty()) return;
    decades(dl, a, x0, x1);
    const int count = 2 * layers;
    const float step = (x1 - x0) / static_cast<float>(std::max(1, count - 1));
    for (const Series& s : series) {
        std::vector<ImVec2> pts;
        for (int k = 0; k < std::min(count, static_cast<int>(s.values->size())); ++k)
            pts.emplace_back(x0 + step * static_cast<float>(k), a.y((*s.values)[static_cast<std::size_t>(k)]));
        palette::Colour8 c = s.colour;
        if (s.faint) c = {static_cast<std::uint8_t>(c.r * 0.55), static_cast<std::uint8_t>(c.g * 0.55), static_cast<std::uint8_t>(c.b * 0.55)};
        const float thickness = s.faint ? 2.f : 3.f;
        if (s.dashed) dashed_polyline(dl, pts, to_u32(c), thickness);
        else dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), to_u32(c), 0, thickness);
        for (const auto& p : pts) dl->AddCircleFilled(p, s.faint ? 2.5f : 4.f, to_u32(c));
    }
    for (int k = 0; k < count; ++k) {
        if (count > 8 && k % 2) continue;
        const std::string name = level_label(language, k + 1, layers, LabelLength::Short);
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        dl->AddText(ImVec2(x0 + step * static_cast<float>(k) - size.x * 0.5f, a.bottom + 2), IM_COL32(200, 205, 220, 255), name.c_str());
    }
    ImGui::SetCursorScreenPos(ImVec2(x0, a.top));
    ImGui::InvisibleButton("##niveaux_entrainement", ImVec2(std::max(1.f, x1 - x0), std::max(1.f, a.bottom - a.top)));
    if (ImGui::IsItemHovered()) {
        const int k = std::clamp(static_cast<int>(std::lround((ImGui::GetIO().MousePos.x - x0) / step)), 0, count - 1);
        std::string tip = level_label(language, k + 1, layers, LabelLength::Short);
        for (std::size_t i = 0; i < series.size(); ++i)
            if (static_cast<std::size_t>(k) < series[i].values->size())
                tip += "\n" + names[i] + " : " + format_shortest((*series[i].values)[static_cast<std::size_t>(k)], 3, language);
        ImGui::SetTooltip("%s", tip.c_str());
    }
}

// The panel with a training run: the latest record and step 1's, by sublayer, each side.
void training_view(const Rect& rect, const Trace& trace, const TrainingSnapshot& t, Language language) {
    const auto text = [](palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); };
    ImGui::TextUnformatted(tr(language, "moyenne |∂L/∂W|, entraînement", "mean |∂L/∂W|, training"));
    help_marker(tr(language,
                   "La perte de l'entraînement (le mot masqué, ou le mot suivant) sur le lot du pas, rétropropagée : pour "
                   "chaque sous-couche, la moyenne de |∂L/∂W| sur ses matrices, au pas 1 et tous les 10 pas. Trait plein : "
                   "le dernier pas enregistré ; trait pâle : le pas 1, avant toute mise à jour ; en A/B, B en tirets. Sans "
                   "résiduel, le gradient doit traverser chaque F′ : voyez s'il s'éteint vers le bas de la pile.",
                   "The training loss (the masked word, or the next word) on the step's batch, back-propagated: for each "
                   "sublayer, the mean of |∂L/∂W| over its matrices, at step 1 and every 10 steps. Full line: the latest "
                   "recorded step; faint line: step 1, before any update; in A/B, B dashed. Without the residual the "
                   "gradient must cross every F′: see whether it dies out towards the bottom of the stack."));
    struct Side {
        const std::vector<GradientRecord>* records;
        bool residual;
        std::string name;
    };
    std::vector<Side> sides{{&t.gradients, t.residual, t.b ? "A" : ""}};
    if (t.b) sides.push_back({&t.b->gradients, t.b->residual, "B"});
    std::vector<Series> series;
    std::vector<std::string> names;
    ImGui::PushTextWrapPos(0);
    for (const Side& side : sides) {
        const palette::Colour8 colour = side.name.empty() ? (side.residual ? palette::kResidual : kOff)
                                                          : side_colour_now(side.name == "A" ? ComparedSide::A : ComparedSide::B);
        ImGui::TextColored(text(colour), "%s", training_gradient_caption(*side.records, side.residual, side.name, language).c_str());
        if (side.records->empty()) continue;
        const std::string who = side.name.empty() ? "" : side.name + ", ";
        series.push_back({&side.records->front().means, colour, side.name == "B", true});
        names.push_back(who + tr(language, "pas ", "step ") + std::to_string(side.records->front().step));
        series.push_back({&side.records->back().means, colour, side.name == "B", false});
        names.push_back(who + tr(language, "pas ", "step ") + std::to_string(side.records->back().step));
    }
    if (!series.empty()) {  // the legend of the lines: which step each is
        const std::string last = std::to_string(t.gradients.empty() ? 0 : t.gradients.back().step);
        std::string legend = tr(language, "plein : pas ", "full: step ") + last + tr(language, " · pâle : pas 1", " · faint: step 1");
        if (t.b) legend += tr(language, " · B : tirets", " · B: dashed");
        ImGui::TextDisabled("%s", legend.c_str());
    }
    ImGui::PopTextWrapPos();
    const float top = ImGui::GetCursorScreenPos().y;
    series_plot({rect.x, top, rect.w, rect.bottom() - top - ImGui::GetStyle().WindowPadding.y}, series, names, trace.settings.layers, language);
}

// "× 1 110": a ratio as the lines under the table write it (two significant digits below 10).
std::string times(double ratio, Language language) {
    if (!(ratio > 0) || !std::isfinite(ratio)) return "—";
    return "× " + (ratio < 9.95 ? format_significant(ratio, 2, language) : format_count(std::llround(ratio), language));
}

// Two significant digits written out in decimals (0,000050 · 0,74 · 3,1), as the published column is;
// a power of ten only below 10⁻⁷.
std::string two_digits(double v, Language language) {
    if (!(v > 0) || !std::isfinite(v)) return format_shortest(v, 2, language);
    const int decimals = 1 - static_cast<int>(std::floor(std::log10(v)));
    if (decimals > 7) return format_significant(v, 2, language);
    return format_fixed(v, std::max(0, decimals), language);
}

}  // namespace


void draw_gradients_panel(const Rect& rect, const Trace& trace, const GradientData* data, const TrainingSnapshot* training,
                          const CommandSink& send, Language language) {
    if (!data || data->trace.get() != &trace) return;  // the Inspector computes it when the trace changes
    if (!begin_panel("##panneau_gradients", rect, ImGuiWindowFlags_NoScrollbar)) return;
    draw_gradients_family_row(Panel::Gradients, send, language);
    if (training && !training->gradients.empty()) {  // the run of the model shown (or running)
        training_view(rect, trace, *training, language);
        ImGui::End();
        return;
    }
    const auto text = [](palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); };
    ImGui::TextUnformatted(tr(language, "moyenne |∂L/∂W| par sous-couche", "mean |∂L/∂W| by sublayer"));
    help_marker(tr(language,
                   "Une vraie rétropropagation sur ce modèle (mêmes poids, même phrase, une perte fixe sur la sortie), "
                   "une fois avec le résiduel et une fois sans. y = x + F(x) se dérive en 1 + F′ : le « 1 » passe le "
                   "gradient tel quel sous chaque sous-couche. Sans lui, le gradient doit traverser chaque F′ ; avec ces "
                   "poids aléatoires, non entraînés, il peut en sortir plus petit ou plus grand selon la graine et le "
                   "câblage : la phrase sous le titre dit ce que montrent les chiffres d'ici.",
                   "A real backward pass on this model (same weights, same sentence, a fixed loss on the output), once "
                   "with the residual and once without. y = x + F(x) differentiates to 1 + F′: the “1” passes the "
                   "gradient unchanged under each sublayer. Without it the gradient must cross every F′; with these "
                   "random, untrained weights it can come out smaller or larger depending on the seed and the wiring: "
                   "the sentence under the title says what the figures here show."));
    ImGui::TextColored(text(palette::kResidual), "%s", tr(language, "— avec résiduel", "— with residual"));
    ImGui::SameLine();
    ImGui::TextColored(text(kOff), "%s", tr(language, "— sans", "— without"));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(gradient_verdict(data->comparison, language).caption.c_str());
    ImGui::PopTextWrapPos();
    if (trace.settings.layers < 6) {
        ImGui::TextDisabled("%s", tr(language, "à voir aussi :", "see also:"));
        ImGui::SameLine();
        if (ImGui::SmallButton("/couches 6")) send("/couches 6");
    }
    const float top = ImGui::GetCursorScreenPos().y;
    level_plot({rect.x, top, rect.w, rect.bottom() - top - ImGui::GetStyle().WindowPadding.y}, data->comparison, trace.settings.layers,
               language);
    ImGui::End();
}

void draw_raschka_panel(const Rect& rect, const Trace& trace, const GradientData* data, const CommandSink& send, Language language) {
    if (!data || data->trace.get() != &trace) return;
    if (!begin_panel("##panneau_raschka", rect, ImGuiWindowFlags_NoScrollbar)) return;
    draw_gradients_family_row(Panel::Raschka, send, language);
    const auto text = [](palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); };
    ImGui::TextUnformatted(tr(language, "Raschka, 5 couches : moyenne |∂L/∂W|", "Raschka, 5 layers: mean |∂L/∂W|"));
    help_marker(tr(language,
                   "S. Raschka, « Build a Large Language Model (From Scratch) », section 4.4 : cinq couches linéaires "
                   "(tailles 3, 3, 3, 3, 3 puis 1) suivies de GELU, entrée (1 ; 0 ; −1), cible 0, erreur quadratique ; "
                   "sans raccourcis, puis avec x + couche(x). À gauche ses chiffres publiés (torch.manual_seed(123)), à "
                   "droite notre tirage du même réseau (GELU approchée par tanh comme la sienne, poids uniformes "
                   "entre −1/√3 et 1/√3) avec la graine du modèle : d'un tirage à l'autre le rapport change beaucoup, "
                   "d'où la dernière ligne.",
                   "S. Raschka, “Build a Large Language Model (From Scratch)”, section 4.4: five linear layers "
                   "(sizes 3, 3, 3, 3, 3 then 1) each followed by GELU, input (1; 0; −1), target 0, squared error; "
                   "without shortcuts, then with x + layer(x). Left, his published figures (torch.manual_seed(123)); "
                   "right, our draw of the same network (GELU in its tanh approximation as his, weights uniform "
                   "between −1/√3 and 1/√3) with the model's seed: from one draw to another the ratio changes a lot, "
                   "hence the last line."));
    const ShortcutExperiment published = raschka_published();
    const ShortcutExperiment& ours = data->shortcut;
    const std::string seed = std::to_string(trace.settings.seed);
    // A little smaller than the body, never under 16 px, so that five columns fit a narrow column.
    ImGui::SetWindowFontScale(std::clamp(kMinTextPx / ImGui::GetFontSize(), 0.85f, 1.f));
    ImGui::PushTextWrapPos(0);
    ImGui::Text(tr(language, "Couches 1 à 5 ; à gauche, publié (graine 123) ; à droite, notre tirage (graine %s).",
                   "Layers 1 to 5; left, published (seed 123); right, our draw (seed %s)."),
                seed.c_str());
    ImGui::PopTextWrapPos();
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH;
    if (ImGui::BeginTable("##raschka", 5, flags)) {
        for (int c = 0; c < 5; ++c) ImGui::TableSetupColumn(nullptr);
        ImGui::TableNextRow();
        for (int c = 1; c < 5; ++c) {
            ImGui::TableSetColumnIndex(c);
            const bool with = c % 2 == 0;
            ImGui::TextColored(text(with ? palette::kResidual : kOff), "%s", with ? tr(language, "avec", "with") : tr(language, "sans", "without"));
        }
        for (std::size_t k = 0; k < 5; ++k) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%d", static_cast<int>(k) + 1);
            // As printed: five decimals without shortcuts, three with.
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(format_fixed(published.without_shortcuts[k], 5, language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(format_fixed(published.with_shortcuts[k], 3, language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(two_digits(ours.without_shortcuts[k], language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(two_digits(ours.with_shortcuts[k], language).c_str());
        }
        ImGui::EndTable();
    }
    ImGui::PushTextWrapPos(0);
    ImGui::Text(tr(language, "avec/sans à la couche 1 : %s publié, %s notre tirage.", "with/without at layer 1: %s published, %s our draw."),
                times(published.with_shortcuts[0] / published.without_shortcuts[0], language).c_str(),
                times(ours.with_shortcuts[0] / ours.without_shortcuts[0], language).c_str());
    ImGui::Text(tr(language, "sans raccourcis, couche 5/couche 1 : %s publié, %s notre tirage.",
                   "without shortcuts, layer 5/layer 1: %s published, %s our draw."),
                times(published.without_shortcuts[4] / published.without_shortcuts[0], language).c_str(),
                times(ours.without_shortcuts[4] / ours.without_shortcuts[0], language).c_str());
    const ShortcutSpread& s = data->spread;
    ImGui::Text(tr(language, "Sur nos %d tirages (graines %s à %s), avec/sans à la couche 1 : médiane %s, de %s à %s.",
                   "Over our %d draws (seeds %s to %s), with/without at layer 1: median %s, from %s to %s."),
                s.count, std::to_string(s.first_seed).c_str(), std::to_string(s.first_seed + static_cast<std::uint64_t>(s.count) - 1).c_str(),
                times(s.median, language).c_str(), times(s.min, language).c_str(), times(s.max, language).c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetWindowFontScale(1.f);
    ImGui::End();
}

}  // namespace tb
