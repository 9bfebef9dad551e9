#pragma once
// The teaching panels: the lesson (Précédent / Suivant, « prédis d'abord »), the formula strip
// above the cross-section, and the ImGui colours of each theme. Each takes what it draws.
#include <string>
#include <vector>

#include "text/fonts.h"
#include "model/formula.h"
#include "teaching/lesson_player.h"
#include "scene/screen.h"
#include "scene/theme.h"
#include "model/trace.h"
#include "ui/help.h"

namespace tb {

// A training running on the worker while the lesson is open (its own /entrainer or the user's):
// the step it has reached and the one it ends at.
struct LessonTraining {
    bool running = false;
    int done = 0, target = 0;
};

// ui/lesson_panel.cpp: the current step, its question and reveal button, what to look at; the
// buttons send /lecon precedent|suivant|reveler|fermer. While a training runs, « n / N pas » with
// a bar and « Annuler » (/entrainer stop): the step's next lines run when it ends.
void draw_lesson(const Rect& rect, const LessonPlayer& player, const Fonts& fonts, const ThemeColours& theme,
                 const CommandSink& send, Language language, const LessonTraining& training = {});

// ui/formula_strip.cpp: the block's formula as wired now, one row a stack (A/B: « A », « B » each
// write their own block, one under the other, so that the class compares them term by term), the
// term the beads are crossing highlighted in the sublayer they cross (`part`); `note` (right-aligned,
// muted, where one line leaves room) says which sublayer it is, or the parameter count.
struct FormulaRow {
    std::string label;  // « A », « B »; empty for a lone stack
    std::vector<FormulaPiece> pieces;
    Term active = Term::None;
    Part part = Part::Both;
};
void draw_formula(const Rect& rect, const std::vector<FormulaRow>& rows, const std::string& note, const Fonts& fonts,
                  const ThemeColours& theme, Theme sides = Theme::Dark);  // the rows' « A », « B » in their sides' colours

// ui/theme_style.cpp: ImGui's colours for a theme (sizes untouched, so it can switch at run time).
void apply_theme_style(Theme theme);

}  // namespace tb
