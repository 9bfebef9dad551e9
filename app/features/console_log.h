#pragma once
// The console's log: each command as typed, then its answer or its refusal. Pure data: the
// features write it, ui/console.cpp draws it.
#include <string>

namespace tb {

struct LogLine {
    enum class Kind { Command, Reply, Error };
    Kind kind;
    std::string text;
    std::string text_en = {};  // when set, the line in English, drawn while /langue is en (the welcome)
    const std::string& in(bool english) const { return english && !text_en.empty() ? text_en : text; }
};

}  // namespace tb
