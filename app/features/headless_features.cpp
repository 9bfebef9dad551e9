// Headless (--headless): the window's commands declared, each answering that it needs the window,
// but A/B, the model side's (commands/comparison.h); /exporter with no image and an SVG of both
// sides at --size; /session and /lien with the model's part.
#include <memory>

#include "commands/comparison.h"
#include "commands/sweep.h"
#include "features/window_features.h"
#include "persist/view_link.h"
#include "persist/view_state.h"
#include "scene/decode.h"
#include "scene/svg.h"

namespace tb {
namespace {

// A window command without the window: its declaration, answering that it needs the window.
Command window_only(const Command& c) {
    const std::string name = c.name;
    Command stub(c.name, c.usage, c.help + " (fenêtre seulement)", c.values,
                 [name](Session&, const Args&) {
                     return CommandResult(false, "/" + name + " n'existe qu'avec la fenêtre (pas avec --headless)",
                                          "/" + name + " exists only with the window (not with --headless)");
                 },
                 c.help_en + " (window only)");
    stub.usage_en = c.usage_en;
    return stub;
}

// The cross-section at rest at --size, dark, as the window lays it out: side A alone, or with the
// comparison open both stacks split as Features::svg splits them, labelled alike.
std::string headless_svg(const Session& a, const SideBState& ab, float w, float h, Language language) {
    SvgPicture p = headless_svg_picture(a.trace(), w, h, language, a.previous_trace().get());
    const std::shared_ptr<const Generation>& g = a.generation().last;  // told at the end of its story, as --screenshot
    const std::vector<std::string> words = g ? generation_words(a.vocabulary()) : std::vector<std::string>{};
    const Session* b = ab.b();
    if (!b) {
        if (g) tell_generation(p.sides.front(), *g, decode_beats(*g), words, language);
        return cross_section_svg(p);
    }
    const ScreenLayout screen = comparison_screen(screen_layout(w, h, p.scale, false), p.scale);
    const ComparisonLayout split = comparison_layout(screen, p.scale);
    const ComparisonLabels labels = comparison_labels(a.settings(), b->settings(), ab.overrides(), language);
    p.badges_rect = screen.badges;
    p.sides.clear();
    p.sides.push_back(svg_side_at_rest(a.trace(), split.a, {}, 'a', p.scale));
    p.sides.push_back(svg_side_at_rest(b->trace(), split.b, {}, 'b', p.scale));
    p.sides[0].label = labels.a, p.sides[0].label_short = labels.a_short, p.sides[0].label_rect = split.label_a;
    p.sides[1].label = labels.b, p.sides[1].label_short = labels.b_short, p.sides[1].label_rect = split.label_b;
    p.sides[0].label_colour = side_colour(ComparedSide::A, Theme::Dark);
    p.sides[1].label_colour = side_colour(ComparedSide::B, Theme::Dark);
    if (g) {  // side B tells A's words on its own stack, as the window's picture does
        tell_generation(p.sides[0], *g, decode_beats(*g), words, language);
        if (const std::shared_ptr<const Generation> on_b = generation_on(*b->trace(), *g))
            tell_generation(p.sides[1], *on_b, decode_beats(*on_b), words, language);
    }
    return cross_section_svg(p);
}

// A session's view headless: its A/B comparison only (the window's view options and lesson are
// checked as the window checks them, then left aside), so that side B, its settings and its
// trained weights are saved and reopened without the window too.
class HeadlessView : public SessionView {
public:
    explicit HeadlessView(std::shared_ptr<SideBState> side_b) : side_b_(std::move(side_b)) {}
    nlohmann::json save_view() const override {
        side_b_->sync();
        ViewState v;
        if (const Session* b = side_b_->b()) v.comparison = ViewState::Comparison{side_b_->overrides(), b->settings()};
        nlohmann::json j = nlohmann::json::object();
        if (v.comparison) j["comparison"] = view_to_json(v)["comparison"];
        return j;
    }
    std::optional<std::string> check_view(const nlohmann::json& view) const override {
        ViewState v;
        return view_from_json(view, side_b_->a().settings().heads, v);
    }
    void apply_view(const nlohmann::json& view) override {
        ViewState v;
        if (view_from_json(view, side_b_->a().settings().heads, v)) return;  // checked before: cannot happen
        if (v.comparison) side_b_->open(v.comparison->overrides, v.comparison->b);
        else side_b_->close();
    }
    std::optional<Settings> side_b_settings(const nlohmann::json& view, const Settings& a) const override {
        ViewState v;
        if (view_from_json(view, a.heads, v) || !v.comparison) return std::nullopt;
        return merge_b(a, v.comparison->b, v.comparison->overrides);  // as SideBState::open makes it
    }
    Session* side_b() override {
        side_b_->sync();
        return side_b_->b();
    }
    const Session* side_b() const override {
        side_b_->sync();
        return side_b_->b();
    }

private:
    std::shared_ptr<SideBState> side_b_;
};

}  // namespace

void Features::install_headless(Session& session, CommandRegistry& registry, int width, int height) {
    Features declared(session, registry);
    // A/B is the model side's (commands/comparison.h): /comparer and /b work headless too.
    auto side_b = std::make_shared<SideBState>(session);
    for (Command& c : comparison_commands(side_b, registry)) registry.add(std::move(c));
    for (const Command& c : declared.declarations())
        if (!registry.find(c.name)) registry.add(window_only(c));
    train_side_b_too(registry, side_b);  // /entrainer trains B beside A
    if (Command* reinit = registry.find("reinit"))  // one stack again, as the window's /reinit closes A/B
        reinit->run = [side_b, inner = reinit->run](Session& session, const Args& args) {
            CommandResult result = inner(session, args);
            if (result.ok) side_b->close();
            return result;
        };
    set_sweep_side_b(registry, [side_b]() -> const Session* {
        side_b->sync();
        return side_b->b();
    });
    // Its image kind needs the window; its SVG is the window's picture at the given size, dark.
    const float w = static_cast<float>(width), h = static_cast<float>(height);
    add_export_commands(registry, nullptr, [&registry, w, h, side_b](const Session& s) {
        side_b->sync();
        return headless_svg(s, *side_b, w, h, registry.language());
    }, [side_b]() -> const Session* {
        side_b->sync();  // headless, B catches up with A when asked
        return side_b->b();
    });
    // /session: the model's part and side B (HeadlessView), kept alive by the command's handler.
    auto view = std::make_shared<HeadlessView>(side_b);
    add_session_commands(registry, view.get());
    if (Command* session_command = registry.find("session"))
        session_command->run = [view, inner = session_command->run](Session& s, const Args& args) { return inner(s, args); };
    // /lien: the model's part and A/B (no view: the window's options are the window's).
    add_link_command(registry, [side_b](const Session& a) {
        side_b->sync();
        WindowLink w;
        if (const Session* b = side_b->b()) w.view.comparison = ViewState::Comparison{side_b->overrides(), b->settings()};
        return window_link(a, w);
    });
}

}  // namespace tb
