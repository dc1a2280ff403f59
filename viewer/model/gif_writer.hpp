// Animated GIFs through giflib: RGB frames of one size, each with its own 256-colour palette
// (the most used colours of the frame), looping forever.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gridlock::viewer {

// Whether this build has giflib; without it open() fails with a message saying so.
bool gif_supported();

class GifWriter {
 public:
  GifWriter() = default;
  ~GifWriter();  // closes the file when still open
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // `delay_cs`: how long each frame shows, in hundredths of a second.
  bool open(const std::string& path, int width, int height, int delay_cs);
  // RGB, top row first, width * height * 3 bytes.
  bool add_frame(const std::vector<std::uint8_t>& rgb);
  bool close();
  const std::string& error() const { return error_; }
  int frames() const { return frames_; }

 private:
  void* file_ = nullptr;  // GifFileType
  int width_ = 0, height_ = 0, delay_cs_ = 0, frames_ = 0;
  std::string error_;
};

// A palette of at most 256 colours for `rgb` (the most used colours, at 5 bits a channel) and
// each pixel's index into it (the nearest colour). Exposed for the tests.
struct IndexedImage {
  std::vector<std::uint8_t> palette;  // RGB triples, 256 entries
  std::vector<std::uint8_t> indices;  // one per pixel
};
IndexedImage quantize(const std::vector<std::uint8_t>& rgb);

}  // namespace gridlock::viewer
