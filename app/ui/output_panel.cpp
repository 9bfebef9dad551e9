// The output (seeds 000, 002): for each position, the five most probable next words of the tied
// output head (top_predictions), each with a green bar of its probability, labelled plainly as
// what random, untrained weights predict, and pointing to the next channel; once trained, what the
// training taught (mot-masque: the [masque] row, lit; mot-suivant: every row).
#include <imgui.h>

#include <algorithm>
#include <string>

#include "model/predictions.h"
#include "text/text.h"
#include "ui/inspector_panels.h"
#include "ui/sides.h"

namespace tb {

namespace {

// The `count` most probable words after (or at) each token, a green bar under each; `room` is the
// height it may take.
void predictions_table(const char* id, const Trace& trace, const Vocabulary& vocabulary, int count, float room, Language language) {
    const bool trained = trace.trained_steps > 0, causal = trace.settings.mask == Mask::Causal;
    const auto top = top_predictions(trace, vocabulary, count);
    const float frame = ImGui::GetFrameHeight();
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
    ImGui::SetWindowFontScale(0.85f);  // five words a row must fit the column
    const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2 + 5;
    const float height = std::min(room,
                                  row_h * static_cast<float>(top.size() + 1) + ImGui::GetStyle().ScrollbarSize + 4);
    if (ImGui::BeginTable(id, count + 1, flags, ImVec2(0, std::max(frame, height)))) {
        ImGui::TableSetupColumn(causal || !trained ? tr(language, "après…", "after…") : tr(language, "en…", "at…"));
        for (int k = 1; k <= count; ++k) ImGui::TableSetupColumn(std::to_string(k).c_str());
        ImGui::TableHeadersRow();
        ImDrawList* dl = ImGui::GetWindowDrawList();
        for (std::size_t i = 0; i < top.size(); ++i) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (trained && !causal && trace.tokens[i].id == trace.vocabulary_size - 1)  // <masque>: the row training shaped
                ImGui::TextColored(ImVec4(1, 0.8f, 0.35f, 1), "%s", trace.tokens[i].word.c_str());
            else
                ImGui::Text("%s", trace.tokens[i].word.c_str());
            for (const Prediction& p : top[i]) {
                ImGui::TableNextColumn();
                ImGui::Text("%s", p.word.c_str());
                const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
                const float width = std::max(2.f, frame * 3.f * static_cast<float>(std::clamp(p.probability, 0.0, 1.0)) * 4.f);
                dl->AddRectFilled(ImVec2(min.x, max.y), ImVec2(min.x + width, max.y + 4), to_u32(palette::kOutput));
                if (ImGui::IsItemHovered()) {
                    ImGui::SetTooltip(tr(language, "« %s » : probabilité %s", "“%s”: probability %s"), p.word.c_str(),
                                      format_percent(p.probability, language).c_str());
                }
            }
        }
        ImGui::EndTable();
    }
    ImGui::SetWindowFontScale(1.f);
}

}  // namespace

void draw_output_panel(const Rect& rect, const Trace& trace, const Trace* b, const Vocabulary& vocabulary, const CommandSink& send,
                       Language language) {
    if (!begin_panel("##panneau_sortie", rect)) return;
    draw_output_family_row(Panel::Output, send, language);
    ImGui::PushTextWrapPos(0);
    const bool trained = trace.trained_steps > 0, causal = trace.settings.mask == Mask::Causal;
    const std::string caveat = sees_next_word_caveat(trace, language);  // the encoder: each word sees the next one
    if (!trained)
        ImGui::TextColored(ImVec4(1, 0.8f, 0.35f, 1), "%s",
                           (tr(language, "Poids aléatoires, non entraînés : ce modèle « ne prédit rien ». Voici pourtant ce qu'il propose.",
                               "Random, untrained weights: this model “predicts nothing”. Here is what it proposes all the same.") +
                            (caveat.empty() ? "" : " " + caveat)).c_str());
    else if (causal)  // mot-suivant: the loss read every position
        ImGui::Text(tr(language, "Entraîné %d pas à prédire le mot suivant : chaque ligne est sa prédiction après ce mot.",
                       "Trained %d steps to predict the next word: each row is its prediction after that word."),
                    trace.trained_steps);
    else  // mot-masque: the loss read only the masked positions
        ImGui::Text(tr(language, "Entraîné %d pas à retrouver le mot masqué : la ligne de [masque] est sa prédiction ; "
                                 "les autres positions n'ont pas été entraînées.",
                       "Trained %d steps to recover the masked word: the [masque] row is its prediction; the other "
                       "positions were not trained."),
                    trace.trained_steps);
    ImGui::PopTextWrapPos();
    help_marker(tr(language, "La sortie verte est projetée sur les embeddings de tokens (poids liés), puis softmax sur le vocabulaire : "
                   "une probabilité par mot possible.",
                   "The green output is projected on the token embeddings (tied weights), then softmax over the vocabulary: "
                   "one probability per possible word."));
    // A/B: B's table under A's, each named in its side's colour, three words a row in half the room left.
    const float frame = ImGui::GetFrameHeight(), footer = frame * 2.6f;
    if (!b) {
        predictions_table("##predictions", trace, vocabulary, 5, rect.bottom() - ImGui::GetCursorScreenPos().y - footer, language);
    } else {
        const float half = (rect.bottom() - ImGui::GetCursorScreenPos().y - footer) * 0.5f - ImGui::GetTextLineHeightWithSpacing();
        for (const ComparedSide side : {ComparedSide::A, ComparedSide::B}) {
            const bool is_a = side == ComparedSide::A;
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(side_u32(side)), "%s", is_a ? "A" : "B");
            predictions_table(is_a ? "##predictions" : "##predictions_b", is_a ? trace : *b, vocabulary, 3, half, language);  // three words: no scroll bar
        }
    }
    ImGui::SetWindowFontScale(1.f);
    ImGui::PushTextWrapPos(0);
    // « canal », as the channel names itself.
    const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);  // « 0,21 % » never split at its comma
    if (trained)
        text_whole(formatted(tr(language, "Sur %s mots, le hasard donnerait %s à chacun.", "Over %s words, chance would give each %s."),
                             format_count(trace.vocabulary_size, language).c_str(),
                             format_percent(1.0 / std::max(1, trace.vocabulary_size), language).c_str()),
                   muted);
    else
        text_whole(formatted(tr(language, "Sur %s mots, le hasard donnerait %s à chacun. Apprendre ces poids, puis choisir le mot "
                                          "suivant (température) : c'est le prochain canal, #generation-temperature.",
                                "Over %s words, chance would give each %s. Learning these weights, then choosing the next "
                                "word (temperature): that is the next channel, #generation-temperature."),
                             format_count(trace.vocabulary_size, language).c_str(),
                             format_percent(1.0 / std::max(1, trace.vocabulary_size), language).c_str()),
                   muted);
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
