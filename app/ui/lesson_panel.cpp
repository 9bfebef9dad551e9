// The lesson panel: « Étape k / N », the « prédis d'abord » question with its reveal button, what
// to look at, and Précédent / Suivant. Every button is a /lecon command.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "base/numbers.h"
#include "text/text.h"
#include "ui/teaching_panels.h"

namespace tb {
namespace {

const std::string& pick(const std::string& fr, const std::string& en, Language language) {
    return language == Language::English && !en.empty() ? en : fr;
}

float button_width(const char* label) { return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x; }

void wrapped(const std::string& s) { text_whole(s); }  // at spaces only: « 3,76 » never split at its comma

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

const char* reveal_label(Language language) { return tr(language, "Révéler la réponse", "Reveal the answer"); }
bool awaits_reveal(const LessonPlayer& player) { return player.step().has_question() && !player.revealed(); }

// (Révéler la réponse, in a strip,) Précédent, Suivant and Fermer (« × » where « Fermer » does not
// fit after the others).
void navigation(const LessonPlayer& player, bool with_reveal, const CommandSink& send, Language language) {
    if (with_reveal) {
        if (ImGui::Button(reveal_label(language))) send("/lecon reveler");
        ImGui::SameLine();
    }
    ImGui::BeginDisabled(player.index() == 0 && player.revealed());
    if (ImGui::Button(tr(language, "◀ Précédent", "◀ Previous"))) send("/lecon precedent");
    ImGui::EndDisabled();
    ImGui::SameLine();
    const bool last = player.index() + 1 >= player.count();
    ImGui::BeginDisabled(last && player.revealed());
    if (ImGui::Button(tr(language, "Suivant ▶", "Next ▶"))) send("/lecon suivant");
    ImGui::EndDisabled();
    ImGui::SameLine();
    const char* close = tr(language, "Fermer", "Close");
    if (ImGui::Button(ImGui::GetContentRegionAvail().x >= button_width(close) ? close : "×")) send("/lecon fermer");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(language, "Fermer la leçon (/lecon fermer)", "Close the lesson (/lecon fermer)"));
}

float navigation_width(bool with_reveal, Language language) {
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    return button_width(tr(language, "◀ Précédent", "◀ Previous")) + button_width(tr(language, "Suivant ▶", "Next ▶")) +
           button_width(tr(language, "Fermer", "Close")) + 2 * spacing + (with_reveal ? button_width(reveal_label(language)) + spacing : 0.f);
}

// The question while the class thinks (large, with the reveal button below it, or in a strip on
// the title's row), then the question (not in a strip), the answer and what to look at.
void step_text(const LessonPlayer& player, bool reveal_below, const Fonts& fonts, const ImVec4& accent, const CommandSink& send,
               Language language) {
    const LessonStep& step = player.step();
    if (step.has_question()) {
        // Large while the class thinks; at body size once the answer is under it.
        if (!player.revealed()) {
            ImGui::TextColored(accent, "%s", tr(language, "Prédis d'abord :", "Predict first:"));
            ImGui::PushFont(fonts.large);
            wrapped(player.shown(step.question_fr, step.question_en, language));
            ImGui::PopFont();
            ImGui::Spacing();
            if (reveal_below && ImGui::Button(reveal_label(language))) send("/lecon reveler");
        } else {
            // In a strip too short for both, the answer takes the question's lines: the class has just read it.
            const std::string question = player.shown(step.question_fr, step.question_en, language);
            const std::string answer = player.shown(step.answer_fr, step.answer_en, language);
            const float wrap = ImGui::GetContentRegionAvail().x;
            const float both = ImGui::CalcTextSize(question.c_str(), nullptr, false, wrap).y +
                               ImGui::CalcTextSize(answer.c_str(), nullptr, false, wrap).y + ImGui::GetTextLineHeightWithSpacing() * 1.5f;
            if (reveal_below || both <= ImGui::GetContentRegionAvail().y) wrapped(question);
            ImGui::TextColored(accent, "%s", tr(language, "Réponse :", "Answer:"));
            wrapped(answer);
        }
        ImGui::Separator();
    }
    if (player.revealed()) wrapped(player.shown(step.text_fr, step.text_en, language));
    else {
        text_whole(tr(language, "(réfléchis, puis révèle : la commande s'exécutera)", "(think, then reveal: the command will run)"),
                   ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
}

}  // namespace

void draw_lesson(const Rect& rect, const LessonPlayer& player, const Fonts& fonts, const ThemeColours& theme,
                 const CommandSink& send, Language language, const LessonTraining& training) {
    if (!player.is_open() || !begin_panel("##lecon", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Lesson& lesson = player.lesson();
    const LessonStep& step = player.step();
    const bool light = theme.section.r > 128;
    const ImVec4 accent = light ? ImVec4(0.55f, 0.30f, 0.f, 1) : ImVec4(1.f, 0.86f, 0.35f, 1);
    // A strip across the window (presenter mode): the buttons on the title's row, at its right end,
    // and every other line for the question and the answer.
    const bool strip = rect.w > rect.h * 2.5f && ImGui::GetContentRegionAvail().x > navigation_width(true, language) * 1.4f;
    const float nav_w = navigation_width(strip && awaits_reveal(player), language);

    // The step's title in the accent colour, at body size: the question and the answer get the room.
    // The lesson's own title on its first step only: later, its lines go to the question and answer.
    if (player.index() == 0 && !lesson.title_fr.empty() && !strip)
        ImGui::TextDisabled("%s", pick(lesson.title_fr, lesson.title_en, language).c_str());
    const float title_end = strip ? ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - nav_w - ImGui::GetStyle().ItemSpacing.x : 0.f;
    ImGui::PushTextWrapPos(title_end);
    ImGui::TextColored(accent, "%s %d / %d — %s", tr(language, "Étape", "Step"), player.index() + 1, player.count(),
                       pick(step.title_fr, step.title_en, language).c_str());
    ImGui::PopTextWrapPos();
    if (strip) {
        ImGui::SameLine(title_end + ImGui::GetStyle().ItemSpacing.x);
        navigation(player, awaits_reveal(player), send, language);
    }
    training_progress(training, accent, send, language);

    // The text scrolls, from the top at each step (one child id a step); the buttons stay at the
    // bottom (in a strip, on the title's row). The question and the answer come first: at 1600x900
    // they fit without scrolling.
    const float buttons = strip ? 0.f : ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(0, 0, 0, 0));  // one background for the whole panel
    ImGui::PushID(player.index());
    ImGui::BeginChild("##lecon_texte", ImVec2(0, -buttons), false);
    ImGui::PopStyleColor();
    step_text(player, !strip, fonts, accent, send, language);
    ImGui::EndChild();
    ImGui::PopID();
    if (!strip) navigation(player, false, send, language);
    ImGui::End();
}

}  // namespace tb
