#include "render/bead_renderer.h"

#include <imgui.h>

#include <algorithm>

#include "render/damage.h"

namespace tb {

namespace {
// x, y, radius, alpha | outline rgb, clamped | reference radius, d, 0, 0 | 16 cue cells
constexpr int kFloats = 12 + kMaxCueCells;
}

BeadRenderer::BeadRenderer(const std::string& shader_dir)
    : program_(shader_dir + "/bead.vert", shader_dir + "/bead.frag") {
    const float corners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &quad_);
    glGenBuffers(1, &instances_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, quad_);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, instances_);
    const GLsizei stride = kFloats * sizeof(float);
    auto attribute = [&](GLuint index, GLint size, int offset) {
        glEnableVertexAttribArray(index);
        glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, stride,
                              reinterpret_cast<const void*>(static_cast<std::size_t>(offset) * sizeof(float)));
        glVertexAttribDivisor(index, 1);
    };
    for (GLuint i = 0; i < kFloats / 4; ++i) attribute(1 + i, 4, static_cast<int>(4 * i));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    set_callback_footprint(&BeadRenderer::callback, &BeadRenderer::footprint);
    set_callback_footprint(&BeadRenderer::callback_second, &BeadRenderer::footprint_second);
}

BeadRenderer::~BeadRenderer() {
    glDeleteBuffers(1, &instances_);
    glDeleteBuffers(1, &quad_);
    glDeleteVertexArrays(1, &vao_);
}

namespace {
void pack(const std::vector<BeadRecord>& beads, std::vector<float>& data) {
    data.clear();
    for (const auto& b : beads) {
        const float head[12] = {b.x, b.y, b.radius, b.alpha, b.outline.r, b.outline.g, b.outline.b,
                                static_cast<float>(b.clamped), b.reference_radius, static_cast<float>(b.cue.size), 0, 0};
        data.insert(data.end(), head, head + 12);
        data.insert(data.end(), b.cue.cell.begin(), b.cue.cell.end());
    }
}

// What the beads of one callback paint, for render/damage.h: each bead's quad (bead.vert's reach)
// and its numbers, with the ground they are mixed towards.
void footprint_of(const std::vector<float>& data, Rgb ground, std::vector<DamageItem>& out) {
    const std::uint64_t seed = hash_words(&ground, sizeof ground, 0xBEADu);
    for (std::size_t i = 0; i + kFloats <= data.size(); i += kFloats) {
        const float* b = data.data() + i;
        const float reach = std::max(b[2] + (b[7] != 0.f ? 9.f : 3.5f), b[8] + 2.f) + 1.f;
        out.push_back({hash_words(b, kFloats * sizeof(float), seed), b[0] - reach, b[1] - reach, b[0] + reach, b[1] + reach});
    }
}

// The callback's clip rectangle as the scissor box (the partial redraw of render/frame_cache.h
// narrows it, and the command before may belong to another rectangle); false when it is empty.
bool scissor_to(const ImDrawCmd& cmd, const ImDrawData& frame) {
    const ImVec2 off = frame.DisplayPos, scale = frame.FramebufferScale;
    const float fb_h = frame.DisplaySize.y * scale.y;
    const ImVec2 lo((cmd.ClipRect.x - off.x) * scale.x, (cmd.ClipRect.y - off.y) * scale.y);
    const ImVec2 hi((cmd.ClipRect.z - off.x) * scale.x, (cmd.ClipRect.w - off.y) * scale.y);
    if (hi.x <= lo.x || hi.y <= lo.y) return false;
    glScissor(static_cast<int>(lo.x), static_cast<int>(static_cast<float>(static_cast<int>(fb_h)) - hi.y),
              static_cast<int>(hi.x - lo.x), static_cast<int>(hi.y - lo.y));
    return true;
}
}  // namespace

void BeadRenderer::set(const std::vector<BeadRecord>& beads) { pack(beads, data_); }
void BeadRenderer::set_second(const std::vector<BeadRecord>& beads) { pack(beads, second_); }

void BeadRenderer::callback(const ImDrawList*, const ImDrawCmd* cmd) {
    auto* self = static_cast<BeadRenderer*>(cmd->UserCallbackData);
    const ImDrawData* frame = ImGui::GetDrawData();
    if (frame && scissor_to(*cmd, *frame)) self->draw(self->data_);
}

void BeadRenderer::callback_second(const ImDrawList*, const ImDrawCmd* cmd) {
    auto* self = static_cast<BeadRenderer*>(cmd->UserCallbackData);
    const ImDrawData* frame = ImGui::GetDrawData();
    if (frame && scissor_to(*cmd, *frame)) self->draw(self->second_);
}

void BeadRenderer::footprint(const ImDrawCmd& cmd, std::vector<DamageItem>& out) {
    const auto* self = static_cast<const BeadRenderer*>(cmd.UserCallbackData);
    footprint_of(self->data_, self->ground_, out);
}

void BeadRenderer::footprint_second(const ImDrawCmd& cmd, std::vector<DamageItem>& out) {
    const auto* self = static_cast<const BeadRenderer*>(cmd.UserCallbackData);
    footprint_of(self->second_, self->ground_, out);
}

void BeadRenderer::draw(const std::vector<float>& data) {
    const ImDrawData* frame = ImGui::GetDrawData();
    if (data.empty() || !frame || frame->DisplaySize.x <= 0 || frame->DisplaySize.y <= 0) return;
    glUseProgram(program_.id());
    glUniform2f(program_.uniform("display_pos"), frame->DisplayPos.x, frame->DisplayPos.y);
    glUniform2f(program_.uniform("display_size"), frame->DisplaySize.x, frame->DisplaySize.y);
    float stops[3 * kCueStops];  // the one scale, from scene/colour.cpp
    for (int i = 0; i < kCueStops; ++i) {
        const Rgb& c = cue_stops()[static_cast<std::size_t>(i)];
        stops[3 * i] = c.r, stops[3 * i + 1] = c.g, stops[3 * i + 2] = c.b;
    }
    glUniform3fv(program_.uniform("cue_stops[0]"), kCueStops, stops);
    glUniform3f(program_.uniform("ground"), ground_.r, ground_.g, ground_.b);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instances_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STREAM_DRAW);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(data.size() / kFloats));
    glBindVertexArray(0);
}

}  // namespace tb
