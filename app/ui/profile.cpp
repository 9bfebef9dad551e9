// The norm profile: one line per token, level on x, drawn as the beads pass; power-of-ten
// gridlines on the log axis (round ones on the linear axis), the √d reference, each line's word at
// its end in the token's identity colour, the previous pass faint behind when it has the same
// levels. ImGui draw lists only; the geometry is in scene/profile_axis.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/numbers.h"
#include "scene/colour.h"
#include "scene/profile_axis.h"
#include "text/text.h"
#include "ui/layout_report.h"
#include "ui/panels.h"
#include "ui/plot_parts.h"
#include "ui/rgb.h"

namespace tb {
namespace {

// The title, the log/linear switch (/vue echelle) and what the lines mean: the note on the
// switch's row where it fits, else at the title's right, else its short form on the switch's row,
// else on a line of its own, wrapped: never cut, and the plot keeps the height (presenter mode with
// a lesson at 1024x768).
void profile_header(bool log_scale, bool compared, bool previous, const Fonts& fonts, const CommandSink& send,
                    Language language) {
    const Strings& t = text_in(language);
    ImGui::PushFont(fonts.large);
    const char* title = t.profile_title;  // a narrow column (presenter mode at 1024x768): the short one
    if (ImGui::CalcTextSize(title).x > ImGui::GetContentRegionAvail().x) title = tr(language, "Normes ‖x‖", "Norms ‖x‖");
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
    const float title_right = ImGui::GetItemRectMax().x, title_bottom = ImGui::GetItemRectMax().y;
    if (ImGui::RadioButton(t.profile_log, log_scale) && !log_scale) send("/vue echelle log");
    ImGui::SameLine();
    if (ImGui::RadioButton(t.profile_linear, !log_scale) && log_scale) send("/vue echelle lineaire");
    if (!compared && !previous) return;
    const std::string note = std::string("· ") + (compared ? tr(language, "A : trait plein · B : pointillés", "A: solid · B: dashed") : t.profile_previous);
    const std::string brief = compared ? note : tr(language, "· pâle : avant", "· faint: before");
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x, gap = ImGui::GetStyle().ItemSpacing.x;
    const auto width = [](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; };
    if (ImGui::GetItemRectMax().x + gap + width(note) <= right) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", note.c_str());
    } else if (title_right + gap + width(note) <= right) {  // its bottom on the title's
        ImGui::GetWindowDrawList()->AddText(ImVec2(title_right + gap, title_bottom - ImGui::GetFontSize()),
                                            ImGui::GetColorU32(ImGuiCol_TextDisabled), note.c_str());
    } else if (ImGui::GetItemRectMax().x + gap + width(brief) <= right) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", brief.c_str());
    } else {
        ImGui::PushTextWrapPos(0.f);
        ImGui::TextDisabled("%s", brief.c_str());
        ImGui::PopTextWrapPos();
    }
}

bool light_theme() { return ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f; }

// A word in its token's identity colour; on the light theme the pale tones fade: the same hues,
// darker.
ImU32 word_ink(Rgb c) {
    const float k = light_theme() ? 0.7f : 1.f;
    return rgb({c.r * k, c.g * k, c.b * k});
}

// The words, each in its token's identity colour (its bead's outline, its line); returns the colours.
// The lines' colours: each word's identity colour (the words themselves label the lines' ends).
std::vector<Rgb> line_colours(const Trace& trace) {
    std::vector<Rgb> colours;
    for (int i = 0; i < trace.token_count(); ++i) colours.push_back(identity_colour(trace.typed_place(i)));
    return colours;
}

// The plot's frame and its y axis: value -> height, log or linear.
struct Plot {
    float left, right, top, bottom;
    ValueRange range;
    bool log_scale;
    float y(double v) const {
        double u = log_scale ? (std::log(std::max(v, range.lo)) - std::log(range.lo)) / (std::log(range.hi) - std::log(range.lo))
                             : (v - range.lo) / (range.hi - range.lo);
        u = std::clamp(u, 0.0, 1.0);
        return bottom - static_cast<float>(u) * (bottom - top);
    }
};

// An axis end's label: two significant digits, written as briefly as they allow (0,031 · 250).
std::string end_label(double v, Language language) {
    if (!(v > 0) || !std::isfinite(v)) return format_significant(v, 2, language);
    const double unit = std::pow(10.0, std::floor(std::log10(v)) - 1);
    return gridline_label(std::round(v / unit) * unit, language);
}

// The labels at the left of the y axis, in order of priority: √d, the gridlines, then the ends
// (log axis only: the linear one starts at its 0 gridline).
struct AxisLabel {
    float y;
    std::string text;
    ImU32 colour;
};
std::vector<AxisLabel> axis_labels(const Plot& p, const std::vector<double>& grid, double root_d, Language language) {
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), soft = ImGui::GetColorU32(ImGuiCol_Text, 0.75f);
    std::vector<AxisLabel> labels{{p.y(root_d), "√d", ink}};
    for (double v : grid) labels.push_back({p.y(v), gridline_label(v, language), soft});
    if (p.log_scale) {  // at the frame's ends (y_axis keeps them a little inside)
        const float line = ImGui::GetTextLineHeight();
        labels.push_back({p.top + line * 0.2f, end_label(p.range.hi, language), soft});
        labels.push_back({p.bottom - line * 0.25f, end_label(p.range.lo, language), soft});
    }
    return labels;
}

float widest(const std::vector<AxisLabel>& labels) {
    float w = 0;
    for (const auto& l : labels) w = std::max(w, ImGui::CalcTextSize(l.text.c_str()).x);
    return w;
}

// The frame, the gridlines (faint), √d, and the labels kept apart at the left.
void y_axis(ImDrawList* dl, const Plot& p, const std::vector<double>& grid, const std::vector<AxisLabel>& labels) {
    const float line = ImGui::GetTextLineHeight();
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_Text, profile_ink::kRootD);
    for (double v : grid) {
        const float y = std::round(p.y(v));  // AddLine adds half a pixel: one crisp faint row
        dl->AddLine(ImVec2(p.left + 1, y), ImVec2(p.right - 1, y), ImGui::GetColorU32(ImGuiCol_Text, profile_ink::kGrid), 1.f);
    }
    dl->AddRect(ImVec2(p.left, p.top), ImVec2(p.right, p.bottom), faint);
    const float yd = labels.front().y;
    dl->AddLine(ImVec2(p.left, yd), ImVec2(p.right, yd), faint, 1.5f);  // √d: where LayerNorm puts every vector
    // Each label a little inside the frame's height: clear of the title above and of the level
    // names below (√d near the bottom would sit on « entrée »).
    std::vector<float> ys;
    for (const auto& l : labels) ys.push_back(std::clamp(l.y, p.top + line * 0.2f, p.bottom - line * 0.25f));
    const std::vector<bool> keep = keep_apart(ys, line * 0.95f);
    for (std::size_t k = 0; k < labels.size(); ++k) {
        if (!keep[k]) continue;
        const ImVec2 e = ImGui::CalcTextSize(labels[k].text.c_str());
        dl->AddText(ImVec2(p.left - line * 0.3f - e.x, ys[k] - e.y * 0.5f), labels[k].colour, labels[k].text.c_str());
    }
}

// Each line's word just right of its end (the last level drawn), in the line's colour, the
// labels stacked apart where lines end close together; shrunk to fit `room` when a word is long.
void end_labels(ImDrawList* dl, const Plot& p, const std::vector<ImVec2>& tips, const Trace& trace,
                const std::vector<Rgb>& colours, float room) {
    const float line = ImGui::GetTextLineHeight();
    std::vector<float> wanted;
    for (const ImVec2& t : tips) wanted.push_back(t.y);
    // Above the levels' names under the frame: the last one (« sortie ») reaches under the words.
    // Closer and smaller where the plot is short for them all (a large /vue texte), not under the floor.
    const float top = p.top - line * 0.6f, bottom = p.bottom + 2.f;
    const float pitch = std::min(line * 0.92f, (bottom - top) / std::max<float>(1.f, static_cast<float>(tips.size())));
    const float most = std::max(kMinTextPx, ImGui::GetFontSize() * pitch / (line * 0.92f));
    const std::vector<float> ys = spread_labels(wanted, pitch, top, bottom);
    ImFont* font = ImGui::GetFont();
    for (std::size_t i = 0; i < tips.size(); ++i) {
        const char* word = trace.tokens[i].word.c_str();
        const float gap = line * 0.35f;
        const float fit = (room - gap) / std::max(1.f, ImGui::CalcTextSize(word).x);
        const float size = std::max(kMinTextPx, most * std::min(1.f, fit));  // never under the floor
        dl->AddText(font, size, ImVec2(tips[i].x + gap, ys[i] - size * 0.5f), word_ink(colours[i]), word);
    }
}

}  // namespace

void draw_profile(const Rect& rect, const Trace& trace, const Trace* previous, double playhead, bool log_scale,
                  const Fonts& fonts, const CommandSink& send, Language language, Compared b) {
    if (b.trace || !previous_comparable(trace, previous)) previous = nullptr;  // same levels only, never stretched
    if (!begin_tool_panel("##profil", rect, ImGuiWindowFlags_NoScrollbar)) return;
    profile_header(log_scale, b.trace != nullptr, previous != nullptr, fonts, send, language);
    const std::vector<Rgb> colours = line_colours(trace);
    const int n = trace.token_count();

    const auto current = norms_by_level(trace);
    const auto before = previous ? norms_by_level(*previous) : std::vector<std::vector<double>>{};
    const auto side_b = b.trace ? norms_by_level(*b.trace) : std::vector<std::vector<double>>{};
    const double root_d = std::sqrt(static_cast<double>(trace.settings.dimension));
    const ValueRange range = value_range({&current, &before, &side_b}, root_d, log_scale);
    const std::vector<double> grid = log_scale ? log_gridlines(range.lo, range.hi) : linear_gridlines(range.lo, range.hi, 4);

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    float words = 0;  // the end labels' room at the right
    for (const auto& t : trace.tokens) words = std::max(words, ImGui::CalcTextSize(t.word.c_str()).x);
    // The words' room at the right: a fifth of the panel, or what the longest needs at the smallest text.
    const float smallest = words * kMinTextPx / std::max(1.f, ImGui::GetFontSize()) + line * 0.6f;
    const float room = std::min(words + line * 0.6f, std::max(rect.w * 0.22f, smallest));
    const int top = static_cast<int>(trace.levels.size()) - 1;
    // Whole pixels: the frame and the gridlines fall on pixel rows and columns, crisp and faint.
    Plot p{0, std::round(rect.right() - line * 0.4f - room), std::round(cursor.y + line * 0.6f), 0, range, log_scale};
    const std::vector<AxisLabel> probe = axis_labels(p, grid, root_d, language);  // their widths set the left margin
    p.left = std::round(cursor.x + std::max(line * 1.6f, widest(probe) + line * 0.5f));
    // The end levels' names may reach under the y axis's labels and the end labels' column, to the panel's edges.
    const plot::AxisRoom names{std::max(line, p.left - cursor.x), std::max(line * 0.8f, rect.right() - ImGui::GetStyle().WindowPadding.x - p.right)};
    p.bottom = std::round(rect.bottom() - line * (plot::axis_lines(p.right - p.left, top, language, names) + 0.2f));
    if (p.right - p.left < 20 || p.bottom - p.top < 20) {
        ImGui::End();
        return;
    }
    report_mark("profile_plot", p.left, p.top, p.right, p.bottom, {});  // its height, for tests/gui
    y_axis(dl, p, grid, axis_labels(p, grid, root_d, language));
    const float cell = (p.right - p.left) / static_cast<float>(std::max(1, top));
    plot::level_axis(dl, ImVec2(p.left, p.bottom), p.right - p.left, top, p.bottom + 4, language, names);
    auto heights = [&](const std::vector<std::vector<double>>& series, int i) {
        std::vector<float> ys;
        for (const auto& level : series) ys.push_back(p.y(level[static_cast<std::size_t>(i)]));
        return ys;
    };
    if (!before.empty())  // the previous run, faint, complete, on the same levels
        for (int i = 0; i < static_cast<int>(before.front().size()); ++i)
            plot::polyline(dl, heights(before, i), ImVec2(p.left, 0), cell, top, ImGui::GetColorU32(ImGuiCol_Text, profile_ink::kPrevious), 1.5f);
    const bool light = light_theme();
    std::vector<ImVec2> tips;
    for (int i = 0; i < n; ++i) {
        const std::vector<float> ys = heights(current, i);
        // On white, pale token colours fade: a dark edge under each line keeps it visible.
        if (light) plot::polyline(dl, ys, ImVec2(p.left, 0), cell, playhead, IM_COL32(0, 0, 0, 200), 4.5f);
        plot::polyline(dl, ys, ImVec2(p.left, 0), cell, playhead, rgb(colours[static_cast<std::size_t>(i)], 1.f), 2.5f);
        tips.push_back(plot::points_until(ys, ImVec2(p.left, 0), cell, playhead).back());
    }
    if (!side_b.empty()) {  // side B: same sentence, same colours, dashed; its levels span the same width
        const int b_top = static_cast<int>(side_b.size()) - 1;
        const float b_cell = (p.right - p.left) / static_cast<float>(std::max(1, b_top));
        for (int i = 0; i < n && i < static_cast<int>(side_b.front().size()); ++i) {
            if (light) plot::dashed_polyline(dl, heights(side_b, i), ImVec2(p.left, 0), b_cell, b.playhead, IM_COL32(0, 0, 0, 130), 3.8f);
            plot::dashed_polyline(dl, heights(side_b, i), ImVec2(p.left, 0), b_cell, b.playhead, rgb(colours[static_cast<std::size_t>(i)], 1.f), 2.5f);
        }
    }
    end_labels(dl, p, tips, trace, colours, room);
    ImGui::End();
}

}  // namespace tb
