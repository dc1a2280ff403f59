// Tiles screenshots into one image for a README:
//   viewer_montage OUT.png COLUMNS TILE_WIDTH A.png [B.png ...]
// Each image is scaled to TILE_WIDTH pixels across (averaging the pixels each tile pixel covers)
// and placed left to right, COLUMNS to a row, 6 pixels apart on the viewer's background. Exit 0,
// 1 when an image cannot be read or the result written, 2 on bad usage.
#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: viewer_montage OUT.png COLUMNS TILE_WIDTH A.png [B.png ...]\n");
    return 2;
  }
  const int columns = std::max(1, std::atoi(argv[2])), tile_w = std::max(16, std::atoi(argv[3]));
  const int gap = 6, count = argc - 4;
  struct Tile {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;
  };
  std::vector<Tile> tiles;
  int tile_h = 0;
  for (int i = 0; i < count; ++i) {
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(argv[4 + i], &w, &h, &n, 3);
    if (!px) {
      std::fprintf(stderr, "%s: cannot be read as an image\n", argv[4 + i]);
      return 1;
    }
    Tile t;
    t.w = tile_w;
    t.h = std::max(1, h * tile_w / w);
    t.rgb.assign(size_t(t.w) * t.h * 3, 0);
    for (int y = 0; y < t.h; ++y)
      for (int x = 0; x < t.w; ++x) {
        const int x0 = x * w / t.w, x1 = std::max(x0 + 1, (x + 1) * w / t.w);
        const int y0 = y * h / t.h, y1 = std::max(y0 + 1, (y + 1) * h / t.h);
        for (int c = 0; c < 3; ++c) {
          long sum = 0;
          for (int yy = y0; yy < y1; ++yy)
            for (int xx = x0; xx < x1; ++xx) sum += px[(size_t(yy) * w + xx) * 3 + c];
          t.rgb[(size_t(y) * t.w + x) * 3 + c] = static_cast<unsigned char>(sum / ((x1 - x0) * (y1 - y0)));
        }
      }
    stbi_image_free(px);
    tile_h = std::max(tile_h, t.h);
    tiles.push_back(std::move(t));
  }
  const int rows = (count + columns - 1) / columns;
  const int out_w = columns * tile_w + (columns + 1) * gap, out_h = rows * tile_h + (rows + 1) * gap;
  std::vector<unsigned char> out(size_t(out_w) * out_h * 3);
  for (size_t i = 0; i < out.size(); i += 3) {  // the viewer's dark background
    out[i] = 22;
    out[i + 1] = 24;
    out[i + 2] = 29;
  }
  for (int i = 0; i < count; ++i) {
    const Tile& t = tiles[size_t(i)];
    const int ox = gap + (i % columns) * (tile_w + gap), oy = gap + (i / columns) * (tile_h + gap);
    for (int y = 0; y < t.h; ++y)
      std::copy_n(&t.rgb[size_t(y) * t.w * 3], size_t(t.w) * 3, &out[(size_t(oy + y) * out_w + ox) * 3]);
  }
  if (!stbi_write_png(argv[1], out_w, out_h, 3, out.data(), out_w * 3)) {
    std::fprintf(stderr, "%s: cannot be written\n", argv[1]);
    return 1;
  }
  return 0;
}
