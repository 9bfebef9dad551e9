// The App's A/B comparison: /comparer on|off splits the cross-section into two stacks with the
// same sentence and seed; /b <command> changes a setting on side B only (/b /residuel off). Both
// are animated by the one playhead, and the norm profile shows B dashed over A.
#include <imgui.h>

#include <algorithm>

#include "app.h"
#include "render/bead_renderer.h"
#include "text/text.h"
#include "ui/panels.h"
#include "utf8.h"

namespace tb {

void App::add_comparison_commands(CommandRegistry& registry) {
    registry.add({"comparer", "/comparer <on|off>",
                  "Coupe la vue en deux piles A | B, même phrase et même graine ; /b change un réglage du côté B.",
                  {"on", "off"},
                  on_off("comparer", [this](bool on) -> CommandResult {
                      if (on) {
                          // B starts as a copy of A (the vocabulary is copied: B owns what it reads).
                          open_comparison({}, session_.settings());
                          return CommandResult(true,
                                        "comparaison A | B : même phrase, même graine ; changez le côté B avec /b, "
                                        "par exemple /b /residuel off",
                                        "A | B comparison: same sentence, same seed; change side B with /b, for "
                                        "example /b /residuel off");
                      }
                      b_.reset();
                      return CommandResult(true, "comparaison fermée", "comparison closed");
                  }),
                  "Splits the view into two stacks A | B, same sentence and seed; /b changes a setting on side B."});
    registry.add({"b", "/b <commande>",
                  "Applique une commande de réglage au côté B seulement (/b /residuel off), pendant /comparer on.",
                  {},
                  [this](Session&, const Args& args) -> CommandResult {
                      if (!b_)
                          return CommandResult(false, "/b : ouvrez d'abord la comparaison (/comparer on)",
                                        "/b: open the comparison first (/comparer on)");
                      std::string line = args.text();
                      line.erase(0, line.find_first_not_of(" \t/"));
                      const std::string name =
                          utf8::is_valid(line) ? utf8::fold(line.substr(0, line.find_first_of(" \t"))) : std::string();
                      if (!allowed_on_b(name))
                          return CommandResult(false,
                                        "/b attend une commande de réglage : /couches, /position, /residuel, /norme, "
                                        "/ffn, /dimension, /masque ou /activation (reçu « " + args.text() +
                                            " ») ; la phrase, la graine et l'étape sont communes aux deux côtés",
                                        "/b expects a setting command: /couches, /position, /residuel, /norme, /ffn, "
                                        "/dimension, /masque or /activation (got « " + args.text() +
                                            " »); the sentence, seed and step are shared");
                      const Settings before = b_->settings();
                      const CommandResult r = registry_.execute(*b_, "/" + line);
                      if (!r.ok) return CommandResult(false, "côté B : " + r.message, "side B: " + r.message);
                      mark_changes(b_overrides_, before, b_->settings());
                      sync_b();
                      // Both stacks rise again together, so the class watches the difference unfold.
                      playhead_ = 0;
                      playing_ = true;
                      pinned_ = false;
                      return CommandResult(true, "côté B : " + r.message, "side B: " + r.message);
                  },
                  "Runs a setting command on side B only (/b /residuel off), while /comparer is on."});
}

void App::open_comparison(const Overrides& overrides, const Settings& b) {
    // B owns a copy of the vocabulary (small): it never depends on A's lifetime.
    b_ = std::make_unique<Session>(std::make_shared<const Vocabulary>(session_.vocabulary()),
                                   merge_b(session_.settings(), b, overrides));
    b_overrides_ = overrides;
    b_seen_a_replay_ = session_.replay_count();
}

void App::sync_b() {
    if (!b_) return;
    const bool a_replayed = session_.replay_count() != b_seen_a_replay_;
    b_seen_a_replay_ = session_.replay_count();
    const Settings want = merge_b(session_.settings(), b_->settings(), b_overrides_);
    if (!same_model(want, b_->settings())) {
        b_->apply(want);  // replays B
        return;
    }
    if (want.step != b_->settings().step) b_->apply(want);
    if (a_replayed) b_->replay();  // A replayed (/propager with its seed, a lesson step): B too
}

double App::playhead_b() const {
    const int a_step = session_.settings().step, b_step = b_ ? b_->settings().step : 0;
    if (a_step <= 0) return std::min(playhead_, static_cast<double>(b_step));
    return std::clamp(playhead_ * b_step / a_step, 0.0, static_cast<double>(b_step));
}

void App::draw_comparison(const ScreenLayout& screen, float scale, const Fonts& fonts, BeadRenderer* beads) {
    const std::shared_ptr<const Trace> a = session_.trace(), b = b_->trace();
    const ComparisonLayout split = comparison_layout(screen, scale);
    const ThemeColours& colours = theme_colours(theme_);

    const Layout layout_a = make_layout(a->settings, split.a), layout_b = make_layout(b->settings, split.b);
    const FrameRecords frame_a = animate(*a, layout_a, playhead_, animation_);
    const FrameRecords frame_b = animate(*b, layout_b, playhead_b(), animation_);
    BeadPainter painter_a, painter_b;
    if (beads) {
        beads->set(frame_a.beads);
        beads->set_second(frame_b.beads);
        painter_a = {&BeadRenderer::callback, beads};
        painter_b = {&BeadRenderer::callback_second, beads};
    }
    draw_cross_section(split.a, layout_a, frame_a, *a, fonts, painter_a, colours, "##coupe");
    draw_cross_section(split.b, layout_b, frame_b, *b, fonts, painter_b, colours, "##coupe_b");
    if (begin_panel("##coupe_b", split.b)) {  // appended to B's window: the line between the stacks
        const ImU32 line = ImGui::GetColorU32(ImGuiCol_Text, 0.35f);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->PushClipRect(ImVec2(split.b.x, split.b.y), ImVec2(split.b.right(), split.b.bottom()), false);  // past the padding
        dl->AddLine(ImVec2(split.b.x + 1, split.b.y), ImVec2(split.b.x + 1, split.b.bottom()), line, 2.f);
        dl->PopClipRect();
        ImGui::End();
    }

    // The labels: A, and B with what differs.
    const std::string differs = describe(b->settings, b_overrides_);
    const std::string label_b = "B — " + (differs.empty() ? std::string(tr("identique à A (/b pour changer)",
                                                                          "same as A (/b to change)"))
                                                          : differs);
    const struct {
        const Rect& rect;
        const char* id;
        std::string text;
    } labels[] = {{split.label_a, "##etiquette_a", "A" + (differs.empty() ? std::string() : " — " + describe(a->settings, b_overrides_))},
                  {split.label_b, "##etiquette_b", label_b}};
    for (const auto& l : labels) {
        if (!begin_panel(l.id, l.rect, ImGuiWindowFlags_NoScrollbar)) continue;
        // Large when it fits the half, else the body font, wrapped: the whole difference stays readable.
        ImGui::PushFont(fonts.large);
        const bool fits = ImGui::CalcTextSize(l.text.c_str()).x <= l.rect.w - ImGui::GetStyle().WindowPadding.x * 2;
        if (!fits) {
            ImGui::PopFont();
            ImGui::PushFont(fonts.body);
        }
        ImGui::PushTextWrapPos(0);
        // Yellow on the dark theme; the theme's text colour on the light one (yellow fades on white).
        const palette::Colour8 c = theme_ == Theme::Light ? colours.text : palette::Colour8{255, 219, 89};
        ImGui::TextColored(ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, 1), "%s", l.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopFont();
        ImGui::End();
    }
}

}  // namespace tb
