// The norm profile (one line per token, level on x), drawn as the beads pass; the mean cosine
// similarity by level (the collapse). ImGui draw lists only.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "scene/colour.h"
#include "text/text.h"
#include "ui/panels.h"
#include "ui/rgb.h"

namespace tb {
namespace {

std::vector<std::vector<double>> norms_by_level(const Trace& t) {  // [level][token]
    std::vector<std::vector<double>> out;
    for (const auto& level : t.levels) {
        const Vector n = token_norms(level.vectors);
        out.emplace_back(n.data(), n.data() + n.size());
    }
    return out;
}

// How the x axis writes the level names: short ones (E, a1, f1, S) when crowded, staggered on two
// lines if still crowded.
struct AxisStyle {
    bool shorter = false, stagger = false;
};
AxisStyle axis_style(float width, int top, Language language) {
    const float cell = width / static_cast<float>(std::max(1, top));
    float widest = 0;
    for (int k = 0; k <= top; ++k) widest = std::max(widest, ImGui::CalcTextSize(level_label(language, k, (top - 1) / 2, LabelLength::Medium).c_str()).x);
    AxisStyle a;
    a.shorter = cell < widest + 6;
    a.stagger = a.shorter && cell < ImGui::CalcTextSize("f6").x + 6;
    return a;
}

// The room the axis takes below a plot, in lines: one line of names, or two staggered.
float axis_lines(float width, int top, Language language) { return axis_style(width, top, language).stagger ? 2.6f : 1.5f; }

// The x axis: the level names.
void level_axis(ImDrawList* dl, ImVec2 p0, float width, int top, float y, Language language) {
    const float cell = width / static_cast<float>(std::max(1, top));
    const float line = ImGui::GetTextLineHeight();
    const AxisStyle style = axis_style(width, top, language);
    const bool shorter = style.shorter, stagger = style.stagger;
    for (int k = 0; k <= top; ++k) {
        const std::string name =
            level_label(language, k, (top - 1) / 2, shorter ? LabelLength::Short : LabelLength::Medium);
        const ImVec2 e = ImGui::CalcTextSize(name.c_str());
        const float x = p0.x + cell * static_cast<float>(k) - e.x * 0.5f;
        dl->AddText(ImVec2(std::clamp(x, p0.x - line, p0.x + width - e.x + line * 0.8f), y + (stagger && k % 2 ? line : 0)),
                    ImGui::GetColorU32(ImGuiCol_Text), name.c_str());  // follows the theme
    }
}

std::string format_g3(double v) {  // three significant digits, as the axis needs
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

std::string format_fixed2(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

// The points of `ys` over levels 0..playhead, the last segment cut where the beads are.
std::vector<ImVec2> points_until(const std::vector<float>& ys, ImVec2 p0, float cell, double playhead) {
    std::vector<ImVec2> pts;
    const int full = static_cast<int>(std::floor(playhead));
    for (int k = 0; k <= full && k < static_cast<int>(ys.size()); ++k)
        pts.emplace_back(p0.x + cell * static_cast<float>(k), ys[static_cast<std::size_t>(k)]);
    const float f = static_cast<float>(playhead - full);
    if (f > 0 && full + 1 < static_cast<int>(ys.size())) {
        const float y0 = ys[static_cast<std::size_t>(full)], y1 = ys[static_cast<std::size_t>(full + 1)];
        pts.emplace_back(p0.x + cell * (static_cast<float>(full) + f), y0 + (y1 - y0) * f);
    }
    return pts;
}

// One polyline of `values` over levels 0..playhead.
void polyline(ImDrawList* dl, const std::vector<float>& ys, ImVec2 p0, float cell, double playhead, ImU32 col, float thick) {
    const std::vector<ImVec2> pts = points_until(ys, p0, cell, playhead);
    if (pts.size() >= 2) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, thick);
    for (const auto& p : pts) dl->AddCircleFilled(p, thick * 1.2f, col);
}

// The same, dashed: side B of the comparison.
void dashed_polyline(ImDrawList* dl, const std::vector<float>& ys, ImVec2 p0, float cell, double playhead, ImU32 col,
                     float thick) {
    const std::vector<ImVec2> pts = points_until(ys, p0, cell, playhead);
    const float dash = thick * 3.f, gap = thick * 2.f;
    float phase = 0;  // carried across segments so the pattern runs along the whole line
    for (std::size_t k = 1; k < pts.size(); ++k) {
        const ImVec2 a = pts[k - 1], b = pts[k];
        const float len = std::hypot(b.x - a.x, b.y - a.y);
        if (len <= 0) continue;
        float t = 0;
        while (t < len) {
            const bool on = phase < dash;
            const float step = std::min(len - t, on ? dash - phase : dash + gap - phase);
            if (on) {
                const float u0 = t / len, u1 = (t + step) / len;
                dl->AddLine(ImVec2(a.x + (b.x - a.x) * u0, a.y + (b.y - a.y) * u0),
                            ImVec2(a.x + (b.x - a.x) * u1, a.y + (b.y - a.y) * u1), col, thick);
            }
            t += step;
            phase += step;
            if (phase >= dash + gap) phase = 0;
        }
    }
    for (const auto& p : pts) {  // hollow points: B at a glance even where lines cross
        dl->AddCircleFilled(p, thick * 1.3f, IM_COL32(20, 22, 32, 255));
        dl->AddCircle(p, thick * 1.3f, col, 0, thick * 0.6f);
    }
}

// The title, the log/linear switch (/vue echelle) and what the lines mean.
void profile_header(bool log_scale, bool compared, bool previous, const Fonts& fonts, const CommandSink& send,
                    Language language) {
    const Strings& t = text_in(language);
    ImGui::PushFont(fonts.large);
    ImGui::TextUnformatted(t.profile_title);
    ImGui::PopFont();
    if (ImGui::RadioButton(t.profile_log, log_scale) && !log_scale) send("/vue echelle log");
    ImGui::SameLine();
    if (ImGui::RadioButton(t.profile_linear, !log_scale) && log_scale) send("/vue echelle lineaire");
    ImGui::SameLine();
    if (compared) ImGui::TextDisabled("· %s", tr(language, "A : trait plein · B : pointillés", "A: solid · B: dashed"));
    else ImGui::TextDisabled("· %s", previous ? t.profile_previous : "");
}

// The words, each in its token's identity colour (its bead's outline, its line); returns the colours.
std::vector<Rgb> word_legend(const Trace& trace) {
    std::vector<Rgb> colours;
    for (int i = 0; i < trace.token_count(); ++i) {
        colours.push_back(identity_colour(trace.typed_place(i)));
        if (i) ImGui::SameLine();
        const Rgb c = colours.back();
        // On the light theme the pale tones fade: the same hues, darker, for the words.
        const float k = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f ? 0.7f : 1.f;
        ImGui::TextColored(ImVec4(c.r * k, c.g * k, c.b * k, 1), "%s", trace.tokens[static_cast<std::size_t>(i)].word.c_str());
    }
    return colours;
}

// The y axis's ends over every series drawn, √d always inside.
std::pair<double, double> value_range(std::initializer_list<const std::vector<std::vector<double>>*> all, double root_d,
                                      bool log_scale) {
    double lo = 1e300, hi = 0;
    for (const auto* series : all)
        for (const auto& level : *series)
            for (double v : level)
                if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    lo = std::min(lo, root_d);
    hi = std::max(hi, root_d);
    if (log_scale) return {std::max(lo, 1e-3), std::max(hi, std::max(lo, 1e-3) * 1.01)};
    return {0.0, std::max(hi * 1.05, 1e-6)};
}

}  // namespace

void draw_profile(const Rect& rect, const Trace& trace, const Trace* previous, double playhead, bool log_scale,
                  const Fonts& fonts, const CommandSink& send, Language language, Compared b) {
    if (b.trace) previous = nullptr;
    if (!begin_panel("##profil", rect, ImGuiWindowFlags_NoScrollbar)) return;
    profile_header(log_scale, b.trace != nullptr, previous != nullptr, fonts, send, language);
    const std::vector<Rgb> colours = word_legend(trace);
    const int n = trace.token_count();

    const auto current = norms_by_level(trace);
    const auto before = previous ? norms_by_level(*previous) : std::vector<std::vector<double>>{};
    const auto side_b = b.trace ? norms_by_level(*b.trace) : std::vector<std::vector<double>>{};
    const double root_d = std::sqrt(static_cast<double>(trace.settings.dimension));
    const auto [lo, hi] = value_range({&current, &before, &side_b}, root_d, log_scale);

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    const float left = cursor.x + line * 2.6f, right = rect.right() - line;
    const int top = static_cast<int>(trace.levels.size()) - 1;
    const float plot_top = cursor.y + line * 0.5f,
                plot_bottom = rect.bottom() - line * (axis_lines(right - left, top, language) + 0.2f);
    if (right - left < 20 || plot_bottom - plot_top < 20) {
        ImGui::End();
        return;
    }
    auto y_of = [&](double v) {
        double u = log_scale ? (std::log(std::max(v, lo)) - std::log(lo)) / (std::log(hi) - std::log(lo)) : (v - lo) / (hi - lo);
        u = std::clamp(u, 0.0, 1.0);
        return plot_bottom - static_cast<float>(u) * (plot_bottom - plot_top);
    };
    // Colours from the ImGui style, so that the light theme (/theme clair) reads as well as the dark.
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), faint = ImGui::GetColorU32(ImGuiCol_Text, 0.45f);
    const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;
    dl->AddRect(ImVec2(left, plot_top), ImVec2(right, plot_bottom), faint);
    // √d: where LayerNorm puts every vector.
    const float yd = y_of(root_d);
    dl->AddLine(ImVec2(left, yd), ImVec2(right, yd), faint, 1.5f);
    dl->AddText(ImVec2(left - line * 2.4f, yd - line * 0.5f), ink, "√d");
    // The scale's ends, unless they would overwrite the √d label (√d says more).
    const float top_label = plot_top - line * 0.3f, bottom_label = plot_bottom - line * 0.8f;
    if (std::abs(top_label - (yd - line * 0.5f)) > line)
        dl->AddText(ImVec2(left - line * 2.5f, top_label), ink, localize_decimals(language, format_g3(hi)).c_str());
    if (std::abs(bottom_label - (yd - line * 0.5f)) > line)
        dl->AddText(ImVec2(left - line * 2.5f, bottom_label), ink, localize_decimals(language, format_g3(lo)).c_str());

    const float cell = (right - left) / static_cast<float>(std::max(1, top));
    level_axis(dl, ImVec2(left, plot_bottom), right - left, top, plot_bottom + 4, language);

    if (!before.empty()) {  // the previous run, faint, complete
        const int prev_top = static_cast<int>(before.size()) - 1;
        const float prev_cell = (right - left) / static_cast<float>(std::max(1, prev_top));
        for (int i = 0; i < static_cast<int>(before.front().size()); ++i) {
            std::vector<float> ys;
            for (const auto& level : before) ys.push_back(y_of(level[static_cast<std::size_t>(i)]));
            polyline(dl, ys, ImVec2(left, 0), prev_cell, prev_top, ImGui::GetColorU32(ImGuiCol_Text, 0.22f), 1.5f);
        }
    }
    for (int i = 0; i < n; ++i) {
        std::vector<float> ys;
        for (const auto& level : current) ys.push_back(y_of(level[static_cast<std::size_t>(i)]));
        // On white, pale token colours fade: a dark edge under each line keeps it visible.
        if (light) polyline(dl, ys, ImVec2(left, 0), cell, playhead, IM_COL32(0, 0, 0, 200), 4.5f);
        polyline(dl, ys, ImVec2(left, 0), cell, playhead, rgb(colours[static_cast<std::size_t>(i)], 1.f), 2.5f);
    }
    if (!side_b.empty()) {  // side B: same sentence, same colours, dashed; its levels span the same width
        const int b_top = static_cast<int>(side_b.size()) - 1;
        const float b_cell = (right - left) / static_cast<float>(std::max(1, b_top));
        for (int i = 0; i < n && i < static_cast<int>(side_b.front().size()); ++i) {
            std::vector<float> ys;
            for (const auto& level : side_b) ys.push_back(y_of(level[static_cast<std::size_t>(i)]));
            if (light) dashed_polyline(dl, ys, ImVec2(left, 0), b_cell, b.playhead, IM_COL32(0, 0, 0, 130), 3.8f);
            dashed_polyline(dl, ys, ImVec2(left, 0), b_cell, b.playhead, rgb(colours[static_cast<std::size_t>(i)], 1.f), 2.5f);
        }
    }
    ImGui::End();
}

void draw_cosine(const Rect& rect, const Trace& trace, const Trace* previous, double playhead, Language language,
                 Compared b) {
    if (b.trace) previous = nullptr;
    if (!begin_panel("##cosinus", rect, ImGuiWindowFlags_NoScrollbar)) return;
    // Beside the legend the long title does not fit: a shorter one.
    const char* title = text_in(language).cosine_title;
    for (const char* shorter : {tr(language, "cosinus moyen (effondrement)", "mean cosine (collapse)"), tr(language, "cosinus moyen", "mean cosine")})
        if (ImGui::CalcTextSize(title).x > ImGui::GetContentRegionAvail().x - ImGui::GetTextLineHeight() * 0.5f) title = shorter;
    ImGui::TextUnformatted(title);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    const float left = cursor.x + line * 2.6f, right = rect.right() - line;
    const int top = static_cast<int>(trace.levels.size()) - 1;
    const float plot_top = cursor.y + line * 0.3f, plot_bottom = rect.bottom() - line * axis_lines(right - left, top, language);
    if (right - left < 20 || plot_bottom - plot_top < 10) {
        ImGui::End();
        return;
    }
    const double lo = -0.25, hi = 1.0;  // fixed: the class sees the rise towards 1 (collapse)
    auto y_of = [&](double v) {
        return plot_bottom - static_cast<float>(std::clamp((v - lo) / (hi - lo), 0.0, 1.0)) * (plot_bottom - plot_top);
    };
    dl->AddRect(ImVec2(left, plot_top), ImVec2(right, plot_bottom), IM_COL32(90, 95, 115, 255));
    for (double v : {0.0, 1.0}) {
        dl->AddLine(ImVec2(left, y_of(v)), ImVec2(right, y_of(v)), IM_COL32(120, 120, 140, 120));
        dl->AddText(ImVec2(left - line * 1.6f, y_of(v) - line * 0.5f), IM_COL32(170, 170, 185, 255), v > 0.5 ? "1" : "0");
    }
    level_axis(dl, ImVec2(left, plot_bottom), right - left, top, plot_bottom + 4, language);
    auto series = [&](const Trace& t) {
        std::vector<float> ys;
        for (const auto& level : t.levels) ys.push_back(y_of(mean_pairwise_cosine(level.vectors)));
        return ys;
    };
    if (previous) {
        const int prev_top = static_cast<int>(previous->levels.size()) - 1;
        polyline(dl, series(*previous), ImVec2(left, 0), (right - left) / static_cast<float>(std::max(1, prev_top)), prev_top,
                 IM_COL32(200, 200, 220, 60), 2.f);
    }
    const auto ys = series(trace);
    polyline(dl, ys, ImVec2(left, 0), (right - left) / static_cast<float>(std::max(1, top)), playhead,
             IM_COL32(255, 150, 90, 255), 3.f);
    const int shown = std::clamp(static_cast<int>(std::floor(playhead)), 0, top);
    char value[48];
    std::snprintf(value, sizeof value, "%s",
                  localize_decimals(language, format_fixed2(mean_pairwise_cosine(trace.levels[static_cast<std::size_t>(shown)].vectors))).c_str());
    float x_right = right - 4;
    if (b.trace) {  // side B dashed, in another colour; both values, labelled
        const int b_top = static_cast<int>(b.trace->levels.size()) - 1;
        dashed_polyline(dl, series(*b.trace), ImVec2(left, 0), (right - left) / static_cast<float>(std::max(1, b_top)),
                        b.playhead, IM_COL32(120, 200, 255, 255), 3.f);
        const int b_shown = std::clamp(static_cast<int>(std::floor(b.playhead)), 0, b_top);
        char b_value[48];
        std::snprintf(b_value, sizeof b_value, "B %s",
                      localize_decimals(language, format_fixed2(mean_pairwise_cosine(b.trace->levels[static_cast<std::size_t>(b_shown)].vectors))).c_str());
        x_right -= ImGui::CalcTextSize(b_value).x;
        dl->AddText(ImVec2(x_right, plot_top + 2), IM_COL32(120, 200, 255, 255), b_value);
        x_right -= line * 0.8f;
        const std::string a_value = std::string("A ") + value;
        std::snprintf(value, sizeof value, "%s", a_value.c_str());
    }
    dl->AddText(ImVec2(x_right - ImGui::CalcTextSize(value).x, plot_top + 2), IM_COL32(255, 150, 90, 255), value);
    ImGui::End();
}

}  // namespace tb
