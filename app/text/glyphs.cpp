#include "text/glyphs.h"

namespace tb {

const unsigned short* glyph_ranges() {
    static const unsigned short ranges[] = {  // static: ImGui keeps the pointer
        0x0020, 0x00FF,  // Basic Latin + Latin-1 (é è à ç « » · ×)
        0x0100, 0x017F,  // Latin Extended-A (œ)
        0x0370, 0x03FF,  // Greek (μ σ ε)
        0x2000, 0x206F,  // General Punctuation (– — ’ … ‖ U+202F)
        0x2070, 0x209F,  // superscripts and subscripts (² ₁ ₂)
        0x2100, 0x214F,  // letterlike symbols (ℝ)
        0x2190, 0x21FF,  // arrows
        0x2200, 0x22FF,  // mathematical operators (√ ≤ ≈ ∑ ⊕ ⊤)
        0x2308, 0x230B,  // ceiling and floor (seed 002's g(i) = ⌊i/r⌋)
        0x25A0, 0x25FF,  // geometric shapes (▶ ◀)
        0x2700, 0x27BF,  // dingbats (❚)
        0xFFFD, 0xFFFD,
        0,
    };
    return ranges;
}

std::vector<std::uint32_t> uncovered_code_points(const std::string& s) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
        std::uint32_t cp = extra == 0 ? c : extra == 1 ? (c & 0x1Fu) : extra == 2 ? (c & 0x0Fu) : (c & 0x07u);
        for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3Fu);
        i += static_cast<std::size_t>(extra) + 1;
        if (cp == '\n') continue;
        bool covered = false;
        for (const unsigned short* r = glyph_ranges(); r[0]; r += 2) covered = covered || (cp >= r[0] && cp <= r[1]);
        if (!covered) out.push_back(cp);
    }
    return out;
}

}  // namespace tb
