// Checks an exported animated GIF by decoding it with giflib:
//   viewer_gif_check FILE.gif --frames N --size WxH
// Every frame must cover the whole screen, there must be N of them, and the first must differ
// from the last. Exit 0 when all checks pass, 1 otherwise, 2 on bad usage.
#include <gif_lib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
  if (argc != 6 || std::strcmp(argv[2], "--frames") != 0 || std::strcmp(argv[4], "--size") != 0) {
    std::fprintf(stderr, "usage: viewer_gif_check FILE.gif --frames N --size WxH\n");
    return 2;
  }
  const int frames = std::atoi(argv[3]);
  int width = 0, height = 0;
  if (std::sscanf(argv[5], "%dx%d", &width, &height) != 2) return 2;
  int error = 0;
  GifFileType* gif = DGifOpenFileName(argv[1], &error);
  if (!gif || DGifSlurp(gif) == GIF_ERROR) {
    std::fprintf(stderr, "%s: does not decode as a GIF (%s)\n", argv[1],
                 GifErrorString(gif ? gif->Error : error));
    return 1;
  }
  bool ok = true;
  if (gif->SWidth != width || gif->SHeight != height) {
    std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", argv[1], gif->SWidth, gif->SHeight, width, height);
    ok = false;
  }
  if (gif->ImageCount != frames) {
    std::fprintf(stderr, "%s: %d frames, expected %d\n", argv[1], gif->ImageCount, frames);
    ok = false;
  }
  for (int i = 0; ok && i < gif->ImageCount; ++i) {
    const GifImageDesc& d = gif->SavedImages[i].ImageDesc;
    if (d.Width != width || d.Height != height || !d.ColorMap) {
      std::fprintf(stderr, "%s: frame %d does not cover the screen with its own colours\n", argv[1], i);
      ok = false;
    }
  }
  if (ok && frames > 1) {  // compare the first and last frames' colours, pixel by pixel
    const SavedImage& a = gif->SavedImages[0];
    const SavedImage& b = gif->SavedImages[gif->ImageCount - 1];
    long differ = 0;
    for (long p = 0; p < static_cast<long>(width) * height; ++p) {
      const GifColorType ca = a.ImageDesc.ColorMap->Colors[a.RasterBits[p]];
      const GifColorType cb = b.ImageDesc.ColorMap->Colors[b.RasterBits[p]];
      differ += ca.Red != cb.Red || ca.Green != cb.Green || ca.Blue != cb.Blue;
    }
    if (differ == 0) {
      std::fprintf(stderr, "%s: the first frame equals the last\n", argv[1]);
      ok = false;
    }
  }
  DGifCloseFile(gif, &error);
  if (ok) std::printf("%s: %d frames of %dx%d\n", argv[1], frames, width, height);
  return ok ? 0 : 1;
}
