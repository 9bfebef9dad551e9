#version 330 core
// One instanced quad per bead, in the window's pixel coordinates (y down, as ImGui's). The quad
// holds the disc, its identity outline, its clamp mark and its √d reference ring.
layout(location = 0) in vec2 corner;            // -1..1
layout(location = 1) in vec4 centre_radius_alpha;  // x, y, radius (pixels), alpha
layout(location = 2) in vec4 outline_clamped;   // identity colour rgb, clamped (-1, 0, +1)
layout(location = 3) in vec4 reference_size;    // √d ring radius (pixels), d, 0, 0
layout(location = 4) in vec4 cells0;            // the direction cue: component j / range, -1..1
layout(location = 5) in vec4 cells1;
layout(location = 6) in vec4 cells2;
layout(location = 7) in vec4 cells3;

uniform vec2 display_pos;
uniform vec2 display_size;

out vec2 v_pixel;  // from the bead's centre, in pixels
flat out vec4 v_bead;     // radius, alpha, clamped, reference radius
flat out vec4 v_outline;  // rgb, d
flat out vec4 v_cells[4];

void main() {
    float radius = centre_radius_alpha.z;
    // The outline (3 px), a clamp mark (6 px more) and the ring inside; no more, so that the
    // software rasterizer shades as few pixels as it can.
    float reach = max(radius + (outline_clamped.w != 0.0 ? 9.0 : 3.5), reference_size.x + 2.0);
    v_pixel = corner * reach;
    v_bead = vec4(radius, centre_radius_alpha.w, outline_clamped.w, reference_size.x);
    v_outline = vec4(outline_clamped.rgb, reference_size.y);
    v_cells[0] = cells0;
    v_cells[1] = cells1;
    v_cells[2] = cells2;
    v_cells[3] = cells3;
    vec2 p = centre_radius_alpha.xy + v_pixel;
    vec2 ndc = (p - display_pos) / display_size * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
