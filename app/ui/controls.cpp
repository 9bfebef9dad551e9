// The settings panel: one widget a setting of the table, each change sent as the command a class
// could type; then the view's head and speed.
#include "ui/controls.h"

#include <imgui.h>

#include <cstring>
#include <functional>
#include <vector>

#include "settings_table.h"
#include "text/text.h"

namespace tb {
namespace {

const char* in_language(const Text& t, Language language) { return tr(language, t.fr.c_str(), t.en.c_str()); }

// How wide a radio button is: its circle, the spacing, its label (without the ##id).
float radio_width(const std::string& label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label.c_str(), nullptr, true).x;
}

// The right end of the panel's content, in screen pixels.
float content_right() { return ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x; }

// On the same line as the last item when `width` fits in what is left of it, else on the next.
void same_line_if_fits(float width) {
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= content_right()) ImGui::SameLine();
}

// Radio buttons, one a value: on the label's line when they all fit there, else on the lines
// below, as many to a line as fit (a narrow column at 1024 x 768 wraps them).
void radio_row(const std::vector<std::string>& labels, int selected, const std::function<void(int)>& chosen) {
    const ImGuiStyle& style = ImGui::GetStyle();
    float all = 0;
    for (const auto& l : labels) all += style.ItemSpacing.x + radio_width(l);
    const bool beside = ImGui::GetItemRectMax().x + all <= content_right();
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (beside) ImGui::SameLine();
        else if (i > 0) same_line_if_fits(radio_width(labels[i]));
        if (ImGui::RadioButton(labels[i].c_str(), selected == static_cast<int>(i)) && selected != static_cast<int>(i))
            chosen(static_cast<int>(i));
    }
}

// The label and its (?), then the widget that follows on the rest of the same line (one row per
// slider), or on the next line where fewer than six letters' width would be left for it.
void label_before(const char* label, const char* help) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    help_marker(help);
    same_line_if_fits(ImGui::GetFontSize() * 6.f);
    ImGui::SetNextItemWidth(-FLT_MIN);
}

std::string command_for(const SettingEntry& e, const std::string& value) { return "/" + e.command + " " + value; }

// A slider over the range (the step's ends at 2L+1). A wide one sends on release, so that a drag
// is one command; its value while dragged lives in `state`.
void slider(const SettingEntry& e, const Settings& s, ControlsState& state, const CommandSink& send,
            Language language) {
    const int now = e.get(s);
    const bool held = state.dragging == e.key;
    int v = held ? state.dragged : now;
    label_before(in_language(e.label, language), in_language(tooltip_for(e, s), language));
    const bool moved = ImGui::SliderInt(("##" + e.command).c_str(), &v, e.lo, e.top ? e.top(s) : e.hi);
    if (!e.send_on_release) {
        if (moved && v != now) send(command_for(e, std::to_string(v)));
        return;
    }
    if (ImGui::IsItemActive()) state.dragging = e.key, state.dragged = v;
    if (ImGui::IsItemDeactivatedAfterEdit() && v != now) send(command_for(e, std::to_string(v)));
    if (!ImGui::IsItemActive() && held) state.dragging.clear();
}

// One radio button a value (radio_row).
void radios(const SettingEntry& e, const Settings& s, const CommandSink& send, Language language) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(in_language(e.label, language));
    help_marker(in_language(tooltip_for(e, s), language));
    const auto values = named_values(e);
    std::vector<std::string> labels;
    int selected = -1;
    for (std::size_t i = 0; i < values.size(); ++i) {
        labels.push_back(std::string(in_language(values[i]->label, language)) + "##" + e.command + values[i]->word);
        if (e.get(s) == values[i]->value) selected = static_cast<int>(i);
    }
    radio_row(labels, selected, [&](int i) { send(command_for(e, values[static_cast<std::size_t>(i)]->word)); });
}

void checkbox(const SettingEntry& e, const Settings& s, const CommandSink& send, Language language) {
    bool on = e.get(s) != 0;
    const std::string next = next_value_word(e, s);
    if (ImGui::Checkbox(in_language(e.label, language), &on)) send(command_for(e, next));
    help_marker(in_language(tooltip_for(e, s), language));
}

void text_field(const SettingEntry& e, const Settings& s, ControlsState& state, const CommandSink& send,
                Language language) {
    // The field beside the label where the sentence fits there, else on a line of its own.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(in_language(e.label, language));
    help_marker(in_language(tooltip_for(e, s), language));
    same_line_if_fits(std::max(ImGui::GetFontSize() * 6.f, ImGui::CalcTextSize(state.sentence).x + ImGui::GetStyle().FramePadding.x * 2));
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (state.sentence_shown != s.sentence && !state.sentence_editing) {
        std::snprintf(state.sentence, sizeof state.sentence, "%s", s.sentence.c_str());
        state.sentence_shown = s.sentence;
    }
    if (ImGui::InputText(("##" + e.command).c_str(), state.sentence, sizeof state.sentence,
                         ImGuiInputTextFlags_EnterReturnsTrue))
        send(command_for(e, state.sentence));
    state.sentence_editing = ImGui::IsItemActive();
}

// The widget of one setting, from its kind in the table.
void setting_widget(const SettingEntry& e, const Settings& s, ControlsState& state, const CommandSink& send,
                    Language language) {
    switch (e.kind) {
        case SettingKind::Integer:
            if (e.words.empty()) slider(e, s, state, send, language);
            else radios(e, s, send, language);
            break;
        case SettingKind::Choice: radios(e, s, send, language); break;
        case SettingKind::OnOff: checkbox(e, s, send, language); break;
        case SettingKind::FreeText: text_field(e, s, state, send, language); break;
        case SettingKind::Seed: break;  // shown in the top bar, changed by /graine and /propager
    }
}

// The view's part: the attention head drawn (/vue tete) and the seconds a sublayer (/vue vitesse).
void view_controls(const Settings& s, ControlsState& state, const AnimationOptions& animation, const CommandSink& send, Language language) {
    const Strings& t = text_in(language);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(t.head);
    help_marker(t.head_help);
    std::vector<std::string> heads;
    for (int h = 0; h < s.heads; ++h) heads.push_back(tr(language, "tête ", "head ") + std::to_string(h + 1));
    radio_row(heads, animation.head, [&](int h) { send("/vue tete " + std::to_string(h + 1)); });
    label_before(t.speed, t.speed_help);
    // Sent on release, as /ffn: one command per drag.
    // ImGui prints through a printf format: one without a conversion, the value already written
    // for people ("0,50 s").
    const std::string shown = format_fixed(state.speed, 2, language) + " s";
    ImGui::SliderFloat("##vitesse", &state.speed, static_cast<float>(ViewState::kMinSpeed),
                       static_cast<float>(ViewState::kMaxSpeed), shown.c_str());
    const double speed = std::round(state.speed * 100.0) / 100.0;
    if (ImGui::IsItemDeactivatedAfterEdit() && speed != animation.seconds_per_level)
        send("/vue vitesse " + decimal_text(speed).fr);
    else if (!ImGui::IsItemActive()) state.speed = static_cast<float>(animation.seconds_per_level);
}

// The keys, wrapped to the panel, where they fit below the controls within `bottom` (the most the
// left column can give the panel).
bool keys_fit(const char* keys, float bottom) {
    const float tall = ImGui::CalcTextSize(keys, nullptr, false, ImGui::GetContentRegionAvail().x).y;
    return ImGui::GetCursorScreenPos().y + tall + ImGui::GetStyle().WindowPadding.y <= bottom;
}

}  // namespace

// Compact rows (half the item spacing, two thirds of the frame padding): every control fits the
// column of a 768-line projector. The keys below the controls where they fit, else as the title's
// « · touches (?) ».
void draw_controls(const Rect& rect, float max_height, const Settings& s, ControlsState& state,
                   const AnimationOptions& animation, const CommandSink& send, Language language) {
    if (!begin_panel("##controls", rect)) return;
    const Strings& t = text_in(language);
    const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, std::floor(spacing.y * 0.5f)));
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(padding.x, std::floor(padding.y * 0.67f)));
    ImGui::TextDisabled("%s", t.controls_title);
    if (!state.keys_below) {
        ImGui::SameLine(0, ImGui::GetFontSize());
        ImGui::TextDisabled("%s", tr(language, "· touches", "· keys"));
        help_marker(t.keys_help);
    }
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 1.6f);

    // One widget a setting that has a command and a label, in the table's order.
    for (const auto& e : settings_table())
        if (!e.command.empty() && !e.label.fr.empty()) setting_widget(e, s, state, send, language);

    ImGui::Separator();
    view_controls(s, state, animation, send, language);
    ImGui::PopItemWidth();
    ImGui::Spacing();
    state.keys_below = keys_fit(t.keys_help, rect.y + max_height);
    if (state.keys_below) {
        ImGui::PushTextWrapPos(0.0f);  // the whole line, wrapped to the panel
        ImGui::TextDisabled("%s", t.keys_help);
        ImGui::PopTextWrapPos();
    }
    ImGui::PopStyleVar(2);
    state.content_height = ImGui::GetCursorPosY() - std::floor(spacing.y * 0.5f) + ImGui::GetStyle().WindowPadding.y;
    ImGui::End();
}

}  // namespace tb
