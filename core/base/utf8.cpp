#include "base/utf8.h"

#include <cstdint>
#include <vector>

namespace tb::utf8 {
namespace {

// Decodes valid UTF-8 into code points (caller checked validity).
std::vector<char32_t> decode(std::string_view text) {
    std::vector<char32_t> out;
    out.reserve(text.size());  // at most one code point a byte
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
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;  // À..Þ except ×
    // Latin Extended-A pairs a capital with its small letter, capital first: on even code points
    // in Ā..ķ and Ŋ..ŷ (Œ -> œ), on odd ones in Ĺ..ň and Ź..ž.
    if (((cp >= 0x100 && cp <= 0x137) || (cp >= 0x14A && cp <= 0x177)) && cp % 2 == 0 && cp != 0x130) return cp + 1;
    if (((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E)) && cp % 2 == 1) return cp + 1;
    if (cp == 0x130) return 'i';   // İ
    if (cp == 0x178) return 0xFF;  // Ÿ -> ÿ
    return cp;
}

// Latin letter + combining mark -> the precomposed letter (Unicode's canonical compositions
// within Latin-1 and Latin Extended-A: what NFC gives for every letter the vocabulary can meet).
struct Composition {
    char base;
    char32_t mark, composed;
};
constexpr Composition kCompositions[] = {
    {'A', 0x300, 0x0C0}, {'A', 0x301, 0x0C1}, {'A', 0x302, 0x0C2}, {'A', 0x303, 0x0C3}, {'A', 0x308, 0x0C4}, {'A', 0x30A, 0x0C5},
    {'C', 0x327, 0x0C7}, {'E', 0x300, 0x0C8}, {'E', 0x301, 0x0C9}, {'E', 0x302, 0x0CA}, {'E', 0x308, 0x0CB}, {'I', 0x300, 0x0CC},
    {'I', 0x301, 0x0CD}, {'I', 0x302, 0x0CE}, {'I', 0x308, 0x0CF}, {'N', 0x303, 0x0D1}, {'O', 0x300, 0x0D2}, {'O', 0x301, 0x0D3},
    {'O', 0x302, 0x0D4}, {'O', 0x303, 0x0D5}, {'O', 0x308, 0x0D6}, {'U', 0x300, 0x0D9}, {'U', 0x301, 0x0DA}, {'U', 0x302, 0x0DB},
    {'U', 0x308, 0x0DC}, {'Y', 0x301, 0x0DD}, {'a', 0x300, 0x0E0}, {'a', 0x301, 0x0E1}, {'a', 0x302, 0x0E2}, {'a', 0x303, 0x0E3},
    {'a', 0x308, 0x0E4}, {'a', 0x30A, 0x0E5}, {'c', 0x327, 0x0E7}, {'e', 0x300, 0x0E8}, {'e', 0x301, 0x0E9}, {'e', 0x302, 0x0EA},
    {'e', 0x308, 0x0EB}, {'i', 0x300, 0x0EC}, {'i', 0x301, 0x0ED}, {'i', 0x302, 0x0EE}, {'i', 0x308, 0x0EF}, {'n', 0x303, 0x0F1},
    {'o', 0x300, 0x0F2}, {'o', 0x301, 0x0F3}, {'o', 0x302, 0x0F4}, {'o', 0x303, 0x0F5}, {'o', 0x308, 0x0F6}, {'u', 0x300, 0x0F9},
    {'u', 0x301, 0x0FA}, {'u', 0x302, 0x0FB}, {'u', 0x308, 0x0FC}, {'y', 0x301, 0x0FD}, {'y', 0x308, 0x0FF}, {'A', 0x304, 0x100},
    {'a', 0x304, 0x101}, {'A', 0x306, 0x102}, {'a', 0x306, 0x103}, {'A', 0x328, 0x104}, {'a', 0x328, 0x105}, {'C', 0x301, 0x106},
    {'c', 0x301, 0x107}, {'C', 0x302, 0x108}, {'c', 0x302, 0x109}, {'C', 0x307, 0x10A}, {'c', 0x307, 0x10B}, {'C', 0x30C, 0x10C},
    {'c', 0x30C, 0x10D}, {'D', 0x30C, 0x10E}, {'d', 0x30C, 0x10F}, {'E', 0x304, 0x112}, {'e', 0x304, 0x113}, {'E', 0x306, 0x114},
    {'e', 0x306, 0x115}, {'E', 0x307, 0x116}, {'e', 0x307, 0x117}, {'E', 0x328, 0x118}, {'e', 0x328, 0x119}, {'E', 0x30C, 0x11A},
    {'e', 0x30C, 0x11B}, {'G', 0x302, 0x11C}, {'g', 0x302, 0x11D}, {'G', 0x306, 0x11E}, {'g', 0x306, 0x11F}, {'G', 0x307, 0x120},
    {'g', 0x307, 0x121}, {'G', 0x327, 0x122}, {'g', 0x327, 0x123}, {'H', 0x302, 0x124}, {'h', 0x302, 0x125}, {'I', 0x303, 0x128},
    {'i', 0x303, 0x129}, {'I', 0x304, 0x12A}, {'i', 0x304, 0x12B}, {'I', 0x306, 0x12C}, {'i', 0x306, 0x12D}, {'I', 0x328, 0x12E},
    {'i', 0x328, 0x12F}, {'I', 0x307, 0x130}, {'J', 0x302, 0x134}, {'j', 0x302, 0x135}, {'K', 0x327, 0x136}, {'k', 0x327, 0x137},
    {'L', 0x301, 0x139}, {'l', 0x301, 0x13A}, {'L', 0x327, 0x13B}, {'l', 0x327, 0x13C}, {'L', 0x30C, 0x13D}, {'l', 0x30C, 0x13E},
    {'N', 0x301, 0x143}, {'n', 0x301, 0x144}, {'N', 0x327, 0x145}, {'n', 0x327, 0x146}, {'N', 0x30C, 0x147}, {'n', 0x30C, 0x148},
    {'O', 0x304, 0x14C}, {'o', 0x304, 0x14D}, {'O', 0x306, 0x14E}, {'o', 0x306, 0x14F}, {'O', 0x30B, 0x150}, {'o', 0x30B, 0x151},
    {'R', 0x301, 0x154}, {'r', 0x301, 0x155}, {'R', 0x327, 0x156}, {'r', 0x327, 0x157}, {'R', 0x30C, 0x158}, {'r', 0x30C, 0x159},
    {'S', 0x301, 0x15A}, {'s', 0x301, 0x15B}, {'S', 0x302, 0x15C}, {'s', 0x302, 0x15D}, {'S', 0x327, 0x15E}, {'s', 0x327, 0x15F},
    {'S', 0x30C, 0x160}, {'s', 0x30C, 0x161}, {'T', 0x327, 0x162}, {'t', 0x327, 0x163}, {'T', 0x30C, 0x164}, {'t', 0x30C, 0x165},
    {'U', 0x303, 0x168}, {'u', 0x303, 0x169}, {'U', 0x304, 0x16A}, {'u', 0x304, 0x16B}, {'U', 0x306, 0x16C}, {'u', 0x306, 0x16D},
    {'U', 0x30A, 0x16E}, {'u', 0x30A, 0x16F}, {'U', 0x30B, 0x170}, {'u', 0x30B, 0x171}, {'U', 0x328, 0x172}, {'u', 0x328, 0x173},
    {'W', 0x302, 0x174}, {'w', 0x302, 0x175}, {'Y', 0x302, 0x176}, {'y', 0x302, 0x177}, {'Y', 0x308, 0x178}, {'Z', 0x301, 0x179},
    {'z', 0x301, 0x17A}, {'Z', 0x307, 0x17B}, {'z', 0x307, 0x17C}, {'Z', 0x30C, 0x17D}, {'z', 0x30C, 0x17E},
};

char32_t compose(char32_t base, char32_t mark) {
    if (base >= 0x80 || mark < 0x300 || mark > 0x328) return 0;
    for (const auto& c : kCompositions)
        if (static_cast<char32_t>(c.base) == base && c.mark == mark) return c.composed;
    return 0;
}

// Characters that show nothing: zero-width spaces and joiners, bidirectional marks and
// embeddings, the word joiner, the BOM, the soft hyphen.
bool invisible(char32_t cp) {
    return cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF;
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

std::string normalize(std::string_view text) {
    const std::vector<char32_t> cps = decode(text);
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < cps.size(); ++i) {
        char32_t cp = cps[i];
        if (invisible(cp)) continue;
        if (cp == 0xA0 || cp == 0x2007 || cp == 0x202F) cp = ' ';  // no-break spaces
        if (i + 1 < cps.size())
            if (const char32_t composed = compose(cp, cps[i + 1])) cp = composed, ++i;
        append(out, cp);
    }
    return out;
}

bool is_letter(char32_t cp) {
    if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
    // Latin-1's letters, Latin Extended, Greek, Cyrillic…; not the symbols, punctuation, arrows,
    // mathematical operators or pictographs.
    if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7) return false;
    if (cp >= 0x2000 && cp <= 0x2BFF) return false;
    if (cp >= 0x300 && cp <= 0x36F) return false;  // combining marks alone
    return cp < 0x1F000;
}

bool has_letter(std::string_view text) {
    for (char32_t cp : decode(text))
        if (is_letter(cp)) return true;
    return false;
}

bool is_control(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

std::optional<std::size_t> first_control(std::string_view text) {
    std::size_t index = 0;
    for (const char32_t cp : decode(text)) {
        if (is_control(cp)) return index;
        ++index;
    }
    return std::nullopt;
}

std::string visible(std::string_view text, std::size_t max_chars) {
    std::string out;
    std::size_t chars = 0, i = 0;
    static const char kHex[] = "0123456789abcdef";
    while (i < text.size() && chars < max_chars) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int extra = c < 0x80 ? 0 : c >= 0xC2 && c < 0xE0 ? 1 : c >= 0xE0 && c < 0xF0 ? 2 : c >= 0xF0 && c < 0xF5 ? 3 : -1;
        const bool whole = extra >= 0 && i + static_cast<std::size_t>(extra) < text.size() && is_valid(text.substr(i, 1 + extra));
        const char32_t cp = whole && extra > 0 ? decode(text.substr(i, 1 + extra)).front() : c;
        if (c < 0x20 || c == 0x7F || !whole) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            ++i;
        } else if (is_control(cp)) {  // C1, or a mark that turns or breaks the line: \u0085, \u202e
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 15];
            i += 1 + static_cast<std::size_t>(extra);
        } else {
            out.append(text.substr(i, 1 + extra));
            i += 1 + extra;
        }
        ++chars;
    }
    if (i < text.size()) out += "…";
    return out;
}

std::string terminal_text(std::string_view text) {
    std::string out;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find_first_of("\n\t", start);
        if (end == std::string_view::npos) end = text.size();
        out += visible(text.substr(start, end - start), std::string_view::npos);
        if (end < text.size()) out += text[end];
        start = end + 1;
    }
    return out;
}

std::size_t length(std::string_view text) {
    std::size_t n = 0;
    for (unsigned char c : text) n += (c & 0xC0) != 0x80;
    return n;
}

}  // namespace tb::utf8
