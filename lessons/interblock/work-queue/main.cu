// work-queue (G2): blocks fetch items from a global queue, one at a time, against the same items
// assigned to the blocks up front, on the same grid. Checks that every item is done once, times
// both on four cost distributions (CUDA events, medians, same run), breaks each documented
// assumption in turn, and records one run of the chosen variant item by item.
#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/noise.hpp"
#include "common/units.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"

namespace g2 {

// G2's documented claims, declared once (TECHNIQUES.md, row G2), and what the queue must give.

inline constexpr gridlock::ClaimSpec kExactlyOnce{
    "G2.exactly-once",
    "The queue hands out every item exactly once: each is done by one block, with the result up-front "
    "assignment gives (the queue's own guarantee)."};
inline constexpr gridlock::ClaimSpec kBalances{
    "G2.balances",
    "When item costs vary greatly, fetching the next item only when the last one is done balances the work "
    "between blocks better than assigning items to blocks up front."};
inline constexpr gridlock::ClaimSpec kCost{
    "G2.where-it-does-not-pay",
    "Where items are tiny, the queue's atomicAdd and barriers per item cost more than they save: it is "
    "slower "
    "than up-front assignment (measured here, not a claim of the document)."};
inline constexpr gridlock::ClaimSpec kEqualCosts{
    "G2.equal-costs",
    "Where item costs do not vary and every block has an SM of its own, there is nothing to balance: the "
    "queue "
    "is no faster than up-front assignment (measured here, not a claim of the document)."};
inline constexpr gridlock::ClaimSpec kNoItemsAdded{
    "G2.assume-no-items-added",
    "No new work items may be added to the queue in the kernel that fetches from it."};
inline constexpr gridlock::ClaimSpec kUniformFetch{"G2.assume-uniform-fetch",
                                                   "fetch() must be called by every thread of the block."};
inline constexpr gridlock::ClaimSpec kBarrierBetween{
    "G2.assume-barrier-between-fetches",
    "There must be a __syncthreads() between two calls of fetch(); otherwise a race condition appears."};

// G2's launches: the items of each cost distribution, the queue and the up-front kernels (plain or
// recorded) on them, and what a run left behind (visits and per-warp results).

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

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;
namespace tr = gridlock::trace;

std::string fraction(long long part, long long whole) {
  return std::to_string(part) + "/" + std::to_string(whole);
}

// Items done other than exactly once, and warp results that differ from the reference's. The
// first two are kept item by item (1 where it happened), so the trace can hold them as series.
struct Audit {
  std::vector<double> never_done, done_again;  // one value an item
  int wrong = 0;
  static int count(const std::vector<double>& per_item) {
    return int(std::count(per_item.begin(), per_item.end(), 1.0));
  }
  int missing() const { return count(never_done); }
  int repeated() const { return count(done_again); }
  bool clean() const { return missing() == 0 && repeated() == 0 && wrong == 0; }
  std::string text() const {
    return std::to_string(missing()) + " items never done, " + std::to_string(repeated()) +
           " done more than once, " + std::to_string(wrong) + " warp results wrong";
  }
};

Audit audit(const g2::Left& got, const g2::Left& reference, int items) {
  Audit a;
  for (int i = 0; i < items; ++i) {
    a.never_done.push_back(got.visits[size_t(i)] == 0);
    a.done_again.push_back(got.visits[size_t(i)] > 1);
    for (int w = 0; w < g2::kWarps; ++w) {
      const size_t k = size_t(i) * g2::kWarps + w;
      a.wrong += got.visits[size_t(i)] != 0 && got.out[k] != reference.out[k];
    }
  }
  return a;
}

// The median time of one kernel on one distribution's items; every launch gets a fresh counter.
gridlock::trace::Timing time_variant(const std::string& variant, const std::string& distribution, int grid,
                                     const std::vector<g2::WorkItem>& items, int repetitions) {
  g2::Run run(items, int(items.size()));
  gridlock::DeviceBuffer<unsigned> counters(std::vector<unsigned>(size_t(repetitions) + 3, 0u));
  int launches = 0;
  const std::string name = (variant == "queue" ? "queue, " : "up front, ") + distribution;
  return gridlock::time_kernel(
      name, int64_t(items.size()), int64_t(items.size() * sizeof(g2::WorkItem)), repetitions, [&] {
        if (variant == "queue") {
          const g2::WorkQueue q{run.items.get(), run.total.get(), counters.get() + launches++};
          g2::work_from_queue<g2::kBlock, false>
              <<<grid, g2::kBlock>>>(q, run.out.get(), run.visits.get(), {}, {});
        } else {
          g2::work_assigned_up_front<g2::kBlock, false>
              <<<grid, g2::kBlock>>>(run.items.get(), int(items.size()), run.out.get(), run.visits.get(), {});
        }
      });
}

std::string microseconds(double ns) { return gridlock::microseconds(ns, 1); }

// The queue's speed-up over up-front assignment on one distribution, measured in kRounds rounds
// (each times both kernels); the timings kept are those of the median round, beside the queue's
// median time of every round.
struct Speedup {
  gridlock::MeasuredRatio ratio;
  gridlock::trace::Timing queue, up_front;
  std::vector<double> queue_ns;  // one a round
};

constexpr int kRounds = 5;

Speedup measure_speedup(const std::string& distribution, int grid, const std::vector<g2::WorkItem>& items,
                        int repetitions) {
  std::vector<gridlock::trace::Timing> queue, up_front;
  std::vector<double> ratios;
  for (int round = 0; round < kRounds; ++round) {
    queue.push_back(time_variant("queue", distribution, grid, items, repetitions));
    up_front.push_back(time_variant("up-front", distribution, grid, items, repetitions));
    ratios.push_back(up_front.back().median_ns / queue.back().median_ns);
  }
  Speedup s;
  for (const gridlock::trace::Timing& round : queue) s.queue_ns.push_back(round.median_ns);
  s.ratio = gridlock::measured_ratio(ratios);
  s.queue = queue[s.ratio.median_round];
  s.up_front = up_front[s.ratio.median_round];
  return s;
}

// The verdict on "faster than `threshold`" (faster = true) or "no faster than `threshold`" over
// some distributions: decided by any distribution clearly on the wrong side, otherwise not
// observable when one lies within its rounds' spread of the threshold.
void claim_against_threshold(LessonRun& run, const gridlock::ClaimSpec& spec,
                             const std::vector<std::pair<std::string, gridlock::MeasuredRatio>>& ratios,
                             double threshold, bool faster, const std::string& measurement,
                             const std::string& reading) {
  bool clearly_wrong = false;
  std::string noisy;
  for (const auto& [distribution, r] : ratios) {
    if (gridlock::within_noise(r, threshold))
      noisy += (noisy.empty() ? "" : "; ") + distribution + " " + gridlock::within_noise_reason(r, threshold);
    else if ((r.median > threshold) != faster)
      clearly_wrong = true;
  }
  if (!clearly_wrong && !noisy.empty())
    run.claim_not_observable(spec, noisy + "; " + measurement);
  else
    run.claim(spec, !clearly_wrong, measurement, reading);
}

// Equal items leave nothing to balance only while every block has an SM of its own: measured at
// min(grid, SMs) blocks, and beside it at the lesson's grid where that is larger.
void check_equal_costs(LessonRun& run, const gridlock::MeasuredRatio& at_grid, int repetitions,
                       const std::string& how) {
  const int grid = run.options().grid, sms = run.device().sm_count;
  const int one_per_sm = std::min(grid, sms);
  const int items = one_per_sm * g2::kItemsPerBlock;
  const gridlock::MeasuredRatio alone =
      one_per_sm == grid ? at_grid
                         : measure_speedup("equal", one_per_sm,
                                           g2::make_items("equal", items, run.options().seed), repetitions)
                               .ratio;
  std::string measured = "equal costs at " + std::to_string(one_per_sm) + " blocks (" + std::to_string(sms) +
                         " SMs): " + gridlock::ratio_with_spread(alone);
  if (one_per_sm < grid)
    measured += "; at " + std::to_string(grid) +
                " blocks, more than one per SM: " + gridlock::ratio_with_spread(at_grid);
  gridlock::set_ratio_fact(
      run.trace(), "equal.one_per_sm.speedup",
      "equal costs at " + std::to_string(one_per_sm) + " blocks: the queue's speed-up, one a round", alone);
  claim_against_threshold(
      run, g2::kEqualCosts, {{"equal", alone}}, 1.05, false, measured + how,
      "read as: speed-up under 1.05; where blocks share SMs, equal items no longer finish "
      "together, and the queue evens that out as it does varied costs");
}

void check_queue(LessonRun& run) {
  const auto& o = run.options();
  const int items = o.grid * g2::kItemsPerBlock, repetitions = std::max(3, std::min(o.runs, 15));
  std::printf("\n%-10s %14s %14s %16s   (%d items, %d blocks of %d threads; medians of %d, %d rounds)\n",
              "costs", "queue", "up front", "speed-up", items, o.grid, g2::kBlock, repetitions, kRounds);
  std::string exact_text, speed_text;
  bool exact = true;
  std::map<std::string, gridlock::MeasuredRatio> speedup;
  for (const std::string& distribution : g2::kDistributions) {
    const std::vector<g2::WorkItem> host = g2::make_items(distribution, items, o.seed);
    const g2::Left reference = g2::plain_run("up-front", o.grid, host, items);
    const Audit a = audit(g2::plain_run("queue", o.grid, host, items), reference, items);
    const Audit upfront = audit(reference, reference, items);
    exact &= a.clean() && upfront.clean();
    exact_text += (exact_text.empty() ? "" : "; ") + distribution + ": " + a.text();
    const Speedup s = measure_speedup(distribution, o.grid, host, repetitions);
    run.trace().timings.push_back(s.queue);
    run.trace().timings.push_back(s.up_front);
    speedup[distribution] = s.ratio;
    const std::string ratio_text = gridlock::ratio_with_spread(s.ratio);
    std::printf("%-10s %14s %14s %16s\n", distribution.c_str(), microseconds(s.queue.median_ns).c_str(),
                microseconds(s.up_front.median_ns).c_str(), ratio_text.c_str());
    tr::Trace& t = run.trace();
    const int queue_timing = int(t.timings.size()) - 2, up_front_timing = queue_timing + 1;
    tr::set_fact(t, distribution + ".queue", tr::timing_median_fact(t, queue_timing, tr::FactUnit::us, 1));
    tr::set_fact(t, distribution + ".up_front",
                 tr::timing_median_fact(t, up_front_timing, tr::FactUnit::us, 1));
    gridlock::set_ratio_fact(t, distribution + ".speedup",
                             distribution + " costs: the queue's speed-up, one a round", s.ratio);
    speed_text += (speed_text.empty() ? "" : "; ") + distribution + ": queue " +
                  microseconds(s.queue.median_ns) + ", up front " + microseconds(s.up_front.median_ns) +
                  " (" + ratio_text + ")";
    if (distribution == "tiny") {
      // What one item costs a block: a launch's time over the items each block does, one a round.
      std::vector<double> per_item;
      for (double ns : s.queue_ns) per_item.push_back(ns / g2::kItemsPerBlock);
      const int series = tr::add_series(
          t, {"the queue's time per item and block on tiny items, one a round", "ns", per_item});
      tr::set_fact(t, "tiny.ns_per_item_per_block", tr::series_median_fact(t, series, tr::FactUnit::ns, 0));
    }
  }
  // The settings the timings ran with, kept among the run's parameters, where the facts that quote
  // them point.
  tr::Trace& t = run.trace();
  tr::set_fact(t, "items", tr::setting_fact(t, "items", items));
  tr::set_fact(t, "repetitions", tr::setting_fact(t, "repetitions", repetitions));
  tr::set_fact(t, "rounds", tr::setting_fact(t, "rounds", kRounds));
  run.claim(g2::kExactlyOnce, exact, exact_text);
  if (!exact) run.check_failed("an item was lost, repeated or computed wrong: " + exact_text);
  const std::string how =
      " (median kernel times, CUDA events, both kernels on the same items and grid; the "
      "median of " +
      std::to_string(kRounds) + " rounds ± half their range)";
  claim_against_threshold(run, g2::kBalances, {{"skewed", speedup["skewed"]}}, 1.1, true, speed_text + how,
                          "read as: the queue at least 10% faster on the skewed costs");
  claim_against_threshold(
      run, g2::kCost, {{"tiny", speedup["tiny"]}}, 1.0, false,
      "tiny: " + gridlock::ratio_with_spread(speedup["tiny"]) + how,
      "read as: speed-up under 1; each fetch is an atomicAdd on one word that every block "
      "contends for, and two barriers, against a few additions of work");
  check_equal_costs(run, speedup["equal"], repetitions, how);
}

// The documented assumptions, each broken on purpose; every run ends (nothing in them spins).
void check_assumptions(LessonRun& run) {
  const auto& o = run.options();
  const int items = o.grid * g2::kItemsPerBlock;
  const std::vector<g2::WorkItem> host = g2::make_items("skewed", items, o.seed);
  const g2::Left reference = g2::plain_run("up-front", o.grid, host, items);

  std::vector<g2::WorkItem> grown = host;
  for (int k = 0; k < g2::kSpawning; ++k) grown.push_back({items + k, g2::kSpawnCost});
  const g2::Left grown_reference = g2::plain_run("up-front", o.grid, grown, int(grown.size()));
  const g2::Left added = g2::plain_run("items-added", o.grid, host, int(grown.size()));
  int wrong = 0;
  std::vector<double> lost_per_item;  // the appended items: 1 where one was never done
  for (int k = items; k < int(grown.size()); ++k) {
    lost_per_item.push_back(added.visits[size_t(k)] == 0);
    for (int w = 0; w < g2::kWarps; ++w) {
      const size_t i = size_t(k) * g2::kWarps + w;
      wrong += added.visits[size_t(k)] != 0 && added.out[i] != grown_reference.out[i];
    }
  }
  const int lost = Audit::count(lost_per_item);
  g2::sum_fact(run.trace(), "assume.items_added.lost",
               "appended item never done (items appended while blocks run)", lost_per_item, 1);
  run.claim(g2::kNoItemsAdded, lost > 0 || wrong > 0,
            "the last " + std::to_string(g2::kSpawning) + " items each append one: " +
                fraction(lost, g2::kSpawning) + " appended items were never done, " + std::to_string(wrong) +
                " warp results of appended items wrong",
            "blocks that found the queue empty left before the items were appended, and every failed fetch "
            "moved the index past the end, over the slots the new items then took");

  const g2::Left partly = g2::plain_run("fetch-by-some-threads", o.grid, host, items);
  const Audit some = audit(partly, reference, items);
  std::vector<double> missing_per_item;  // warp results never written, of each item's kWarps
  for (int i = 0; i < items; ++i)
    missing_per_item.push_back(
        double(std::count(partly.out.begin() + ptrdiff_t(i) * g2::kWarps,
                          partly.out.begin() + ptrdiff_t(i + 1) * g2::kWarps, 0xA5A5A5A5u)));
  g2::sum_fact(run.trace(), "assume.some_threads.missing", "warp results never written (only warp 0 fetches)",
               missing_per_item, g2::kWarps);
  const int missing_warps = int(std::accumulate(missing_per_item.begin(), missing_per_item.end(), 0.0));
  run.claim(
      g2::kUniformFetch, missing_warps > 0 || !some.clean(),
      "only warp 0 calls fetch(), the other warps leave: every launch ended (a barrier does not wait for "
      "threads that have exited), but " +
          fraction(missing_warps, int64_t(items) * g2::kWarps) + " warp results were never written; " +
          some.text(),
      "a thread that does not call fetch() does not get the item: its part of the work is not done");

  const Audit two = audit(g2::plain_run("two-fetches-no-barrier", o.grid, host, items), reference, items);
  g2::sum_fact(run.trace(), "assume.two_fetches.missing", "item never done (two fetches, no barrier between)",
               two.never_done, 0);
  g2::sum_fact(run.trace(), "assume.two_fetches.repeated",
               "item done more than once (two fetches, no barrier between)", two.done_again, 0);
  run.claim(g2::kBarrierBetween, !two.clean(),
            "each block fetches twice with no __syncthreads() between: " + two.text(),
            "both calls return the same __shared__ slot: the second fetch overwrites the first item before "
            "anyone has used it, so the first is lost and the second done twice");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"",         /*n=*/1,     /*block=*/g2::kBlock, /*grid=*/264,
                      /*seed=*/1, /*runs=*/15, /*bench=*/false};
  defaults.min_block = defaults.max_block = g2::kBlock;
  defaults.variants = g2::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    check_queue(run);
    check_assumptions(run);
    g2::record_steps(run, run.options().variant);
  });
}
