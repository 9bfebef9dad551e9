#version 330 core
// A bead (channel.md §7): a disc of area proportional to the norm, cut into d sectors from twelve
// o'clock, clockwise, each the colour of one component of the direction on the fixed two-sided
// scale (scene/colour.cpp's seven stops, cue_stops[0] at -1, grey cue_stops[3] at 0, cue_stops[6]
// at +1, linear between them);
// a ring of the token's identity colour round it; a dashed ring, dark and light dashes so that it
// reads on any background, at the size of norm √d; a clamped bead has a mark: a white ring
// outside (above the scale) or a small hollow circle round the dot (below it). A faint bead (a
// trail, a residual copy) is opaque, its colours mixed towards the ground, so that it reads the
// same on a box as between boxes.
in vec2 v_pixel;
flat in vec4 v_bead;
flat in vec4 v_outline;
flat in vec4 v_cells[4];
out vec4 frag;

uniform vec3 cue_stops[7];
uniform vec3 ground;  // the cross-section's background: a faint bead is mixed towards it

// Component j of the cue, picked with selects: indexing the flat input array costs the software
// rasterizer (llvmpipe) far more code to compile, some 30 ms of a cold start's first frame.
float cell_at(int j) {
    vec4 row = j < 4 ? v_cells[0] : j < 8 ? v_cells[1] : j < 12 ? v_cells[2] : v_cells[3];
    int k = j % 4;
    return k == 0 ? row.x : k == 1 ? row.y : k == 2 ? row.z : row.w;
}

// The scale at `cell` (-1..1), piecewise linear through the seven stops: each mix takes over
// where the one before it saturates (constant indices only: cheap for the software rasterizer).
vec3 cue_colour(float cell) {
    float t = clamp((cell + 1.0) * 3.0, 0.0, 6.0);
    vec3 c = mix(cue_stops[0], cue_stops[1], clamp(t, 0.0, 1.0));
    c = mix(c, cue_stops[2], clamp(t - 1.0, 0.0, 1.0));
    c = mix(c, cue_stops[3], clamp(t - 2.0, 0.0, 1.0));
    c = mix(c, cue_stops[4], clamp(t - 3.0, 0.0, 1.0));
    c = mix(c, cue_stops[5], clamp(t - 4.0, 0.0, 1.0));
    return mix(c, cue_stops[6], clamp(t - 5.0, 0.0, 1.0));
}

// Coverage of a ring of `width` pixels centred on radius `at`, antialiased over one pixel.
float ring(float r, float at, float width) { return clamp(width * 0.5 + 0.5 - abs(r - at), 0.0, 1.0); }

void main() {
    float radius = v_bead.x, alpha = v_bead.y, clamped = v_bead.z, reference = v_bead.w;
    int d = int(v_outline.w + 0.5);
    float r = length(v_pixel);
    if (r > radius + 8.5 && abs(r - reference) > 1.5) discard;  // nothing drawn here: skip the rest
    float outline_w = clamp(radius * 0.2, 1.5, 3.0);
    vec4 c = vec4(0.0);

    // The sectors, flat: each shows its component's colour exactly (the screenshot tests read it).
    float disc = clamp(radius + 0.5 - r, 0.0, 1.0);
    if (disc > 0.0 && d > 0) {
        float turns = fract(atan(v_pixel.x, -v_pixel.y) / 6.2831853 + 1.0);
        int j = min(int(turns * float(d)), d - 1);
        c = vec4(mix(ground, cue_colour(cell_at(j)), alpha), disc);
    }
    // The identity outline, just outside the disc.
    float edge = ring(r, radius + outline_w * 0.5, outline_w);
    c = mix(c, vec4(mix(ground, v_outline.rgb, alpha), 1.0), edge);
    // The clamp marks.
    if (clamped > 0.5) c = mix(c, vec4(1.0), ring(r, radius + outline_w + 3.0, 2.0));
    if (clamped < -0.5) c = mix(c, vec4(v_outline.rgb, 1.0), ring(r, radius + 4.0, 1.5));
    // The √d ring, dashed (16 dashes), over everything (the angle only where the ring is).
    float reference_ring = ring(r, reference, 1.6);
    if (reference_ring > 0.0) {
        float dash = step(0.0, sin(atan(v_pixel.y, v_pixel.x) * 16.0));
        c = mix(c, vec4(mix(ground, vec3(mix(0.08, 0.96, dash)), alpha), 0.9), reference_ring * 0.9);
    }

    if (c.a <= 0.002) discard;
    frag = c;
}
