// The sweep panel (/panneau graines; inspector/sweep.h): every seed's loss curve faint, the median
// bold with the band from the first to the third quartile, A and B in their colours; the verdict in
// words from the figures; a row per seed, a click on it opening that seed's run (/graine s, then
// /entrainer N: the same run, bit for bit).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "base/numbers.h"
#include "inspector/sweep.h"
#include "text/text.h"
#include "ui/inspector_panels.h"
#include "ui/sides.h"

namespace tb {
namespace {

struct Axes {
    ImVec2 p0, p1;  // the plot's corners
    double steps = 1, top = 1;
    ImVec2 at(std::size_t k, double loss) const {
        const float x = p0.x + (p1.x - p0.x) * static_cast<float>(static_cast<double>(k) / std::max(1.0, steps - 1));
        return {x, p1.y - (p1.y - p0.y) * static_cast<float>(std::clamp(loss / top, 0.0, 1.0))};
    }
};

// One side: its seeds faint, its band, its median bold.
void draw_side(ImDrawList* dl, const Axes& axes, const std::vector<SweepRun>& runs, ComparedSide side) {
    for (const SweepRun& run : runs) {
        std::vector<ImVec2> points;
        const std::size_t stride = std::max<std::size_t>(1, run.losses.size() / 300);
        for (std::size_t k = 0; k < run.losses.size(); k += stride) points.push_back(axes.at(k, run.losses[k]));
        dl->AddPolyline(points.data(), static_cast<int>(points.size()), side_u32(side, 60), 0, 1.f);
    }
    const SweepBand band = sweep_band(runs);
    const std::size_t stride = std::max<std::size_t>(1, band.median.size() / 300);
    std::vector<ImVec2> median;
    for (std::size_t k = 0; k < band.median.size(); k += stride) {
        const std::size_t next = std::min(band.median.size() - 1, k + stride);
        dl->AddQuadFilled(axes.at(k, band.q1[k]), axes.at(next, band.q1[next]), axes.at(next, band.q3[next]), axes.at(k, band.q3[k]),
                          side_u32(side, 70));
        median.push_back(axes.at(k, band.median[k]));
    }
    dl->AddPolyline(median.data(), static_cast<int>(median.size()), side_u32(side), 0, 3.f);
}

void draw_curves(const Sweep& sweep, float height, Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float label = ImGui::CalcTextSize("10").x + 6, width = ImGui::GetContentRegionAvail().x;
    Axes axes{ImVec2(origin.x + label, origin.y + 4), ImVec2(origin.x + width - 4, origin.y + height - ImGui::GetTextLineHeight() - 4)};
    axes.steps = sweep.steps;
    for (const auto* side : {&sweep.a, &sweep.b})
        for (const SweepRun& r : *side)
            for (double v : r.losses)
                if (std::isfinite(v)) axes.top = std::max(axes.top, v);
    const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    dl->AddLine(ImVec2(axes.p0.x, axes.p1.y), axes.p1, muted);
    dl->AddLine(axes.p0, ImVec2(axes.p0.x, axes.p1.y), muted);
    dl->AddText(ImVec2(origin.x, axes.p0.y), muted, format_count(static_cast<std::int64_t>(std::ceil(axes.top)), language).c_str());
    dl->AddText(ImVec2(origin.x, axes.p1.y - ImGui::GetTextLineHeight()), muted, "0");
    const std::string steps = format_count(sweep.steps, language) + tr(language, " pas", " steps");
    dl->AddText(ImVec2(axes.p1.x - ImGui::CalcTextSize(steps.c_str()).x, axes.p1.y + 2), muted, steps.c_str());
    draw_side(dl, axes, sweep.a, ComparedSide::A);
    if (!sweep.b.empty()) draw_side(dl, axes, sweep.b, ComparedSide::B);
    ImGui::Dummy(ImVec2(width, height));
}

std::string figure(double v, Language language) { return std::isnan(v) ? "—" : format_fixed(v, 2, language); }

void rows_table(const Sweep& sweep, const CommandSink& send, Language language) {
    const bool with_b = !sweep.b.empty();
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchSame;
    if (!ImGui::BeginTable("##graines", with_b ? 4 : 2, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr(language, "graine", "seed"));
    ImGui::TableSetupColumn("A");
    if (with_b) ImGui::TableSetupColumn("B"), ImGui::TableSetupColumn("B − A");
    ImGui::TableHeadersRow();
    for (const SweepRow& row : sweep_rows(sweep)) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const std::string seed = std::to_string(row.seed);
        if (ImGui::Selectable(seed.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) {
            send("/graine " + seed);
            send("/entrainer " + std::to_string(sweep.steps));
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(tr(language, "/graine %s puis /entrainer %d : le même entraînement, pas à pas", "/graine %s then /entrainer %d: the same run, step by step"),
                              seed.c_str(), sweep.steps);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(figure(row.a, language).c_str());
        if (!with_b) continue;
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(figure(row.b, language).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(figure(row.gap, language).c_str());
    }
    ImGui::EndTable();
}

// A sweep under way: how far it has come, and how to stop it; the last sweep, if any, below.
void progress_lines(const SweepProgress& running, bool previous, Language language) {
    const Text where = progress_text(running);
    text_whole(tr(language, "Balayage en cours : ", "Sweep running: ") + (language == Language::French ? where.fr : where.en) +
               tr(language, " — /entrainer stop l'annule", " — /entrainer stop cancels it"));
    ImGui::ProgressBar(running.total > 0 ? static_cast<float>(running.done) / static_cast<float>(running.total) : 0.f, ImVec2(-1, 0), "");
    if (previous) text_whole(tr(language, "Le balayage précédent :", "The previous sweep:"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
}

}  // namespace

void draw_sweep_panel(const Rect& rect, const Sweep* sweep, const SweepProgress* running, const CommandSink& send, Language language) {
    if (!begin_panel("##panneau_graines", rect)) return;
    draw_training_family_row(Panel::Sweep, send, language);
    ImGui::PushTextWrapPos(0);
    const bool any = sweep && !sweep->a.empty();
    if (running) progress_lines(*running, any, language);
    if (!any) {
        if (!running)
            ImGui::TextUnformatted(tr(language, "Aucun balayage : /graines 1..12 300 entraîne chaque graine (A et B avec /comparer on).",
                                      "No sweep yet: /graines 1..12 300 trains each seed (A and B with /comparer on)."));
        ImGui::PopTextWrapPos();
        ImGui::End();
        return;
    }
    const std::vector<SweepRow> rows = sweep_rows(*sweep);
    std::vector<double> a, b;
    for (const SweepRow& r : rows) a.push_back(r.a), b.push_back(r.b);
    const std::string title = tr(language, "Graines ", "Seeds ") + std::to_string(sweep->seed(0)) + ".." +
                              std::to_string(sweep->seed(rows.size() - 1)) + " · " + format_count(sweep->steps, language) +
                              tr(language, " pas · moyenne des 30 derniers", " steps · mean of the last 30");
    text_whole(title);
    if (!sweep->b.empty()) {
        const Text verdict = sweep_verdict(a, b);
        text_whole(language == Language::French ? verdict.fr : verdict.en);
    } else {
        text_whole(tr(language, "A : médiane ", "A: median ") + figure(linear_quantile(a, 0.5), language));
    }
    ImGui::PopTextWrapPos();
    draw_curves(*sweep, std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y * 0.5f), language);
    rows_table(*sweep, send, language);
    ImGui::End();
}

}  // namespace tb
