#version 330 core
// A shaded disc: a sphere lit from the top left, so a bead reads as a ball; its centre keeps
// the bead's colour (the screenshot tests read it there). A dark needle from the centre's edge
// to the rim points at the direction's angle: the same direction, the same needle, a cue that
// does not depend on seeing colours. Off-scale beads get a white ring.
in vec2 v_local;
in vec4 v_colour;
in float v_off_scale;
in float v_radius;
in float v_angle;
out vec4 frag;

void main() {
    float r = length(v_local);
    float aa = 1.5 / max(v_radius, 1.0);  // about one pixel of antialiasing
    vec4 result = vec4(0.0);
    if (r < 1.0 + aa) {
        vec2 q = v_local;
        float z = sqrt(max(0.0, 1.0 - dot(q, q)));
        vec3 n = vec3(q.x, q.y, z);
        vec3 light = normalize(vec3(-0.45, -0.55, 0.9));
        float diffuse = max(dot(n, light), 0.0);
        float lit = 0.3 + 0.78 * diffuse;
        float specular = pow(max(dot(reflect(-light, n), vec3(0.0, 0.0, 1.0)), 0.0), 24.0) * 0.35;
        vec3 c = v_colour.rgb * lit + vec3(specular);
        // The needle: along (cos, -sin) of the angle (y down), from 0.4 to 0.95 radii.
        float a = 6.2831853 * v_angle;
        vec2 dir = vec2(cos(a), -sin(a));
        float along = dot(q, dir);
        float across = abs(dot(q, vec2(-dir.y, dir.x)));
        float width = 0.11 + aa;
        float needle = step(0.4, along) * step(along, 0.95) * (1.0 - smoothstep(width - aa, width, across));
        c = mix(c, vec3(0.06, 0.06, 0.09), 0.85 * needle);
        float coverage = 1.0 - smoothstep(1.0 - aa, 1.0 + aa, r);
        result = vec4(c, v_colour.a * coverage);
    }
    if (v_off_scale != 0.0) {
        // Above the scale: a solid white ring; below: a dashed one.
        float ring = 1.0 - smoothstep(0.06, 0.06 + aa, abs(r - 1.28));
        if (v_off_scale < 0.0) ring *= step(0.0, sin(atan(v_local.y, v_local.x) * 8.0));
        result = mix(result, vec4(1.0, 1.0, 1.0, v_colour.a), ring);
    }
    if (result.a <= 0.0) discard;
    frag = result;
}
