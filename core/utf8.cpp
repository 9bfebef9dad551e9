#include "utf8.h"

#include <cstdint>
#include <vector>

namespace tb::utf8 {
namespace {

// Decodes valid UTF-8 into code points (caller checked validity).
std::vector<char32_t> decode(std::string_view text) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
        char32_t cp = extra == 0 ? c : c & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        out.push_back(cp);
        i += 1 + extra;
    }
    return out;
}


char32_t lower(char32_t cp) {
    if (cp >= 'A' && cp <= 'Z') return cp + 32;
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;                // À..Þ except ×
    if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x178 && (cp % 2) == 0 &&
        !(cp >= 0x138 && cp <= 0x148))
        return cp + 1;                                                         // Ā..ž pairs (Œ -> œ)
    if (cp == 0x178) return 0xFF;                                              // Ÿ -> ÿ
    return cp;
}

// The unaccented form of a lower-case letter, as a string ("œ" -> "oe").
const char* strip_accent(char32_t cp) {
    switch (cp) {
        case 0xE0: case 0xE1: case 0xE2: case 0xE3: case 0xE4: case 0xE5: return "a";
        case 0xE6: return "ae";
        case 0xE7: return "c";
        case 0xE8: case 0xE9: case 0xEA: case 0xEB: return "e";
        case 0xEC: case 0xED: case 0xEE: case 0xEF: return "i";
        case 0xF1: return "n";
        case 0xF2: case 0xF3: case 0xF4: case 0xF5: case 0xF6: return "o";
        case 0xF9: case 0xFA: case 0xFB: case 0xFC: return "u";
        case 0xFD: case 0xFF: return "y";
        case 0x153: return "oe";
        default: return nullptr;
    }
}

}  // namespace

void append(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool is_valid(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        int extra;
        char32_t min;
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c < 0xE0) { extra = 1; min = 0x80; }
        else if (c >= 0xE0 && c < 0xF0) { extra = 2; min = 0x800; }
        else if (c >= 0xF0 && c < 0xF5) { extra = 3; min = 0x10000; }
        else return false;
        if (i + extra >= text.size()) return false;  // truncated sequence
        char32_t cp = c & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) {
            const auto cc = static_cast<unsigned char>(text[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += 1 + extra;
    }
    return true;
}

std::string to_lower(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char32_t cp : decode(text)) append(out, lower(cp));
    return out;
}

std::string fold(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char32_t cp : decode(text)) {
        cp = lower(cp);
        if (const char* plain = strip_accent(cp)) out += plain;
        else append(out, cp);
    }
    return out;
}

std::size_t length(std::string_view text) {
    std::size_t n = 0;
    for (unsigned char c : text) n += (c & 0xC0) != 0x80;
    return n;
}

}  // namespace tb::utf8
