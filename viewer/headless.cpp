// Screenshots and frame-time benchmarks.
#include "headless.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "layout_check.hpp"
#include "model/frame_times.hpp"

namespace gridlock::viewer {

namespace {
constexpr int kScreenshotFrames = 4;
}

int take_screenshot(const RenderFrame& render, const std::string& path, int width, int height) {
  OffscreenTarget target;
  if (!target.create(width, height)) {
    std::cerr << "gridlock-viewer: " << target.error() << "\n";
    return 1;
  }
  for (int i = 0; i < kScreenshotFrames; ++i) render(&target, 1.0f / 60.0f);
  glFinish();
  if (!write_png(path, width, height, target.read_rgb())) {
    std::cerr << "gridlock-viewer: cannot write " << path << "\n";
    return 1;
  }
  std::cout << "gridlock-viewer: wrote " << path << " (" << width << "x" << height << ")\n";
  return 0;
}

int write_layout_report(const std::string& path, ImVec2 display) {
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return 1;
  std::ofstream out(path);
  out << layout_report_text(check_layout(*data, display));
  if (!out) {
    std::cerr << "gridlock-viewer: cannot write " << path << "\n";
    return 1;
  }
  return 0;
}

namespace {

// "VmRSS" or "VmHWM" from /proc/self/status, in MiB; -1 where it cannot be read.
double status_mib(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::string prefix = std::string(key) + ":";
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) != 0) continue;
    std::istringstream fields(line.substr(prefix.size()));
    double kib = 0;
    if (fields >> kib) return kib / 1024.0;
  }
  return -1.0;
}

}  // namespace

int benchmark(const RenderFrame& render, int frames, const std::function<bool()>& keep_going) {
  using clock = std::chrono::steady_clock;
  FrameTimes times;
  // The first frame builds the views of what was opened: reported on its own, not in the
  // frame statistics.
  auto last = clock::now();
  render(nullptr, 1.0f / 60.0f);
  glFinish();
  const double first_ms = std::chrono::duration<double, std::milli>(clock::now() - last).count();
  last = clock::now();
  for (int i = 0; i < frames && keep_going(); ++i) {
    render(nullptr, 1.0f / 60.0f);
    glFinish();
    const auto now = clock::now();
    times.add(std::chrono::duration<double, std::milli>(now - last).count());
    last = now;
  }
  if (times.empty()) {
    std::cerr << "gridlock-viewer: no frames rendered\n";
    return 1;
  }
  std::printf("gridlock-viewer: %zu frames on %s\n", times.count(),
              reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  std::printf("first frame ms: %.1f (builds the views)\n", first_ms);
  std::printf("frame time ms: mean %.3f  median %.3f  p95 %.3f  min %.3f  max %.3f  (%.1f frames/s)\n",
              times.mean(), times.quantile(0.5), times.quantile(0.95), times.min(), times.max(),
              1000.0 / times.mean());
  if (const ImDrawData* data = ImGui::GetDrawData()) {
    std::printf("last frame: %d vertices, %d indices, %d draw lists\n", data->TotalVtxCount,
                data->TotalIdxCount, data->CmdListsCount);
    if (std::getenv("GRIDLOCK_BENCH_LISTS"))  // each window's share
      for (int i = 0; i < data->CmdListsCount; ++i)
        std::printf("  %s: %d vertices\n",
                    data->CmdLists[i]->_OwnerName ? data->CmdLists[i]->_OwnerName : "?",
                    data->CmdLists[i]->VtxBuffer.Size);
  }
  std::printf("memory MiB: resident %.1f  peak resident %.1f\n", status_mib("VmRSS"), status_mib("VmHWM"));
  return 0;
}

}  // namespace gridlock::viewer
