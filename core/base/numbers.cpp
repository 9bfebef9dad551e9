#include "base/numbers.h"

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <cstdlib>

namespace tb {
namespace {

const char* kMinus = "\u2212";

// Groups the integer part of a plain "123456.78" (no sign) and puts the decimal mark.
std::string localize_plain(const std::string& plain, Language language) {
    const std::size_t point = plain.find('.');
    const std::string whole = plain.substr(0, point), rest = point == std::string::npos ? "" : plain.substr(point + 1);
    const char* group = language == Language::French ? kThousandsFrench : ",";
    std::string out;
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) out += group;
        out += whole[i];
    }
    if (!rest.empty()) out += (language == Language::French ? "," : ".") + rest;
    return out;
}

std::string with_sign(bool negative, std::string s) { return negative ? kMinus + s : s; }

bool all_zero(const std::string& s) {
    for (char c : s)
        if (c >= '1' && c <= '9') return false;
    return true;
}

}  // namespace

std::string format_count(std::int64_t value, Language language) {
    const bool negative = value < 0;
    const std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    return with_sign(negative, localize_plain(std::to_string(magnitude), language));
}

std::string format_fixed(double value, int decimals, Language language) {
    if (!std::isfinite(value)) return "—";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, std::abs(value));
    const std::string plain = buffer;
    return with_sign(value < 0 && !all_zero(plain), localize_plain(plain, language));  // no "−0,00"
}

std::string format_significant(double value, int digits, Language language) {
    if (!std::isfinite(value)) return "—";
    if (value == 0) return "0";
    digits = digits < 1 ? 1 : digits;
    const double magnitude = std::abs(value);
    int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    // Rounding may carry into the next power (9,996 at three digits is 10,0).
    const double rounded = std::round(magnitude / std::pow(10.0, exponent - digits + 1)) * std::pow(10.0, exponent - digits + 1);
    if (rounded >= std::pow(10.0, exponent + 1)) ++exponent;
    if (exponent >= -3 && exponent < 6)
        return format_fixed(value, std::max(0, digits - 1 - exponent), language);
    static const char* superscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string power;
    for (char c : std::to_string(std::abs(exponent))) power += superscript[c - '0'];
    const std::string mantissa = format_fixed(value / std::pow(10.0, exponent), digits - 1, language);
    return mantissa + "·10" + (exponent < 0 ? "⁻" : "") + power;
}

std::string format_shortest(double value, int digits, Language language) {
    std::string s = format_significant(value, digits, language);
    const std::size_t power = s.find("·10");
    const std::string mantissa = s.substr(0, power), tail = power == std::string::npos ? "" : s.substr(power);
    const char mark = language == Language::French ? ',' : '.';
    std::string m = mantissa;
    if (m.find(mark) != std::string::npos) {
        while (!m.empty() && m.back() == '0') m.pop_back();
        if (!m.empty() && m.back() == mark) m.pop_back();
    }
    if (!tail.empty() && (m == "1" || m == "−1")) return (m == "1" ? "" : "−") + tail.substr(std::string("·").size());  // 10⁻⁵
    return m + tail;
}

std::string format_ratio(double from, double to, Language language) {
    if (!std::isfinite(from) || !std::isfinite(to) || from == 0 || to == 0) return "—";
    const double r = std::abs(to / from);
    if (std::abs(r - 1) < 5e-3) return "=";
    const bool up = r >= 1;
    const double factor = up ? r : 1 / r;
    std::string text = factor >= 9.95 ? format_fixed(std::round(factor), 0, language) : format_fixed(factor, 1, language);
    const std::string zero = language == Language::French ? ",0" : ".0";
    if (text.size() > 2 && text.compare(text.size() - 2, 2, zero) == 0) text.resize(text.size() - 2);  // × 3, not × 3,0
    return std::string(up ? "× " : "÷ ") + text;
}

std::string format_percent(double fraction, Language language) {
    return format_fixed(100 * fraction, 1, language) + (language == Language::French ? "\u00A0%" : "%");
}

std::string localize_decimals(Language language, std::string text) {
    if (language == Language::English) return text;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (std::size_t i = 1; i + 1 < text.size(); ++i)
        if (text[i] == '.' && digit(text[i - 1]) && digit(text[i + 1])) text[i] = ',';
    return text;
}

}  // namespace tb
