// Reading glyphs back from the draw lists: a glyph is a quad (4 vertices, 6 indices in ImGui's
// PrimRectUV order) whose texture is the font atlas and whose corner UV is a glyph's.
#include "layout_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace gridlock::viewer {

std::vector<ImVec4>& canvas_rects() {
  static std::vector<ImVec4> rects;
  return rects;
}

std::map<std::string, float>& data_rows() {
  static std::map<std::string, float> rows;
  return rows;
}

void note_data_row(const std::string& kind, float px) {
  const auto [at, added] = data_rows().try_emplace(kind, px);
  if (!added) at->second = std::min(at->second, px);
}

namespace {

struct GlyphKey {
  const ImFont* font;
  const ImFontGlyph* glyph;
};

// Every glyph of every atlas font by its top-left UV (quantised).
std::map<std::pair<int, int>, GlyphKey> glyphs_by_uv() {
  std::map<std::pair<int, int>, GlyphKey> out;
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (const ImFont* font : atlas->Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible) out[{int(std::lround(g.U0 * 65536.0f)), int(std::lround(g.V0 * 65536.0f))}] = {font, &g};
  return out;
}

struct Glyph {
  ImVec4 rect;  // visible part: x0, y0, x1, y1
  float px = 0;
  int label = 0;
  unsigned codepoint = 0;
};

float area(const ImVec4& r) { return std::max(0.0f, r.z - r.x) * std::max(0.0f, r.w - r.y); }
ImVec4 intersect(const ImVec4& a, const ImVec4& b) {
  return {std::max(a.x, b.x), std::max(a.y, b.y), std::min(a.z, b.z), std::min(a.w, b.w)};
}

void append_utf8(std::string& s, unsigned c) {
  if (c < 0x80) {
    s += char(c);
  } else if (c < 0x800) {
    s += char(0xC0 | (c >> 6));
    s += char(0x80 | (c & 0x3F));
  } else {
    s += char(0xE0 | (c >> 12));
    s += char(0x80 | ((c >> 6) & 0x3F));
    s += char(0x80 | (c & 0x3F));
  }
}

}  // namespace

LayoutReport check_layout(const ImDrawData& draw_data, ImVec2 display) {
  LayoutReport report;
  const auto by_uv = glyphs_by_uv();
  const ImTextureID atlas = ImGui::GetIO().Fonts->TexID;
  std::vector<Glyph> glyphs;
  std::vector<std::string> label_text;
  for (int l = 0; l < draw_data.CmdListsCount; ++l) {
    const ImDrawList* list = draw_data.CmdLists[l];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != atlas) continue;
      const ImVec4 clip = cmd.ClipRect;
      float last_x1 = -1e9f, last_origin = -1e9f,
            next_x = -1e9f;  // next_x: where the next glyph's pen would be
      const ImFont* last_font = nullptr;
      // Triangles come three indices at a time; a glyph is a quad of two (six indices), but a lone
      // triangle (a play button's arrow) may stand between two quads.
      for (unsigned i = 0, step = 3; i + 6 <= cmd.ElemCount; i += step) {
        const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset + i;
        const unsigned v = cmd.VtxOffset + idx[0];
        step = 3;
        if (cmd.VtxOffset + idx[1] != v + 1 || cmd.VtxOffset + idx[2] != v + 2 ||
            cmd.VtxOffset + idx[3] != v || cmd.VtxOffset + idx[5] != v + 3)
          continue;
        step = 6;
        const ImDrawVert& tl = list->VtxBuffer[int(v)];
        const ImDrawVert& br = list->VtxBuffer[int(v + 2)];
        const auto found =
            by_uv.find({int(std::lround(tl.uv.x * 65536.0f)), int(std::lround(tl.uv.y * 65536.0f))});
        if (found == by_uv.end()) continue;
        const ImFontGlyph& g = *found->second.glyph;
        const float h = br.pos.y - tl.pos.y;
        if (g.Y1 - g.Y0 <= 0 || h <= 0) continue;
        const float scale = h / (g.Y1 - g.Y0);
        const ImVec4 visible = intersect({tl.pos.x, tl.pos.y, br.pos.x, br.pos.y}, clip);
        if (area(visible) <= 0.0f) continue;
        const float origin = tl.pos.y - g.Y0 * scale;  // the line's top, the same for every glyph of it
        const float px = found->second.font->FontSize * scale;
        const bool same_label = found->second.font == last_font && std::fabs(origin - last_origin) < 0.5f &&
                                tl.pos.x - last_x1 < px && tl.pos.x >= last_x1 - 0.5f * px;
        const float pen = tl.pos.x - g.X0 * scale;  // where this glyph's pen stood
        if (!same_label)
          label_text.emplace_back();
        else if (pen - next_x > 0.2f * px)
          label_text.back() += ' ';  // a space draws no glyph, only moves the pen
        append_utf8(label_text.back(), g.Codepoint);
        glyphs.push_back({visible, px, int(label_text.size()) - 1, g.Codepoint});
        next_x = pen + g.AdvanceX * scale;
        last_x1 = br.pos.x;
        last_origin = origin;
        last_font = found->second.font;
      }
    }
  }
  report.glyphs = int(glyphs.size());
  report.labels = int(label_text.size());
  for (const std::string& text : label_text) report.shown.push_back({text, {1e9f, 1e9f, -1e9f, -1e9f}});
  for (const Glyph& g : glyphs) {
    ImVec4& r = report.shown[size_t(g.label)].rect;
    r = {std::min(r.x, g.rect.x), std::min(r.y, g.rect.y), std::max(r.z, g.rect.z), std::max(r.w, g.rect.w)};
  }
  for (const Glyph& g : glyphs)
    if (report.smallest_px == 0 || g.px < report.smallest_px) {
      report.smallest_px = g.px;
      report.smallest_label = label_text[size_t(g.label)];
    }
  // Overlaps: glyphs of two labels that share more than a fifth of the smaller one's area, found
  // through a grid of 16-pixel cells; each pair of labels once.
  std::unordered_map<long long, std::vector<int>> cells;
  auto key = [](int cx, int cy) { return (long long)cx * 1000003LL + cy; };
  for (int i = 0; i < int(glyphs.size()); ++i) {
    const ImVec4& r = glyphs[size_t(i)].rect;
    for (int cx = int(r.x) / 16; cx <= int(r.z) / 16; ++cx)
      for (int cy = int(r.y) / 16; cy <= int(r.w) / 16; ++cy) cells[key(cx, cy)].push_back(i);
  }
  std::map<std::pair<int, int>, ImVec2> pairs;
  for (const auto& [k, members] : cells)
    for (size_t a = 0; a < members.size(); ++a)
      for (size_t b = a + 1; b < members.size(); ++b) {
        const Glyph& ga = glyphs[size_t(members[a])];
        const Glyph& gb = glyphs[size_t(members[b])];
        if (ga.label == gb.label) continue;
        const float shared = area(intersect(ga.rect, gb.rect));
        if (shared <= 0.2f * std::min(area(ga.rect), area(gb.rect))) continue;
        const auto p = std::minmax(ga.label, gb.label);
        pairs.try_emplace(p, ImVec2(ga.rect.x, ga.rect.y));
      }
  for (const auto& [p, at] : pairs)
    report.overlaps.push_back({label_text[size_t(p.first)], label_text[size_t(p.second)], at});
  float canvas = 0;
  for (const ImVec4& r : canvas_rects()) canvas += area(intersect(r, {0, 0, display.x, display.y}));
  report.canvas_share = display.x * display.y > 0 ? canvas / (display.x * display.y) : 0;
  report.rows = data_rows();
  return report;
}

std::string layout_report_text(const LayoutReport& r) {
  char line[64];
  std::string out = "glyphs\t" + std::to_string(r.glyphs) + "\nlabels\t" + std::to_string(r.labels) + "\n";
  std::snprintf(line, sizeof line, "%.1f", r.smallest_px);
  out += "smallest\t" + std::string(line) + "\t" + r.smallest_label + "\n";
  std::snprintf(line, sizeof line, "%.3f", r.canvas_share);
  out += "canvas\t" + std::string(line) + "\n";
  for (const LabelOverlap& o : r.overlaps) {
    std::snprintf(line, sizeof line, "%.0f,%.0f", o.at.x, o.at.y);
    out += "overlap\t" + o.a + "\t" + o.b + "\t" + line + "\n";
  }
  for (const auto& [kind, px] : r.rows) {
    std::snprintf(line, sizeof line, "%.1f", px);
    out += "row\t" + kind + "\t" + line + "\n";
  }
  return out + shown_labels_text(r);
}

std::string shown_labels_text(const LayoutReport& r) {
  std::string out;
  char line[64];
  for (const ShownLabel& label : r.shown) {
    std::snprintf(line, sizeof line, "\t%.0f\t%.0f\t%.0f\t%.0f\n", label.rect.x, label.rect.y, label.rect.z,
                  label.rect.w);
    out += "shown\t" + label.text + line;
  }
  return out;
}

}  // namespace gridlock::viewer
