#version 330 core
// One instanced quad per bead, in the window's pixel coordinates (y down, as ImGui's).
layout(location = 0) in vec2 corner;      // -1..1
layout(location = 1) in vec3 centre_radius;  // x, y, radius (pixels)
layout(location = 2) in vec4 colour;      // rgb, alpha
layout(location = 3) in float off_scale;  // -1 below the size scale, +1 above, 0 on it
layout(location = 4) in float angle;      // the direction's angle, in turns: the needle

uniform vec2 display_pos;
uniform vec2 display_size;

out vec2 v_local;     // position in bead radii: the disc is |v_local| <= 1
out vec4 v_colour;
out float v_off_scale;
out float v_radius;
out float v_angle;

void main() {
    float margin = off_scale != 0.0 ? 1.45 : 1.08;  // room for the off-scale ring and the edge
    v_local = corner * margin;
    v_colour = colour;
    v_off_scale = off_scale;
    v_radius = centre_radius.z;
    v_angle = angle;
    vec2 p = centre_radius.xy + v_local * centre_radius.z;
    vec2 ndc = (p - display_pos) / display_size * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
