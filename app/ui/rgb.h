#pragma once
// A scene colour (floats 0..1) as ImGui's packed colour, with an opacity.
#include <imgui.h>

#include <algorithm>

#include "scene/colour.h"

namespace tb {

inline ImU32 rgb(Rgb c, float alpha = 1.f) {
    auto byte = [](float v) { return static_cast<int>(std::clamp(v, 0.f, 1.f) * 255.f + 0.5f); };
    return IM_COL32(byte(c.r), byte(c.g), byte(c.b), byte(alpha));
}

}  // namespace tb
