#include "text/wrap.h"

#include <algorithm>

namespace tb {

std::string wrap_at_spaces(std::string_view text, float width, const std::function<float(std::string_view)>& measure) {
    std::string out;
    const float space = measure(" ");
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view paragraph = text.substr(start, end - start);
        float used = 0;     // the line's width so far (the widths of its words and spaces add up)
        bool first = true;  // the line's first word goes on it whatever its width (or its leading spaces)
        for (std::size_t at = 0; at <= paragraph.size();) {
            const std::size_t blank = std::min(paragraph.find(' ', at), paragraph.size());
            const std::string_view word = paragraph.substr(at, blank - at);
            const float w = word.empty() ? 0.f : measure(word);
            if (first) {
                used = w;
            } else if (used + space + w <= width) {
                out += ' ';
                used += space + w;
            } else {
                out += '\n';
                used = w;
            }
            out += word;
            first = false;
            at = blank + 1;
        }
        if (end < text.size()) out += '\n';
        start = end + 1;
    }
    return out;
}

}  // namespace tb
