#version 330 core
// Heat strip: one screen rectangle whose corners come from gl_VertexID (no vertex buffer).
// Drawn as a 4-vertex triangle strip.

uniform vec4 u_rect;   // left, top, right, bottom in normalised device coordinates

out vec2 v_uv;         // 0..1 across the rectangle, (0, 0) at the top left

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  v_uv = corner;
  gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
