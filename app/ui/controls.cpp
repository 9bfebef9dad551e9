// The settings panel: one widget a setting of the table, each change sent as the command a class
// could type; then the view's head and speed.
#include "ui/controls.h"

#include <imgui.h>

#include <cstring>

#include "settings_table.h"
#include "text/text.h"

namespace tb {
namespace {

const char* in_language(const Text& t, Language language) { return tr(language, t.fr.c_str(), t.en.c_str()); }

// The label and its (?), then the widget that follows on the rest of the same line: one row per
// slider, so that every control fits without scrolling at 1600 x 900.
void label_before(const char* label, const char* help) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    help_marker(help);
    ImGui::SameLine();
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

// One radio button a value; on the label's line when there are two, below it when more.
void radios(const SettingEntry& e, const Settings& s, const CommandSink& send, Language language) {
    ImGui::TextUnformatted(in_language(e.label, language));
    help_marker(in_language(tooltip_for(e, s), language));
    const auto values = named_values(e);
    const bool below = values.size() > 2;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const SettingWord& w = *values[i];
        if (i > 0 || !below) ImGui::SameLine();
        const std::string id = std::string(in_language(w.label, language)) + "##" + e.command + w.word;
        if (ImGui::RadioButton(id.c_str(), e.get(s) == w.value) && e.get(s) != w.value) send(command_for(e, w.word));
    }
}

void checkbox(const SettingEntry& e, const Settings& s, const CommandSink& send, Language language) {
    bool on = e.get(s) != 0;
    const std::string next = next_value_word(e, s);
    if (ImGui::Checkbox(in_language(e.label, language), &on)) send(command_for(e, next));
    help_marker(in_language(tooltip_for(e, s), language));
}

void text_field(const SettingEntry& e, const Settings& s, ControlsState& state, const CommandSink& send,
                Language language) {
    ImGui::TextUnformatted(in_language(e.label, language));
    help_marker(in_language(tooltip_for(e, s), language));
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
    ImGui::TextUnformatted(t.head);
    help_marker(t.head_help);
    for (int h = 0; h < s.heads; ++h) {
        if (h) ImGui::SameLine();
        if (ImGui::RadioButton((tr(language, "tête ", "head ") + std::to_string(h + 1)).c_str(), animation.head == h) && animation.head != h)
            send("/vue tete " + std::to_string(h + 1));
    }
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

}  // namespace

void draw_controls(const Rect& rect, const Settings& s, ControlsState& state, const AnimationOptions& animation,
                   const CommandSink& send, Language language) {
    if (!begin_panel("##controls", rect)) return;
    const Strings& t = text_in(language);
    ImGui::TextDisabled("%s", t.controls_title);
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 1.6f);

    // One widget a setting that has a command and a label, in the table's order.
    for (const auto& e : settings_table())
        if (!e.command.empty() && !e.label.fr.empty()) setting_widget(e, s, state, send, language);

    ImGui::Separator();
    view_controls(s, state, animation, send, language);
    ImGui::PopItemWidth();
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);  // the whole line, wrapped to the panel
    ImGui::TextDisabled("%s", t.keys_help);
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
