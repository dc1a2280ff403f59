// Checks viewer screenshots:
//   viewer_png_check --size WxH [--min-colours N] [--max-cover PERCENT] A.png [B.png ...]
//                    [--differ | --differ-by PERCENT | --same-within PERCENT]
// Every image must have the given size, at least N distinct colours (default 64) and no colour
// covering more than PERCENT% of it (default 95: a picture that is all background has drawn nothing). With
// --differ, each image must also differ from the one before it in at least 1% of its pixels (--differ-by:
// PERCENT% of them, for a change meant to be small); with --same-within, in at most PERCENT% of them, a pixel
// differing where a channel is off by more than 8 (what scaling a picture may change). Exit 0 when all checks
// pass, 1 otherwise, 2 on bad usage.
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> rgb;
};

bool load(const std::string& path, Image& image) {
  int channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "%s: cannot be read as an image (%s)\n", path.c_str(), stbi_failure_reason());
    return false;
  }
  image.rgb.assign(pixels, pixels + static_cast<std::size_t>(image.width) * image.height * 3);
  stbi_image_free(pixels);
  return true;
}

bool check_content(const std::string& path, const Image& image, std::size_t min_colours, double max_cover) {
  std::unordered_map<unsigned, std::size_t> counts;
  const std::size_t pixels = image.rgb.size() / 3;
  for (std::size_t i = 0; i < pixels; ++i) {
    const unsigned char* p = &image.rgb[3 * i];
    ++counts[(unsigned{p[0]} << 16) | (unsigned{p[1]} << 8) | p[2]];
  }
  std::size_t most = 0;
  for (const auto& [colour, n] : counts) most = std::max(most, n);
  bool ok = true;
  if (counts.size() < min_colours) {
    std::fprintf(stderr, "%s: only %zu distinct colours, expected at least %zu\n", path.c_str(),
                 counts.size(), min_colours);
    ok = false;
  }
  if (static_cast<double>(most) > static_cast<double>(pixels) * max_cover) {
    std::fprintf(stderr, "%s: one colour covers %.1f%% of the image\n", path.c_str(),
                 100.0 * static_cast<double>(most) / static_cast<double>(pixels));
    ok = false;
  }
  std::printf("%s: %dx%d, %zu colours\n", path.c_str(), image.width, image.height, counts.size());
  return ok;
}

// The share of pixels where a channel differs by more than `tolerance`.
double differing_fraction(const Image& a, const Image& b, int tolerance = 0) {
  if (a.rgb.size() != b.rgb.size()) return 1.0;
  std::size_t differ = 0;
  const std::size_t pixels = a.rgb.size() / 3;
  for (std::size_t i = 0; i < pixels; ++i)
    for (int c = 0; c < 3; ++c)
      if (std::abs(int{a.rgb[3 * i + c]} - int{b.rgb[3 * i + c]}) > tolerance) {
        ++differ;
        break;
      }
  return static_cast<double>(differ) / static_cast<double>(pixels);
}

}  // namespace

int main(int argc, char** argv) {
  int width = 0, height = 0;
  std::size_t min_colours = 64;
  double max_cover = 0.95;  // the share of pixels one colour may cover
  bool differ = false;
  double least_differing = 0.01;  // the share of pixels that must differ
  double most_differing = -1;     // --same-within: the share of pixels that may differ
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--size" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &width, &height) != 2) {
        std::fprintf(stderr, "--size: expected WIDTHxHEIGHT\n");
        return 2;
      }
    } else if (arg == "--min-colours" && i + 1 < argc) {
      min_colours = std::stoul(argv[++i]);
    } else if (arg == "--max-cover" && i + 1 < argc) {
      max_cover = std::stod(argv[++i]) / 100.0;
    } else if (arg == "--differ") {
      differ = true;
    } else if (arg == "--differ-by" && i + 1 < argc) {
      differ = true;
      least_differing = std::stod(argv[++i]) / 100.0;
    } else if (arg == "--same-within" && i + 1 < argc) {
      most_differing = std::stod(argv[++i]) / 100.0;
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "unknown option %s\n", arg.c_str());
      return 2;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty() || width <= 0 || height <= 0) {
    std::fprintf(stderr,
                 "usage: viewer_png_check --size WxH [--min-colours N] [--max-cover PERCENT] [--differ | "
                 "--differ-by PERCENT | "
                 "--same-within PERCENT] PNG...\n");
    return 2;
  }
  bool ok = true;
  std::vector<Image> images(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!load(files[i], images[i])) {
      ok = false;
      continue;
    }
    if (images[i].width != width || images[i].height != height) {
      std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", files[i].c_str(), images[i].width, images[i].height,
                   width, height);
      ok = false;
      continue;
    }
    ok = check_content(files[i], images[i], min_colours, max_cover) && ok;
    if (differ && i > 0) {
      const double fraction = differing_fraction(images[i - 1], images[i]);
      std::printf("%s vs %s: %.2f%% of pixels differ\n", files[i - 1].c_str(), files[i].c_str(),
                  100 * fraction);
      if (fraction < least_differing) {
        std::fprintf(stderr, "%s and %s are nearly the same image\n", files[i - 1].c_str(), files[i].c_str());
        ok = false;
      }
    }
    if (most_differing >= 0 && i > 0) {
      const double fraction = differing_fraction(images[i - 1], images[i], 8);
      std::printf("%s vs %s: %.2f%% of pixels differ\n", files[i - 1].c_str(), files[i].c_str(),
                  100 * fraction);
      if (fraction > most_differing) {
        std::fprintf(stderr, "%s and %s differ in more than %.2f%% of pixels\n", files[i - 1].c_str(),
                     files[i].c_str(), 100 * most_differing);
        ok = false;
      }
    }
  }
  return ok ? 0 : 1;
}
