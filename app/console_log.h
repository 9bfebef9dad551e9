#pragma once
// The console's log: each command as typed, then its answer or its refusal. Pure data: the
// features write it, ui/console.cpp draws it.
#include <string>

namespace tb {

struct LogLine {
    enum class Kind { Command, Reply, Error };
    Kind kind;
    std::string text;
};

}  // namespace tb
