#pragma once
// Draws the beads as instanced discs of d sectors with their rings (shaders/bead.*). It is called from inside ImGui's
// draw list (a callback), so the beads sit above the boxes and below the labels.
#include <string>
#include <vector>

#include "scene/animation.h"
#include "render/gl_program.h"

struct ImDrawList;
struct ImDrawCmd;

namespace tb {

struct DamageItem;

class BeadRenderer {
public:
    explicit BeadRenderer(const std::string& shader_dir);
    ~BeadRenderer();
    BeadRenderer(const BeadRenderer&) = delete;
    BeadRenderer& operator=(const BeadRenderer&) = delete;

    // Beads for the next callback (copied: the records may die before ImGui renders).
    void set(const std::vector<BeadRecord>& beads);
    // ImDrawCallback: draws what set() received, in ImGui's current render state.
    static void callback(const ImDrawList* list, const ImDrawCmd* cmd);
    // A second set, for the comparison's side B: drawn from its own cross-section's draw list,
    // so that it is clipped to that window.
    void set_second(const std::vector<BeadRecord>& beads);
    static void callback_second(const ImDrawList* list, const ImDrawCmd* cmd);
    // What each callback paints (render/damage.h): a redraw of part of the frame follows the beads.
    static void footprint(const ImDrawCmd& cmd, std::vector<DamageItem>& out);
    static void footprint_second(const ImDrawCmd& cmd, std::vector<DamageItem>& out);
    // The cross-section's background (the theme's): faint beads are mixed towards it.
    void set_ground(Rgb ground) { ground_ = ground; }

private:
    void draw(const std::vector<float>& data);

    GlProgram program_;
    GLuint vao_ = 0, quad_ = 0, instances_ = 0;
    std::vector<float> data_;  // 28 floats a bead (bead_renderer.cpp)
    std::vector<float> second_;  // side B of the comparison
    Rgb ground_{0.12f, 0.13f, 0.19f};
};

}  // namespace tb
