// badges_check PNG COMMANDS [ACTIONS]: the badges strip. Rebuilds the state the window had
// (teaching_state.h), asks the core what the last change did (shown_badges at rest), and checks
// the strip where the layout puts it (normal layout or presenter mode): with badges, dark pills
// outlined and written in gold; at start-up (no change yet), no pill at all.
#include <cstdio>
#include <string>

#include "picture_check.h"
#include "scene/badge_strip.h"
#include "scene/screen.h"
#include "teaching_state.h"

int main(int argc, char** argv) {
    using namespace tb;
    using namespace tb::test;
    const Image img = read_picture(argc, argv, 2, "badges_check PNG COMMANDS [ACTIONS]");
    TeachingState state;
    Session& session = state.session;
    const Teaching& view = state.view;
    if (!run_commands(state.registry, session, argv[2])) return 2;
    const double playhead = pinned_playhead(argc, argv).value_or(session.settings().step);
    const std::vector<Badge> badges = shown_badges(session.previous_trace().get(), *session.trace(), playhead);

    const float w = static_cast<float>(img.w), h = static_cast<float>(img.h);
    const bool lesson = view.lesson().is_open();
    const float scale = window_scale(img, view.text_factor());  // the text grows with the window (scene/screen.h)
    const Rect strip = view.presenter() ? presenter_layout(w, h, scale, lesson).badges : screen_layout(w, h, scale, lesson).badges;
    const double gold = fraction(img, strip, kBadgeGold, 30), fill = fraction(img, strip, kBadgeFill, 10);
    std::printf("     %zu badges; strip %gx%g at (%g, %g): gold %.3f, pill fill %.3f\n", badges.size(), strip.w, strip.h,
                strip.x, strip.y, gold, fill);
    check(!strip.empty(), "the strip has room");
    if (badges.empty()) {
        check(gold == 0 && fill < 0.005, "no change yet: the strip is empty");
        return verdict();
    }
    check(fill > 0.08, "the pills are drawn (their dark fill)");
    check(gold > 0.01, "their outline and ratio in gold");
    // Pills run left to right from the strip's start: the first one's left end is near it.
    const Rect first{strip.x, strip.y, std::min(strip.w, 40.f), strip.h};
    check(fraction(img, first, kBadgeFill, 10) > 0.05, "the first pill at the strip's left end");
    return verdict();
}
