// The lesson panel: « Étape k / N », the « prédis d'abord » question with its reveal button, what
// to look at, and Précédent / Suivant. Every button is a /lecon command.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "numbers.h"
#include "text/text.h"
#include "ui/teaching_panels.h"

namespace tb {
namespace {

const std::string& pick(const std::string& fr, const std::string& en, Language language) {
    return language == Language::English && !en.empty() ? en : fr;
}

void wrapped(const std::string& s) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(s.c_str());
    ImGui::PopTextWrapPos();
}

// « Entraînement : 120 / 300 pas », its bar and « Annuler » (/entrainer stop), while it runs.
void training_progress(const LessonTraining& training, const ImVec4& accent, const CommandSink& send, Language language) {
    if (!training.running || training.target <= 0) return;
    const std::string steps = format_count(training.done, language) + " / " + format_count(training.target, language) +
                              tr(language, " pas", " steps");
    ImGui::TextColored(accent, "%s %s", tr(language, "Entraînement :", "Training:"), steps.c_str());
    const char* cancel = tr(language, "Annuler", "Cancel");
    const float button_w = ImGui::CalcTextSize(cancel).x + 2 * ImGui::GetStyle().FramePadding.x;
    const float bar_w = std::max(1.f, ImGui::GetContentRegionAvail().x - button_w - ImGui::GetStyle().ItemSpacing.x);
    ImGui::ProgressBar(static_cast<float>(training.done) / static_cast<float>(training.target), ImVec2(bar_w, 0), "");
    ImGui::SameLine();
    if (ImGui::Button(cancel)) send("/entrainer stop");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "Arrêter l'entraînement (/entrainer stop) : la leçon continue avec les pas faits",
                                   "Stop the training (/entrainer stop): the lesson goes on with the steps done"));
}

}  // namespace

void draw_lesson(const Rect& rect, const LessonPlayer& player, const Fonts& fonts, const ThemeColours& theme,
                 const CommandSink& send, Language language, const LessonTraining& training) {
    if (!player.is_open() || !begin_panel("##lecon", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Lesson& lesson = player.lesson();
    const LessonStep& step = player.step();
    const bool light = theme.section.r > 128;
    const ImVec4 accent = light ? ImVec4(0.55f, 0.30f, 0.f, 1) : ImVec4(1.f, 0.86f, 0.35f, 1);

    // The step's title in the accent colour, at body size: the question and the answer get the room.
    // The lesson's own title on its first step only: later, its lines go to the question and answer.
    if (player.index() == 0 && !lesson.title_fr.empty())
        ImGui::TextDisabled("%s", pick(lesson.title_fr, lesson.title_en, language).c_str());
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(accent, "%s %d / %d — %s", tr(language, "Étape", "Step"), player.index() + 1, player.count(),
                       pick(step.title_fr, step.title_en, language).c_str());
    ImGui::PopTextWrapPos();
    training_progress(training, accent, send, language);

    // The text scrolls, from the top at each step (one child id a step); the buttons stay at the
    // bottom. The question and the answer come first: at 1600x900 they fit without scrolling.
    const float buttons = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(0, 0, 0, 0));  // one background for the whole panel
    ImGui::PushID(player.index());
    ImGui::BeginChild("##lecon_texte", ImVec2(0, -buttons), false);
    ImGui::PopStyleColor();
    if (step.has_question()) {
        // Large while the class thinks; at body size once the answer is under it.
        if (!player.revealed()) {
            ImGui::TextColored(accent, "%s", tr(language, "Prédis d'abord :", "Predict first:"));
            ImGui::PushFont(fonts.large);
            wrapped(player.shown(step.question_fr, step.question_en, language));
            ImGui::PopFont();
            ImGui::Spacing();
            if (ImGui::Button(tr(language, "Révéler la réponse", "Reveal the answer"))) send("/lecon reveler");
        } else {
            wrapped(player.shown(step.question_fr, step.question_en, language));
            ImGui::TextColored(accent, "%s", tr(language, "Réponse :", "Answer:"));
            wrapped(player.shown(step.answer_fr, step.answer_en, language));
        }
        ImGui::Separator();
    }
    if (player.revealed()) wrapped(player.shown(step.text_fr, step.text_en, language));
    else {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped(tr(language, "(réfléchis, puis révèle : la commande s'exécutera)",
                   "(think, then reveal: the command will run)"));
        ImGui::PopStyleColor();
    }
    ImGui::EndChild();
    ImGui::PopID();

    ImGui::BeginDisabled(player.index() == 0 && player.revealed());
    if (ImGui::Button(tr(language, "◀ Précédent", "◀ Previous"))) send("/lecon precedent");
    ImGui::EndDisabled();
    ImGui::SameLine();
    const bool last = player.index() + 1 >= player.count();
    ImGui::BeginDisabled(last && player.revealed());
    if (ImGui::Button(tr(language, "Suivant ▶", "Next ▶"))) send("/lecon suivant");
    ImGui::EndDisabled();
    ImGui::SameLine();
    // « Fermer » where it fits after the two others (a narrow column: 1024 x 768), else « × ».
    const char* close = tr(language, "Fermer", "Close");
    const float close_w = ImGui::CalcTextSize(close).x + 2 * ImGui::GetStyle().FramePadding.x;
    if (ImGui::Button(ImGui::GetContentRegionAvail().x >= close_w ? close : "×")) send("/lecon fermer");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(language, "Fermer la leçon (/lecon fermer)", "Close the lesson (/lecon fermer)"));
    ImGui::End();
}

}  // namespace tb
