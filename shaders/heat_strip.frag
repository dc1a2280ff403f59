#version 330 core
// Heat strip: the nodes of one tree row, too narrow for their numbers, drawn as colours.
// Texel k of texture row u_row holds the value of the node ranked k, normalised to 0..1 within
// its tree row; a negative texel is a node with no recorded value.

uniform sampler2D u_values;    // R32F, one texture row per tree row
uniform int u_row;             // which texture row
uniform float u_count;         // nodes in the tree row
uniform vec2 u_span;           // the row fraction (0..1) at the rectangle's left and right edges
uniform float u_px_per_node;   // on-screen width of one node, for the seams between nodes
uniform float u_alpha;
uniform vec3 u_stops[5];       // the colour map, stops evenly spaced over 0..1
uniform vec3 u_missing;        // colour of a node with no value

in vec2 v_uv;
out vec4 frag_colour;

vec3 colour_map(float t) {
  float x = clamp(t, 0.0, 1.0) * 4.0;
  int i = min(int(x), 3);
  return mix(u_stops[i], u_stops[i + 1], x - float(i));
}

void main() {
  float pos = mix(u_span.x, u_span.y, v_uv.x) * u_count;   // in nodes from the row's start
  int k = int(floor(pos));
  if (k < 0 || float(k) >= u_count) discard;
  float t = texelFetch(u_values, ivec2(k, u_row), 0).r;
  vec3 colour = t < 0.0 ? u_missing : colour_map(t);
  // Once nodes are a few pixels wide, a dark seam tells neighbours apart.
  float px_to_seam = min(fract(pos), 1.0 - fract(pos)) * u_px_per_node;
  if (u_px_per_node > 4.0 && px_to_seam < 0.75) colour *= 0.35;
  frag_colour = vec4(colour, u_alpha);
}
