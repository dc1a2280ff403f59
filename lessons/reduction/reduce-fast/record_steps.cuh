// RF recording: one launch of the Record=true instantiation on a large input, each block's moments
// read back from its log onto the run's clock, its partial checked against the CPU's, and the run
// handed to the trace building (timeline_steps.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
// The shipped traces were recorded with the tree recorder in this translation unit (through
// trace_parts.hpp) and carry it; it stays until they are recorded again, so that what they carry
// is what this build compiles.
#include "reduction/common/trace_parts.hpp"
#include "run_kernel.cuh"
#include "timeline_steps.hpp"

namespace rf {

using gridlock::EventRecording;

constexpr int kRecordsPerBlock = 4;

// The recorded launch of configuration c over `input`, on `clock` (its origin read just before);
// `mergers` gets how many blocks merged.
inline RecordedRun record_on_gpu(gridlock::RunClock& clock, const Config& c, int grid,
                                 const std::vector<int>& input, int& mergers) {
  EventRecording rec(grid, c.block, EventRecording::Rows::per_block, kRecordsPerBlock);
  const gridlock::DeviceBuffer<int> in(input);
  Workspace ws(grid);
  clock.origin_ns();
  launch<true>(c, grid, in.get(), int(input.size()), ws, rec.device_view());
  CUDA_CHECK_LAUNCH();
  rec.download();
  RecordedRun r{c.name(), grid, c.block, int64_t(input.size())};
  r.partials = ws.partials_host();
  r.result = ws.result();
  r.dropped = rec.dropped();
  mergers = 0;
  for (int b = 0; b < grid; ++b) {
    BlockTimes block;
    block.sm = rec.sm_of(b);
    for (const gridlock::LogRecord& record : rec.records(b)) {
      const int64_t at = clock.since_origin(record.t_ns);
      if (record.what == kStarted) block.started = at;
      if (record.what == kSummed) block.summed = at;
      if (record.what == kTicket) block.ticket = at;
      if (record.what == kMerged) block.merged = at, r.merger = b, ++mergers;
    }
    r.blocks.push_back(block);
  }
  return r;
}

// What block b of the grid must have summed: the int4 vectors of its threads' grid-stride walk,
// and one int of the tail per thread, as the kernel assigns them.
inline std::vector<int> expected_partials(const std::vector<int>& input, int grid, int block) {
  std::vector<int> partials(size_t(grid), 0);
  const int64_t n = int64_t(input.size()), vectors = n / 4, stride = int64_t(grid) * block;
  for (int64_t v = 0; v < vectors; ++v) {
    int& p = partials[size_t((v % stride) / block)];
    for (int k = 0; k < 4; ++k) p = int(unsigned(p) + unsigned(input[size_t(4 * v + k)]));
  }
  for (int64_t j = 4 * vectors; j < n; ++j) {
    int& p = partials[size_t((j - 4 * vectors) / block)];
    p = int(unsigned(p) + unsigned(input[size_t(j)]));
  }
  return partials;
}

// Records one launch of configuration c over `input` and turns it into the trace.
inline void record_steps(gridlock::LessonRun& run, const Config& c, const std::vector<int>& input) {
  const int grid = c.grid(run.device().sm_count);
  int mergers = 0;
  const RecordedRun r = record_on_gpu(run.clock(), c, grid, input, mergers);
  if (mergers != 1) {
    run.check_failed(std::to_string(mergers) + " blocks merged in the recorded run");
    return;
  }
  if (r.partials != expected_partials(input, grid, c.block))
    run.check_failed("a block's partial differs from the CPU's sum of its grid-stride slice");
  build_steps(run, r);
}

}  // namespace rf
