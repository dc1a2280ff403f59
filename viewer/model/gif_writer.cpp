// GIF encoding: a popularity palette per frame and giflib's encoder.
#include "model/gif_writer.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#ifdef GRIDLOCK_HAVE_GIFLIB
#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>
#endif

namespace gridlock::viewer {

namespace {

constexpr int kBuckets = 32 * 32 * 32;  // 5 bits a channel

int bucket_of(const std::uint8_t* p) { return (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3); }

}  // namespace

IndexedImage quantize(const std::vector<std::uint8_t>& rgb) {
  const std::size_t pixels = rgb.size() / 3;
  std::vector<uint32_t> count(kBuckets, 0);
  std::vector<std::array<uint64_t, 3>> sum(kBuckets, {0, 0, 0});
  for (std::size_t i = 0; i < pixels; ++i) {
    const std::uint8_t* p = &rgb[i * 3];
    const int b = bucket_of(p);
    ++count[b];
    for (int c = 0; c < 3; ++c) sum[b][c] += p[c];
  }
  std::vector<int> used;
  for (int b = 0; b < kBuckets; ++b)
    if (count[b] > 0) used.push_back(b);
  std::sort(used.begin(), used.end(), [&](int a, int b) { return count[a] > count[b]; });
  if (used.size() > 256) used.resize(256);
  IndexedImage image;
  image.palette.assign(256 * 3, 0);
  for (std::size_t k = 0; k < used.size(); ++k)  // each entry: the mean colour of its bucket
    for (int c = 0; c < 3; ++c)
      image.palette[k * 3 + c] = static_cast<std::uint8_t>(sum[used[k]][c] / count[used[k]]);
  std::vector<int> nearest(kBuckets, -1);  // bucket -> palette entry, filled as buckets are met
  for (std::size_t k = 0; k < used.size(); ++k) nearest[used[k]] = static_cast<int>(k);
  image.indices.resize(pixels);
  for (std::size_t i = 0; i < pixels; ++i) {
    const std::uint8_t* p = &rgb[i * 3];
    int& entry = nearest[bucket_of(p)];
    if (entry < 0) {
      int best = 0, best_distance = 1 << 30;
      for (std::size_t k = 0; k < used.size(); ++k) {
        int d = 0;
        for (int c = 0; c < 3; ++c) {
          const int diff = int(p[c]) - int(image.palette[k * 3 + c]);
          d += diff * diff;
        }
        if (d < best_distance) best_distance = d, best = static_cast<int>(k);
      }
      entry = best;
    }
    image.indices[i] = static_cast<std::uint8_t>(entry);
  }
  return image;
}

#ifdef GRIDLOCK_HAVE_GIFLIB

bool gif_supported() { return true; }

bool GifWriter::open(const std::string& path, int width, int height, int delay_cs) {
  int error = 0;
  // Opened here rather than by EGifOpenFileName, which would make the file readable by its owner only.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) {
    error_ = "cannot write " + path;
    return false;
  }
  GifFileType* gif = EGifOpenFileHandle(fd, &error);
  if (!gif) {
    ::close(fd);
    error_ = "cannot write " + path + ": " + GifErrorString(error);
    return false;
  }
  file_ = gif;
  width_ = width;
  height_ = height;
  delay_cs_ = delay_cs;
  frames_ = 0;
  EGifSetGifVersion(gif, true);
  if (EGifPutScreenDesc(gif, width, height, 8, 0, nullptr) == GIF_ERROR) {
    error_ = std::string("cannot write the GIF header: ") + GifErrorString(gif->Error);
    return false;
  }
  // NETSCAPE2.0: loop forever.
  const GifByteType app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  const GifByteType loop[] = {1, 0, 0};
  EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE);
  EGifPutExtensionBlock(gif, sizeof app, app);
  EGifPutExtensionBlock(gif, sizeof loop, loop);
  EGifPutExtensionTrailer(gif);
  return true;
}

bool GifWriter::add_frame(const std::vector<std::uint8_t>& rgb) {
  auto* gif = static_cast<GifFileType*>(file_);
  if (!gif || rgb.size() != static_cast<std::size_t>(width_) * height_ * 3) {
    error_ = gif ? "a frame of the wrong size" : "the GIF is not open";
    return false;
  }
  const IndexedImage image = quantize(rgb);
  GraphicsControlBlock control{};
  control.DelayTime = delay_cs_;
  control.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const std::size_t length = EGifGCBToExtension(&control, extension);
  EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension);
  std::array<GifColorType, 256> colours{};
  for (int k = 0; k < 256; ++k)
    colours[k] = {image.palette[k * 3], image.palette[k * 3 + 1], image.palette[k * 3 + 2]};
  ColorMapObject* map = GifMakeMapObject(256, colours.data());
  const bool described = EGifPutImageDesc(gif, 0, 0, width_, height_, false, map) != GIF_ERROR;
  GifFreeMapObject(map);
  bool ok = described;
  for (int y = 0; ok && y < height_; ++y)
    ok = EGifPutLine(gif, const_cast<GifPixelType*>(&image.indices[static_cast<std::size_t>(y) * width_]),
                     width_) != GIF_ERROR;
  if (!ok) {
    error_ = std::string("cannot write a GIF frame: ") + GifErrorString(gif->Error);
    return false;
  }
  ++frames_;
  return true;
}

bool GifWriter::close() {
  auto* gif = static_cast<GifFileType*>(file_);
  file_ = nullptr;
  if (!gif) return true;
  int error = 0;
  if (EGifCloseFile(gif, &error) == GIF_ERROR) {
    error_ = std::string("cannot finish the GIF: ") + GifErrorString(error);
    return false;
  }
  return true;
}

#else

bool gif_supported() { return false; }

bool GifWriter::open(const std::string&, int, int, int) {
  error_ = "this viewer was built without giflib: install libgif-dev and configure again";
  return false;
}
bool GifWriter::add_frame(const std::vector<std::uint8_t>&) { return false; }
bool GifWriter::close() { return true; }

#endif

GifWriter::~GifWriter() { close(); }

}  // namespace gridlock::viewer
