// G2's launches: the items of each cost distribution, the queue and the up-front kernels (plain or
// recorded) on them, and what a run left behind (visits and per-warp results).
#pragma once

#include <random>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "kernels.cuh"

namespace g2 {

// The variants: the documented queue, the same items assigned up front, and the queue with one of
// its assumptions broken.
inline const std::vector<std::string> kVariants = {"queue", "up-front", "items-added",
                                                   "fetch-by-some-threads", "two-fetches-no-barrier"};

// The block size every launch uses (the per-warp results are laid out for it).
constexpr int kBlock = 256;
constexpr int kWarps = kBlock / 32;
// Items per block of the grid.
constexpr int kItemsPerBlock = 16;

// Item costs, in units of kUnitSteps hash steps per thread: all alike ("equal"), spread evenly
// over 1..31 ("uniform"), mostly 8 with one item in 16 at 128 ("skewed"), or nothing but the
// fetch ("tiny"). The first three have about the same mean.
inline const std::vector<std::string> kDistributions = {"equal", "uniform", "skewed", "tiny"};

inline std::vector<WorkItem> make_items(const std::string& distribution, int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> uniform(1, 31);
  std::bernoulli_distribution heavy(1.0 / 16);
  std::vector<WorkItem> items(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    int cost = 16;
    if (distribution == "uniform") cost = uniform(rng);
    if (distribution == "skewed") cost = heavy(rng) ? 128 : 8;
    if (distribution == "tiny") cost = 0;
    items[size_t(i)] = {i, cost};
  }
  return items;
}

// The device side of one run: the items (with room for appended ones), the queue's words, and
// what the run leaves.
struct Run {
  explicit Run(const std::vector<WorkItem>& host, int room)
      : items(static_cast<size_t>(room)),
        total(std::vector<int>{int(host.size())}),
        current(std::vector<unsigned>{0u}),
        out(static_cast<size_t>(room) * kWarps),
        visits(static_cast<size_t>(room)) {
    std::vector<WorkItem> all(static_cast<size_t>(room), WorkItem::unwritten());
    std::copy(host.begin(), host.end(), all.begin());
    items.upload(all);
    out.poison();
    visits.fill_bytes(0);
  }
  WorkQueue queue() { return {items.get(), total.get(), current.get()}; }

  gridlock::DeviceBuffer<WorkItem> items;
  gridlock::DeviceBuffer<int> total;
  gridlock::DeviceBuffer<unsigned> current, out, visits;
};

// Items appended in the items-added variant: one by each of the last kSpawning items, which are
// done just when the other blocks find the queue empty.
constexpr int kSpawning = 64;
constexpr int kSpawnCost = 4;

// Launches `variant` on `run` with `grid` blocks (the recorder plain or on).
template <bool Record>
void launch(const std::string& variant, int grid, Run& run, int item_count,
            gridlock::EventRecorder<Record> rec) {
  auto queue = [&](auto kernel, Spawning spawning) {
    kernel<<<grid, kBlock>>>(run.queue(), run.out.get(), run.visits.get(), spawning, rec);
  };
  if (variant == "up-front")
    work_assigned_up_front<kBlock, Record>
        <<<grid, kBlock>>>(run.items.get(), item_count, run.out.get(), run.visits.get(), rec);
  else if (variant == "items-added")
    queue(work_from_queue<kBlock, Record, Mistake::items_added>,
          Spawning{item_count - kSpawning, item_count, kSpawnCost});
  else if (variant == "fetch-by-some-threads")
    queue(work_from_queue<kBlock, Record, Mistake::fetch_by_some_threads>, Spawning{});
  else if (variant == "two-fetches-no-barrier")
    queue(work_from_queue<kBlock, Record, Mistake::two_fetches_no_barrier>, Spawning{});
  else
    queue(work_from_queue<kBlock, Record>, Spawning{});
}

// What a run left: visits per item and each warp's result per item.
struct Left {
  std::vector<unsigned> visits, out;
};

inline Left plain_run(const std::string& variant, int grid, const std::vector<WorkItem>& items, int room) {
  Run run(items, room);
  launch<false>(variant, grid, run, int(items.size()), {});
  CUDA_CHECK_LAUNCH();
  return {run.visits.download(), run.out.download()};
}

}  // namespace g2
