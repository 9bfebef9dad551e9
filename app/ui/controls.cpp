// One widget per command. Each change is sent as the command a class could type.
#include "ui/controls.h"

#include <imgui.h>

#include <cstring>

#include "text/text.h"

namespace tb {
namespace {

// The label and its (?), then the widget that follows on the rest of the same line: one row per
// slider, so that every control fits without scrolling at 1600 x 900.
void label_before(const char* label, const char* help) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    help_marker(help);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
}

// The view's part: the attention head drawn (/vue tete) and the seconds a sublayer (/vue vitesse).
void view_controls(const Settings& s, ControlsState& state, const AnimationOptions& animation, const CommandSink& send) {
    const Strings& t = text();
    ImGui::TextUnformatted(t.head);
    help_marker(t.head_help);
    for (int h = 0; h < s.heads; ++h) {
        if (h) ImGui::SameLine();
        if (ImGui::RadioButton((tr("tête ", "head ") + std::to_string(h + 1)).c_str(), animation.head == h) && animation.head != h)
            send("/vue tete " + std::to_string(h + 1));
    }
    label_before(t.speed, t.speed_help);
    // Sent on release, as /ffn: one command per drag.
    ImGui::SliderFloat("##vitesse", &state.speed, static_cast<float>(ViewState::kMinSpeed),
                       static_cast<float>(ViewState::kMaxSpeed), "%.2f s");
    const double speed = std::round(state.speed * 100.0) / 100.0;
    if (ImGui::IsItemDeactivatedAfterEdit() && speed != animation.seconds_per_level)
        send("/vue vitesse " + decimal_text(speed).fr);
    else if (!ImGui::IsItemActive()) state.speed = static_cast<float>(animation.seconds_per_level);
}

}  // namespace

void draw_controls(const Rect& rect, const Settings& s, ControlsState& state, const AnimationOptions& animation,
                   const CommandSink& send) {
    if (!begin_panel("##controls", rect)) return;
    const Strings& t = text();
    ImGui::TextDisabled("%s", t.controls_title);
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 1.6f);

    int layers = s.layers;
    label_before(t.layers, t.layers_help);
    if (ImGui::SliderInt("##couches", &layers, Settings::kMinLayers, Settings::kMaxLayers) && layers != s.layers)
        send("/couches " + std::to_string(layers));

    label_before(t.ffn, t.ffn_help);
    // Sent on release, so that a drag from 8 to 64 is one command, not fifty.
    ImGui::SliderInt("##ffn", &state.ffn, Settings::kMinFfn, Settings::kMaxFfn);
    if (ImGui::IsItemDeactivatedAfterEdit() && state.ffn != s.ffn) send("/ffn " + std::to_string(state.ffn));
    else if (!ImGui::IsItemActive()) state.ffn = s.ffn;

    ImGui::TextUnformatted(t.position);
    help_marker(t.position_help);
    const struct { Position p; const char* label; const char* arg; } positions[] = {
        {Position::Sinus, t.position_sinus, "sinus"}, {Position::Learned, t.position_learned, "appris"},
        {Position::None, t.position_none, "aucun"}};
    for (const auto& p : positions) {
        if (ImGui::RadioButton(p.label, s.position == p.p) && s.position != p.p) send(std::string("/position ") + p.arg);
        ImGui::SameLine();
    }
    ImGui::NewLine();

    ImGui::TextUnformatted(t.norm);
    help_marker(t.norm_help);
    const struct { Norm n; const char* label; const char* arg; } norms[] = {
        {Norm::Pre, t.norm_pre, "pre"}, {Norm::Post, t.norm_post, "post"}, {Norm::None, t.norm_none, "aucune"}};
    for (const auto& n : norms) {
        if (ImGui::RadioButton(n.label, s.norm == n.n) && s.norm != n.n) send(std::string("/norme ") + n.arg);
        ImGui::SameLine();
    }
    ImGui::NewLine();

    ImGui::TextUnformatted(t.dimension);
    help_marker(t.dimension_help);
    if (ImGui::RadioButton("d = 8", s.dimension == 8) && s.dimension != 8) send("/dimension 8");
    ImGui::SameLine();
    if (ImGui::RadioButton("d = 16", s.dimension == 16) && s.dimension != 16) send("/dimension 16");

    bool residual = s.residual;
    if (ImGui::Checkbox(t.residual, &residual)) send(residual ? "/residuel on" : "/residuel off");
    help_marker(t.residual_help);

    // Additions to the channel (seeds 002 and 004): the causal mask and the FFN's activation.
    ImGui::TextUnformatted(tr("masque", "mask"));
    help_marker(tr("causal : un mot ne voit que lui-même et les mots d'avant (score −∞ avant le softmax), comme dans GPT. "
                   "aucun : chaque mot voit toute la phrase (l'encodeur du salon).",
                   "causal: a word sees only itself and the words before it (score −∞ before the softmax), as in GPT. "
                   "aucun: every word sees the whole sentence (the channel's encoder)."));
    ImGui::SameLine();
    if (ImGui::RadioButton(tr("aucun##masque", "none##masque"), s.mask == Mask::None) && s.mask != Mask::None) send("/masque aucun");
    ImGui::SameLine();
    if (ImGui::RadioButton(tr("causal##masque", "causal##masque"), s.mask == Mask::Causal) && s.mask != Mask::Causal)
        send("/masque causal");
    ImGui::TextUnformatted(tr("activation", "activation"));
    help_marker(tr("GELU (GPT-2) est lisse ; ReLU met tout négatif à 0 : un neurone est alors exactement actif ou éteint.",
                   "GELU (GPT-2) is smooth; ReLU sets every negative to 0: a neuron is then exactly on or off."));
    ImGui::SameLine();
    if (ImGui::RadioButton("GELU", s.activation == Activation::Gelu) && s.activation != Activation::Gelu) send("/activation gelu");
    ImGui::SameLine();
    if (ImGui::RadioButton("ReLU", s.activation == Activation::Relu) && s.activation != Activation::Relu) send("/activation relu");

    ImGui::TextUnformatted(t.sentence);
    help_marker(t.sentence_help);
    if (state.sentence_shown != s.sentence && !state.sentence_editing) {
        std::snprintf(state.sentence, sizeof state.sentence, "%s", s.sentence.c_str());
        state.sentence_shown = s.sentence;
    }
    if (ImGui::InputText("##phrase", state.sentence, sizeof state.sentence, ImGuiInputTextFlags_EnterReturnsTrue))
        send(std::string("/phrase ") + state.sentence);
    state.sentence_editing = ImGui::IsItemActive();

    int step = s.step;
    label_before(t.step, t.step_help);
    if (ImGui::SliderInt("##etape", &step, 0, s.top_level()) && step != s.step) send("/etape " + std::to_string(step));

    ImGui::Separator();
    view_controls(s, state, animation, send);
    ImGui::PopItemWidth();
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);  // the whole line, wrapped to the panel
    ImGui::TextDisabled("%s", t.keys_help);
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
