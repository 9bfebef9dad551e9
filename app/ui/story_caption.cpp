// The one-line caption of the phase the beads are in (ui/story_drawing.h), on the section's top line.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "scene/palette.h"
#include "scene/story.h"
#include "text/text.h"
#include "text/wrap.h"
#include "ui/rgb.h"
#include "ui/story_drawing.h"

namespace tb {

std::string story_caption(StoryPhase phase, Language lang, const Settings& settings, int hidden_width, const NormClaim& norm) {
    const bool rms = settings.norm_type == NormType::RmsNorm;
    const std::string size = norm_size_text(norm, lang);  // √d only while the gains are the seed's
    switch (phase) {
        case StoryPhase::None: return {};
        case StoryPhase::Split: return tr(lang, "Chaque mot se dédouble : sa copie x prend sa voie du résidu (à gauche)",
                                          "Each word splits: its copy x takes its own residual lane (left)");
        case StoryPhase::Rise: return tr(lang, "x monte vers la sous-couche", "x rises to the sublayer");
        case StoryPhase::Normalize:
            if (rms) return tr(lang, "RMSNorm : chaque vecteur divisé par sa moyenne quadratique, sans centrer, ramené à ",
                               "RMSNorm: each vector divided by its root mean square, not centred, brought to ") + size;
            return tr(lang, "LayerNorm : chaque vecteur ramené à ", "LayerNorm: each vector brought to ") + size +
                   (norm.initial ? tr(lang, " (l'anneau pointillé)", " (the dashed ring)") : "");
        case StoryPhase::Enter: return tr(lang, "Entrée dans la boîte", "Into the box");
        case StoryPhase::Attention: return tr(lang, "Attention : chaque mot lit les autres — flèche = poids",
                                              "Attention: each word reads the others — arrow = weight");
        case StoryPhase::Ffn:
            if (gated(settings.activation))
                return std::string(tr(lang, "FFN : la porte ", "FFN: the gate ")) +
                       (settings.activation == Activation::Geglu ? "GELU(W₁x)" : "SiLU(W₁x)") +
                       tr(lang, " multiplie la valeur W₃x, neurone par neurone (⊙)", " multiplies the value W₃x, neuron by neuron (⊙)");
            return std::string(tr(lang, "FFN : ", "FFN: ")) + std::to_string(hidden_width) +
                   tr(lang, " neurones cachés s'allument pour chaque mot", " hidden neurons light up for each word");
        case StoryPhase::Output: return tr(lang, "La sortie F quitte la boîte", "The output F leaves the box");
        case StoryPhase::Add: return tr(lang, "⊕ : x + F — la copie et F s'ajoutent bout à bout",
                                        "⊕: x + F — the copy and F add tip to tail");
        case StoryPhase::Hold: return tr(lang, "Sans résidu : x est perdu, seul F continue",
                                         "No residual: x is lost, only F goes on");
        case StoryPhase::PostNormalize:
            return (rms ? tr(lang, "RMSNorm après ⊕ (post-norm) : retour à ", "RMSNorm after ⊕ (post-norm): back to ")
                        : tr(lang, "LayerNorm après ⊕ (post-norm) : retour à ", "LayerNorm after ⊕ (post-norm): back to ")) + size;
        case StoryPhase::Leave: return tr(lang, "Le nouveau x monte à son niveau", "The new x rises to its level");
        case StoryPhase::FinalNorm:
            return rms ? tr(lang, "RMSNorm finale, avant la sortie", "Final RMSNorm, before the output")
                       : tr(lang, "LayerNorm finale, avant la sortie", "Final LayerNorm, before the output");
        case StoryPhase::Top: return tr(lang, "Vers la sortie", "Up to the output");
    }
    return {};
}

void draw_story_caption(ImDrawList* dl, const FrameRecords& frame, const Layout& layout, const Fonts& fonts, float px,
                        const Settings& settings, int hidden_width, const NormClaim& norm, Language language,
                        const ThemeColours& theme) {
    const Rect& line = layout.caption;
    px = std::min(px, line.h);  // it keeps to its line, shrinking when the line is short
    // During attention with RoPE or ALiBi, how the position enters the scores (the brief note
    // where the whole would be under the smallest text).
    std::string text = frame.story == StoryPhase::Attention ? score_note(frame, language) : std::string();
    if (!text.empty() && fonts.body->CalcTextSizeA(kMinTextPx, FLT_MAX, 0, text.c_str()).x > line.w - 40)
        text = score_note(frame, language, true);
    if (text.empty()) text = frame.caption;  // a generation told: its counters
    if (text.empty()) text = story_caption(frame.story, language, settings, hidden_width, norm);
    if (text.empty() || line.empty()) return;
    px = std::max(kMinTextPx, px);
    const ImVec2 e = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, text.c_str());
    if (e.x > line.w - 40 && e.x > 0) px = std::max(kMinTextPx, px * (line.w - 40) / e.x);  // clear of the window's edges
    // Never under the smallest text: where one line does not fit (an A/B half at 1024 px), it
    // wraps at spaces only (« 2,86 » whole), its card reaching down over the top of the stack while
    // the phase lasts.
    const float wrap = std::max(px * 4, line.w - 24);
    text = wrap_at_spaces(text, wrap, [&](std::string_view s) { return fonts.body->CalcTextSizeA(px, FLT_MAX, 0, s.data(), s.data() + s.size()).x; });
    const ImVec2 size = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, text.c_str());
    const float x = line.x + std::max(0.f, line.w - size.x) * 0.5f;
    const float y = size.y <= line.h ? line.cy() - size.y * 0.5f : line.y + 2;
    dl->AddRectFilled(ImVec2(x - 8, std::min(line.y + 1, y - 1)), ImVec2(x + size.x + 8, std::max(line.bottom() - 1, y + size.y + 1)),
                      to_u32(theme.background, 235), 6.f);
    dl->AddText(fonts.body, px, ImVec2(x, y), to_u32(theme.text), text.c_str());
}

}  // namespace tb
