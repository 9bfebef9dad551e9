// The settings panel: one widget a setting of the table, each change sent as the command a class
// could type; then the view's head and speed.
#include "ui/controls.h"

#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <vector>

#include "scene/modern_block.h"
#include "model/settings_table.h"
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

// One choice among `labels`: radio buttons on the label's line when they all fit there, else a
// combo on that line (a narrow column at 1024 x 768), so that every setting takes one row.
void choice_row(const std::string& id, const std::vector<std::string>& labels, int selected,
                const std::function<void(int)>& chosen) {
    const ImGuiStyle& style = ImGui::GetStyle();
    float all = 0;
    for (const auto& l : labels) all += style.ItemSpacing.x + radio_width(l);
    if (ImGui::GetItemRectMax().x + all <= content_right()) {
        for (std::size_t i = 0; i < labels.size(); ++i) {
            ImGui::SameLine();
            if (ImGui::RadioButton(labels[i].c_str(), selected == static_cast<int>(i)) && selected != static_cast<int>(i))
                chosen(static_cast<int>(i));
        }
        return;
    }
    // Beside the label where the widest value and the arrow fit there.
    float widest = 0;
    for (const auto& l : labels) widest = std::max(widest, ImGui::CalcTextSize(l.c_str(), nullptr, true).x);
    same_line_if_fits(widest + ImGui::GetFrameHeight() + style.FramePadding.x * 2 + 2);
    ImGui::SetNextItemWidth(-FLT_MIN);
    const std::string preview = selected >= 0 ? labels[static_cast<std::size_t>(selected)] : std::string();
    const std::size_t hashes = preview.find("##");
    if (!ImGui::BeginCombo(("##" + id).c_str(), preview.substr(0, hashes).c_str())) return;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const bool is_selected = selected == static_cast<int>(i);
        if (ImGui::Selectable(labels[i].c_str(), is_selected) && !is_selected) chosen(static_cast<int>(i));
        if (is_selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
}

// The label and its (?), then the widget that follows on the rest of the same line (one row per
// slider), or on the next line where fewer than four and a half letters' width would be left for it.
void label_before(const char* label, const char* help) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    help_marker(help);
    same_line_if_fits(ImGui::GetFontSize() * 4.5f);
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

// One radio button a value, or a combo (choice_row).
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
    choice_row(e.command, labels, selected, [&](int i) { send(command_for(e, values[static_cast<std::size_t>(i)]->word)); });
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
        case SettingKind::Decimal: break;  // /taux: the training panel's (issue 16)
    }
}

// Seed 002's three recipes as buttons (each sends /recette WORD); the one the settings match now
// is lit, so the class sees when a change has left the recipe.
void recipe_row(const Settings& s, const CommandSink& send, Language language) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(language, "recette", "recipe"));
    help_marker(tr(language,
                   "Le bloc entier comme le tableau de la fiche 002 du cours l'écrit (L, d, w, la phrase et la graine restent) :\n"
                   "2017 : x ← LN(x + F(x)) post-norme, LayerNorm, sinus, ReLU, 2 têtes, sans masque ;\n"
                   "GPT-2 : x ← x + F(LN(x)) pré-norme, LayerNorm, positions apprises, GELU, 2 têtes, causal ;\n"
                   "Llama : pré-norme RMSNorm, RoPE, SwiGLU, GQA (4 têtes Q sur 2 K/V à d = 8, 8 sur 2 à d = 16), causal.",
                   "The whole block as course note 002's table writes it (L, d, w, the sentence and the seed stay):\n"
                   "2017: x ← LN(x + F(x)) post-norm, LayerNorm, sinusoids, ReLU, 2 heads, no mask;\n"
                   "GPT-2: x ← x + F(LN(x)) pre-norm, LayerNorm, learned positions, GELU, 2 heads, causal;\n"
                   "Llama: pre-norm RMSNorm, RoPE, SwiGLU, GQA (4 Q heads over 2 K/V at d = 8, 8 over 2 at d = 16), causal."));
    const std::optional<Recipe> now = recipe_of(s);
    // The three buttons beside the label where their names fit there, else on the line below.
    const ImGuiStyle& style = ImGui::GetStyle();
    float names = 0;
    for (const Recipe r : recipe_buttons()) names += ImGui::CalcTextSize(recipe_label(r)).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
    const bool beside = ImGui::GetItemRectMax().x + names <= content_right();
    const float left = beside ? ImGui::GetItemRectMax().x + style.ItemSpacing.x : ImGui::GetCursorScreenPos().x;
    const float width = std::floor((content_right() - left - style.ItemSpacing.x * 2) / 3.f);
    bool first = true;
    for (const Recipe r : recipe_buttons()) {
        if (beside || !first) ImGui::SameLine();
        first = false;
        const bool lit = now == r;
        if (lit) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(recipe_label(r), ImVec2(width, 0)) && !lit) send(std::string("/recette ") + to_string(r));
        if (lit) ImGui::PopStyleColor();
    }
}

// h and h_kv in one combo, only the allowed pairs (d_h = d/h even, h_kv dividing h): /tetes h h_kv.
void heads_widget(const SettingEntry& e, const Settings& s, const CommandSink& send, Language language) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(in_language(e.label, language));
    help_marker(in_language(tooltip_for(e, s), language));
    const std::vector<HeadChoice> choices = head_choices(s.dimension);
    std::vector<std::string> labels;
    int selected = -1;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        const HeadChoice& c = choices[i];
        labels.push_back(std::to_string(c.heads) + " / " + std::to_string(c.kv_heads) + " " + attention_kind(c.heads, c.kv_heads) +
                         "##tetes" + std::to_string(i));
        if (c.heads == s.heads && c.kv_heads == s.kv_heads) selected = static_cast<int>(i);
    }
    choice_row("tetes", labels, selected, [&](int i) {
        const HeadChoice& c = choices[static_cast<std::size_t>(i)];
        send("/tetes " + std::to_string(c.heads) + " " + std::to_string(c.kv_heads));
    });
}

void table_row(const SettingEntry& e, const Settings& s, ControlsState& state, const CommandSink& send, Language language) {
    if (e.key == "heads") heads_widget(e, s, send, language);
    else if (!e.command.empty() && !e.label.fr.empty()) setting_widget(e, s, state, send, language);
}

// The view's part: the attention head drawn (/vue tete) and the seconds a sublayer (/vue vitesse).
void view_controls(const Settings& s, ControlsState& state, const AnimationOptions& animation, const CommandSink& send, Language language) {
    const Strings& t = text_in(language);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(t.head);
    help_marker(t.head_help);
    std::vector<std::string> heads;
    for (int h = 0; h < s.heads; ++h) heads.push_back(std::to_string(h + 1) + "##vue_tete");
    choice_row("vue_tete", heads, animation.head, [&](int h) { send("/vue tete " + std::to_string(h + 1)); });
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
    if (!begin_tool_panel("##controls", rect)) return;
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

    recipe_row(s, send, language);
    ImGui::Separator();
    // One widget a setting that has a command and a label (and h, h_kv in one), in the table's
    // control_row order.
    for (const SettingEntry* e : control_rows()) table_row(*e, s, state, send, language);

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
