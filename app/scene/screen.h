#pragma once
// Where each panel sits in the window: a pure function of the window size and the interface
// scale, shared by the window and by the screenshot checker (tests/gui) so that both agree.
namespace tb {

struct Point {
    float x = 0, y = 0;
};

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;  // screen pixels, y down
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    float cx() const { return x + w * 0.5f; }
    float cy() const { return y + h * 0.5f; }
    bool empty() const { return w <= 1 || h <= 1; }
    bool contains(Point p) const { return p.x >= x && p.x <= right() && p.y >= y && p.y <= bottom(); }
};

struct ScreenLayout {
    Rect top_bar;   // title, parameter counter, seed, main buttons
    Rect controls;  // the settings panel: one widget a setting, the head and the speed
    Rect console;   // log and input line
    Rect section;   // the cross-section (beads, boxes)
    Rect timeline;  // level names, play/pause, scrub
    Rect profile;   // norm profile
    Rect cosine;    // mean pairwise cosine similarity by level, below the profile, left
    Rect legend;    // how colour and size are made, beside the cosine plot
    Rect similarity;  // token x token cosine similarity at the beads' level, below them
    Rect formula;   // above the cross-section: the sublayer's formula as wired now
    Rect badges;    // under the formula: what the last change did to each figure (old → new, × r)
    Rect lesson;    // the lesson panel (empty when no lesson is open)
};

// The text size. A class reads the screen from the back, so the body text grows with the window: a
// line is a 42nd of the window's height, or a 60th of its width where that is less (a 4:3
// projector), never under 16 px (times the monitor's content scale): 1024x768 and 1280x720 17 px,
// 1366x768 18 px, 1600x900 21 px, 1920x1080 26 px. The user's text size (/vue texte, Ctrl +/-)
// and presenter mode's enlargement multiply it, down to the same floor: no text under 16 px.
constexpr float kBaseTextPx = 19.f;  // the body size at interface scale 1 (the panels' sizes are drawn for it)
constexpr float kMinTextPx = 16.f;   // the smallest text anywhere in the window
float body_text_px(float width, float height, float content_scale = 1.f);
float text_px(float width, float height, float content_scale, float user_scale);
// Presenter mode's text: at most a 31.5th of the window's height (28.6 px at 900 lines), what its
// strips (the formula, the lesson's question and answer) are sized for; never under the floor.
inline float presenter_text_px(float px, float height, float content_scale) {
    const float floor = kMinTextPx * (content_scale < 1.f ? 1.f : content_scale);
    const float cap = height / 31.5f;
    return px < cap ? px : (cap > floor ? cap : floor);
}
inline float interface_scale(float width, float height, float content_scale, float user_scale) {
    return text_px(width, height, content_scale, user_scale) / kBaseTextPx;
}

// `scale` is the interface scale (content scale times the text size chosen with Ctrl +/-).
// Never negative sizes, whatever the window (200x150, 0x0).
// With a lesson open, its panel takes the top of the left column.
// Its right column, top to bottom: the norm profile, the mean-cosine plot beside the legend, the
// similarity grid (the inspector's tabs come in under the profile: inspector_layout).
// `text_scale` (0: `scale`) sizes the rows whose text the class reads (the formula, the badges; in
// presenter mode the timeline and the lesson too): the user's text size (/vue texte) grows them and
// their text, while the columns, and so the stack's width, and the teacher's panels (help.h's
// begin_tool_panel) follow `scale`, the window's own (App: Features::layout_scale()).
ScreenLayout screen_layout(float width, float height, float scale, bool lesson = false, float text_scale = 0);
// The left column without a lesson: the controls take the height their content took last frame
// (`controls_content`, 0 before the first), down to leaving the console `console_min`; the console
// takes the rest (a tall window gives its log more lines, a 768-line projector keeps every control).
void share_left_column(ScreenLayout& s, float controls_content, float console_min);
// Presenter mode keeps the evidence, large: the formula, the badges, the cross-section and the
// timeline in the centre; the norm profile, the mean-cosine plot and the similarity grid on the
// right; with a lesson, its panel as a strip across the bottom (question and answer beside what to
// look at, so that neither scrolls). The controls, the console, the top bar and the legend go.
ScreenLayout presenter_layout(float width, float height, float scale, bool lesson, float text_scale = 0);

// Where the stack goes in its section: all of it, or, while a card of what to notice is shown
// (/melanger's reply, which presenter mode has no console for), below the card's share at its top,
// so that the card covers no box nor label.
constexpr float kCardShare = 0.18f;
Rect stack_area(const Rect& section, bool card);

}  // namespace tb
