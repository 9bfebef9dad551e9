// The inspector's tabs: one button per /panneau word, the open one in the residual's yellow.
// Each sends its command, so a class sees "/panneau attention" in the log as it clicks.
#include <imgui.h>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {

void draw_inspector_tabs(const Rect& rect, Panel current, const CommandSink& send, Language language) {
    if (!begin_tool_panel("##inspecteur_onglets", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const struct { Panel panel; const char* label; const char* help; } tabs[] = {
        {Panel::Attention, tr(language, "Attention", "Attention"), tr(language, "Les poids d'attention de chaque tête, mot par mot.", "Each head's attention weights, word by word.")},
        {Panel::Neurons, tr(language, "Neurones", "Neurons"), tr(language, "Les activations cachées du FFN : questions (W↑) et directions (W↓).", "The FFN's hidden activations: questions (W↑) and directions (W↓).")},
        {Panel::Norm, tr(language, "Norme", "Norm"), tr(language, "La normalisation de couche à la main : μ, σ², σ, LN(x).", "Layer norm by hand: μ, σ², σ, LN(x).")},
        {Panel::Gradients, tr(language, "Gradients", "Gradients"), tr(language, "Le gradient par niveau, avec et sans connexion résiduelle.", "The gradient by level, with and without the residual.")},
        {Panel::Scale, tr(language, "Échelle", "Scale"), tr(language, "La même formule de paramètres, de ce modèle à GPT-3 et Llama ; puis la mémoire (fiche 002 du cours) et la superposition (fiche 004 du cours).", "The same parameter formula, from this model to GPT-3 and Llama; then memory (course note 002) and superposition (course note 004).")},
        {Panel::Output, tr(language, "Sortie", "Output"), tr(language, "Ce que prédit le modèle ; la lentille des logits.", "What the model predicts; the logit lens.")},
        {Panel::Training, tr(language, "Entraînement", "Training"), tr(language, "/panneau entrainement : la courbe de perte de /entrainer (le lot, les phrases mises de côté, le hasard ln V) ; /entrainer l'ouvre.", "/panneau entrainement: the loss curve of /entrainer (the batch, the held-out sentences, chance ln V); /entrainer opens it.")},
        {Panel::None, tr(language, "Fermer", "Close"), tr(language, "Referme le panneau (/panneau aucun).", "Closes the panel (/panneau aucun).")},
    };
    const float right = ImGui::GetWindowContentRegionMax().x;
    // The caption, when the buttons leave it room: two rows of them under it fill the tabs' height.
    float x = 0;
    int rows = 1;
    for (const auto& tab : tabs) {
        if (tab.panel == Panel::None && current == Panel::None) continue;
        const float w = ImGui::CalcTextSize(tab.label).x + ImGui::GetStyle().FramePadding.x * 2;
        if (x > 0 && ImGui::GetCursorPosX() + x + ImGui::GetStyle().ItemSpacing.x + w > right) ++rows, x = 0;
        x += (x > 0 ? ImGui::GetStyle().ItemSpacing.x : 0) + w;
    }
    if (rows <= 2) ImGui::TextDisabled("%s", tr(language, "Dans les sous-couches — /panneau", "Inside the sublayers — /panneau"));
    // Three rows fill the caption's place with the rows a little closer.
    else ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 1.f));
    bool first = true;
    for (const auto& tab : tabs) {
        if (tab.panel == Panel::None && current == Panel::None) continue;
        const float w = ImGui::CalcTextSize(tab.label).x + ImGui::GetStyle().FramePadding.x * 2;
        if (!first) {
            ImGui::SameLine();
            if (ImGui::GetCursorPosX() + w > right) ImGui::NewLine();
        }
        first = false;
        const bool family = (tab.panel == Panel::Scale && (current == Panel::Memory || current == Panel::Superposition)) ||
                            (tab.panel == Panel::Gradients && current == Panel::Raschka) ||
                            (tab.panel == Panel::Output && (current == Panel::Lens || current == Panel::Generation)) ||
                            (tab.panel == Panel::Training && current == Panel::Sweep);
        const bool open = (tab.panel == current || family) && current != Panel::None;
        if (open) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(to_u32(palette::kResidual)));
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(to_u32(palette::kLabel)));
        }
        if (ImGui::Button(tab.label)) send(std::string("/panneau ") + (open ? "aucun" : panel_word(tab.panel)));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tab.help);
        if (open) ImGui::PopStyleColor(2);
    }
    if (rows > 2) ImGui::PopStyleVar();
    ImGui::End();
}

namespace {

struct View {
    Panel panel;
    const char* label;
    const char* help;
};

// A tab's views as a row of small buttons, the open one in yellow; a click sends its /panneau.
template <std::size_t N>
void family_row(const View (&views)[N], Panel current, const CommandSink& send) {
    bool first = true;
    for (const auto& v : views) {
        if (!first) ImGui::SameLine();
        first = false;
        const bool open = v.panel == current;
        if (open) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(to_u32(palette::kResidual)));
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(to_u32(palette::kLabel)));
        }
        if (ImGui::Button(v.label) && !open) send(std::string("/panneau ") + panel_word(v.panel));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", v.help);
        if (open) ImGui::PopStyleColor(2);
    }
}

}  // namespace

void draw_gradients_family_row(Panel current, const CommandSink& send, Language language) {
    const View views[2] = {
        {Panel::Gradients, tr(language, "ce modèle", "this model"), tr(language, "/panneau gradients : ce modèle, avec et sans résiduel.", "/panneau gradients: this model, with and without the residual.")},
        {Panel::Raschka, tr(language, "Raschka", "Raschka"), tr(language, "/panneau raschka : l'expérience de Raschka (§4.4), ses chiffres publiés et les nôtres.", "/panneau raschka: Raschka's experiment (§4.4), his published figures and ours.")},
    };
    family_row(views, current, send);
}

void draw_output_family_row(Panel current, const CommandSink& send, Language language) {
    const View views[3] = {
        {Panel::Output, tr(language, "sortie", "output"), tr(language, "/panneau sortie : les cinq mots les plus probables de la sortie.", "/panneau sortie: the output's five most probable words.")},
        {Panel::Lens, tr(language, "lentille", "lens"), tr(language, "/panneau lentille : chaque niveau lu par la sortie, le mot le plus probable (lentille des logits).", "/panneau lentille: each level read by the output, its most probable word (logit lens).")},
        {Panel::Generation, tr(language, "génération", "generation"), tr(language, "/panneau generation : le mot choisi, ses logits et ses probabilités, le cache K/V et les multiplications-additions ; /generer l'ouvre.", "/panneau generation: the word chosen, its logits and probabilities, the K/V cache and the multiply-adds; /generer opens it.")},
    };
    family_row(views, current, send);
}

void draw_training_family_row(Panel current, const CommandSink& send, Language language) {
    const View views[2] = {
        {Panel::Training, tr(language, "entraînement", "training"), tr(language, "/panneau entrainement : la courbe de perte de /entrainer.", "/panneau entrainement: the loss curve of /entrainer.")},
        {Panel::Sweep, tr(language, "graines", "seeds"), tr(language, "/panneau graines : le dernier /graines, la dispersion sur les graines ; /graines l'ouvre.", "/panneau graines: the last /graines, the spread over seeds; /graines opens it.")},
    };
    family_row(views, current, send);
}

void draw_scale_family_row(Panel current, const CommandSink& send, Language language) {
    const View views[3] = {
        {Panel::Scale, tr(language, "paramètres", "parameters"), tr(language, "/panneau echelle : la formule de paramètres, de ce modèle à Llama.", "/panneau echelle: the parameter formula, from this model to Llama.")},
        {Panel::Memory, tr(language, "mémoire", "memory"), tr(language, "/panneau memoire : les formes et la mémoire de l'attention (fiche 002 du cours).", "/panneau memoire: the attention's shapes and memory (course note 002).")},
        {Panel::Superposition, tr(language, "superposition", "superposition"), tr(language, "/panneau superposition : les directions presque perpendiculaires (fiche 004 du cours).", "/panneau superposition: the nearly perpendicular directions (course note 004).")},
    };
    family_row(views, current, send);
}

}  // namespace tb
