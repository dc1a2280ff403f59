// stream-wait-event (S2): runs the technique on this GPU, puts each documented claim to the test and
// records one run step by step.
#include <string>
#include <vector>

#include "claims.hpp"
#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "common/random_input.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"

namespace {

namespace tr = gridlock::trace;
using gridlock::DeviceBuffer;
using gridlock::LessonRun;

constexpr int kInput = 0, kShared = 1;

// One recorded launch of block 0's part of the input.
void record_steps(LessonRun& run, const std::vector<int>& input) {
  const int block = run.options().block, n = static_cast<int>(input.size());
  DeviceBuffer<int> in(input), out(input.size());
  gridlock::TreeRecording<int> rec({/*grid=*/1, block, /*steps=*/1});
  run.clock().origin_ns();
  gridlock::with_block_size(block, [&](auto B) {
    s2::technique<B, true><<<1, B.value>>>(in.get(), n, out.get(), rec.device_view());
  });
  CUDA_CHECK_LAUNCH();
  rec.download();

  tr::Trace& t = run.trace();
  t.buffers = {{kInput, "in", tr::ElementType::i32, {n}, tr::MemorySpace::global, 0},
               {kShared, "r", tr::ElementType::i32, {block}, tr::MemorySpace::shared, 0}};
  t.tracks = {{0, tr::TrackKind::block, "block 0", -1, 0, 0, -1, -1, int(rec.sm_of(0))}};
  for (int w = 0; w < rec.warps_per_block(); ++w)
    t.tracks.push_back({1 + w, tr::TrackKind::warp, "warp " + std::to_string(w), 0, 0, 0, w, -1, int(rec.sm_of(0))});
  const int launch = run.add_launch("technique<" + std::to_string(block) + ">", 1, block);
  tr::Step& load = run.add_step("PHASE 1: load", "", "(to be written) what this step shows.", launch);
  load.snapshots.push_back({kInput, {}, {input.begin(), input.end()}});
  tr::Operation copy{tr::Operator::copy, kShared, kInput, -1, {}, {}, {}, {}};
  for (int i = 0; i < block && i < n; ++i) {
    copy.dst.push_back(i);
    copy.a.push_back(i);
    copy.thread.push_back(i);
  }
  load.ops.push_back(copy);
  load.snapshots.push_back(rec.snapshot(kShared, 0, 0));
  load.events = rec.warp_events(0, 0, 1, "load", run.clock());
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1024, /*block=*/256, /*grid=*/1, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    int exact = 0;
    for (int k = 0; k < o.runs; ++k) {
      const std::vector<int> input = gridlock::random_ints(o.n, o.seed + k);
      DeviceBuffer<int> in(input), out(input.size());
      out.poison();
      const int grid = static_cast<int>((o.n + o.block - 1) / o.block);
      gridlock::with_block_size(o.block, [&](auto B) {
        s2::technique<B, false><<<grid, B.value>>>(in.get(), int(o.n), out.get(), {});
      });
      CUDA_CHECK_LAUNCH();
      exact += out.download() == input;
    }
    run.claim(s2::kResult, exact == o.runs, std::to_string(exact) + "/" + std::to_string(o.runs) + " runs exact");
    if (exact != o.runs) run.check_failed("the output differs from the input");
    std::vector<int> first(gridlock::random_ints(o.block, o.seed));
    record_steps(run, first);
  });
}
