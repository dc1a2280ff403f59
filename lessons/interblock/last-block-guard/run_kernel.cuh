// G1's launches: each variant of the guard kernel (plain or recorded), many runs of it queued back
// to back, and the litmus runs.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/record/event_recorder.cuh"
#include "common/record/tree_recorder.cuh"
#include "kernels.cuh"

namespace g1 {

// The variants: the two documented forms, the corrected one, the documented form with one of
// its assumptions broken (the counter left as an earlier launch left it, threads or blocks that
// leave before the guard), and the search for a stale read in the litmus test, with the
// documented guard and with the acquire form.
inline const std::vector<std::string> kVariants = {
    "documented",         "shared-ticket",      "acquire",    "counter-not-zeroed",
    "idle-threads-leave", "empty-blocks-leave", "stale-read", "stale-read-acquire"};

// The input size a variant runs with: the lesson's n, except where the broken assumption needs a
// shape: half a block of elements per block (half of every block's threads sum nothing), or
// 1.5 elements per block (the last quarter of the blocks gets none).
inline int input_size(const std::string& variant, int n, int grid, int block) {
  if (variant == "idle-threads-leave") return grid * block / 2;
  if (variant == "empty-blocks-leave") return grid + grid / 2;
  return n;
}

// The CPU's sum of v[first, first + count), wrapping modulo 2^32 as the GPU's int addition does.
inline int cpu_sum(const std::vector<int>& v, size_t first, size_t count) {
  unsigned acc = 0;
  for (size_t i = first; i < first + count && i < v.size(); ++i) acc += unsigned(v[i]);
  return int(acc);
}

// Where a launch writes: the result and who produced it, the partials, and the recorders.
template <bool Record>
struct Buffers {
  unsigned* tickets;
  int* partials;
  Merged* out;
  gridlock::EventRecorder<Record> rec;
  gridlock::TreeRecorder<Record, int> merge_rec;
  int* seen;
};

// Launches `variant` on `grid` (a 2-D grid when grid.y > 1: the 1-D assumption broken).
template <bool Record>
void launch(const std::string& variant, dim3 grid, int block, const int* in, int n,
            const Buffers<Record>& b) {
  gridlock::with_block_size(block, [&](auto B) {
    constexpr int kB = B.value;
    auto go = [&](auto kernel) {
      kernel<<<grid, kB>>>(in, n, b.tickets, b.partials, b.out, b.rec, b.merge_rec, b.seen);
    };
    if (variant == "shared-ticket")
      go(partial_then_merge<Guard::shared_ticket, kB, Record>);
    else if (variant == "acquire")
      go(partial_then_merge<Guard::acquire, kB, Record>);
    else if (variant == "idle-threads-leave")
      go(partial_then_merge<Guard::syncthreads_or, kB, Record, Mistake::idle_threads_leave>);
    else if (variant == "empty-blocks-leave")
      go(partial_then_merge<Guard::syncthreads_or, kB, Record, Mistake::empty_blocks_leave>);
    else
      go(partial_then_merge<Guard::syncthreads_or, kB, Record>);
  });
}

// What a result holds when no block merged: DeviceBuffer::poison()'s bytes.
constexpr int kPoison = int(0xA5A5A5A5u);

// `runs` plain launches of `variant` on one input, queued back to back, each with its own counter
// (zeroed before the first launch unless `counter_start` says otherwise) and its own result word.
inline std::vector<Merged> merges_of_runs(const std::string& variant, dim3 grid, int block,
                                          const gridlock::DeviceBuffer<int>& in, int n, int runs,
                                          unsigned counter_start = 0) {
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>(size_t(runs), counter_start));
  gridlock::DeviceBuffer<int> partials(size_t(grid.x) * grid.y);
  gridlock::DeviceBuffer<Merged> out(static_cast<size_t>(runs));
  out.poison();
  for (int r = 0; r < runs; ++r) {
    // A partial that a run has not stored yet holds the poison, not the previous run's value.
    CUDA_CHECK(cudaMemsetAsync(partials.get(), 0xA5, partials.size() * sizeof(int)));
    launch<false>(variant, grid, block, in.get(), n,
                  {tickets.get() + r, partials.get(), out.get() + r, {}, {}, nullptr});
  }
  CUDA_CHECK_LAUNCH();
  return out.download();
}

// The litmus runs of one configuration: `runs` launches queued back to back, each with its own
// counter and outcome, on one partials buffer that holds no stamp at the start.
template <Guard Form>
std::vector<LitmusOutcome> litmus_runs(int grid, bool peek, int runs) {
  constexpr int kBlock = 256;
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>(size_t(runs), 0u));
  gridlock::DeviceBuffer<int> partials(static_cast<size_t>(grid)), sink(1);
  gridlock::DeviceBuffer<LitmusOutcome> outcome(static_cast<size_t>(runs));
  partials.fill_bytes(0xFF);  // -1: no run's stamp
  outcome.fill_bytes(0xFF);
  for (int r = 0; r < runs; ++r)
    stale_read_litmus<Form, kBlock>
        <<<grid, kBlock>>>(r % 32000, peek, tickets.get() + r, partials.get(), outcome.get() + r, sink.get());
  CUDA_CHECK_LAUNCH();
  return outcome.download();
}

// A bounded search for a stale read: witnessed litmus runs of `Form` with peeks on `grid` blocks,
// queued in batches, until one run's last block reads a stale partial or `bound` runs are made
// (bound < 32000, so no run's stamps repeat an earlier run's). `runs` counts the runs made up to
// and including the one that showed it.
struct StaleReadSearch {
  int grid = 0, bound = 0, runs = 0;
  bool found = false;
  int stamp_run = 0;  // the found run's number in litmus_stamp
  LitmusOutcome outcome{};
  std::vector<double> stale_per_run;          // per run made: the stale partials its last block read
  std::vector<unsigned long long> stored_ns;  // per block: its stamp stored and its ticket taken
  unsigned long long read_ns = 0;             // the last block had read every partial
  std::vector<int> seen;                      // every partial as the last block read it
};

template <Guard Form>
StaleReadSearch search_stale_read(int grid, int batch, int bound) {
  constexpr int kBlock = 256;
  StaleReadSearch s;
  s.grid = grid;
  s.bound = bound;
  const size_t per_run = size_t(grid) + 1;
  gridlock::DeviceBuffer<int> partials(static_cast<size_t>(grid)), sink(1);
  gridlock::DeviceBuffer<unsigned> tickets(static_cast<size_t>(batch));
  gridlock::DeviceBuffer<LitmusOutcome> outcome(static_cast<size_t>(batch));
  gridlock::DeviceBuffer<unsigned long long> times(static_cast<size_t>(batch) * per_run);
  gridlock::DeviceBuffer<int> seen(static_cast<size_t>(batch) * per_run);
  partials.fill_bytes(0xFF);  // -1: no run's stamp
  while (s.runs < bound) {
    const int count = std::min(batch, bound - s.runs);
    tickets.fill_bytes(0);
    outcome.fill_bytes(0xFF);
    for (int r = 0; r < count; ++r)
      stale_read_litmus<Form, kBlock, true>
          <<<grid, kBlock>>>(s.runs + r, true, tickets.get() + r, partials.get(), outcome.get() + r,
                             sink.get(), times.get() + size_t(r) * per_run, seen.get() + size_t(r) * per_run);
    CUDA_CHECK_LAUNCH();
    const std::vector<LitmusOutcome> outcomes = outcome.download();
    for (int r = 0; r < count; ++r) {
      s.stale_per_run.push_back(outcomes[size_t(r)].stale);
      if (outcomes[size_t(r)].stale <= 0) continue;
      s.found = true;
      s.stamp_run = s.runs + r;
      s.runs += r + 1;
      s.outcome = outcomes[size_t(r)];
      const std::vector<unsigned long long> all_times = times.download();
      const std::vector<int> all_seen = seen.download();
      const auto first = ptrdiff_t(size_t(r) * per_run);
      s.stored_ns.assign(all_times.begin() + first, all_times.begin() + first + grid);
      s.read_ns = all_times[size_t(first) + size_t(grid)];
      s.seen.assign(all_seen.begin() + first, all_seen.begin() + first + grid);
      return s;
    }
    s.runs += count;
  }
  return s;
}

}  // namespace g1
