// work-queue (G2): blocks fetch items from a global queue, one at a time, against the same items
// assigned to the blocks up front, on the same grid. Checks that every item is done once, times
// both on four cost distributions (CUDA events, medians, same run), breaks each documented
// assumption in turn, and records one run of the chosen variant item by item.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "claims.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "run_kernel.cuh"

namespace {

using gridlock::LessonRun;

std::string fraction(long long part, long long whole) {
  return std::to_string(part) + "/" + std::to_string(whole);
}

// Items done other than exactly once, and warp results that differ from the reference's.
struct Audit {
  int missing = 0, repeated = 0, wrong = 0;
  bool clean() const { return missing == 0 && repeated == 0 && wrong == 0; }
  std::string text() const {
    return std::to_string(missing) + " items never done, " + std::to_string(repeated) +
           " done more than once, " + std::to_string(wrong) + " warp results wrong";
  }
};

Audit audit(const g2::Left& got, const g2::Left& reference, int items) {
  Audit a;
  for (int i = 0; i < items; ++i) {
    a.missing += got.visits[size_t(i)] == 0;
    a.repeated += got.visits[size_t(i)] > 1;
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

std::string microseconds(double ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f \xC2\xB5s", ns / 1e3);
  return text;
}

std::string ratio(double r) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f\xC3\x97", r);
  return text;
}

void check_queue(LessonRun& run) {
  const auto& o = run.options();
  const int items = o.grid * g2::kItemsPerBlock, repetitions = std::max(3, std::min(o.runs, 15));
  std::printf("\n%-10s %14s %14s %10s   (%d items, %d blocks of %d threads; medians of %d)\n", "costs",
              "queue", "up front", "speed-up", items, o.grid, g2::kBlock, repetitions);
  std::string exact_text, speed_text;
  bool exact = true;
  std::map<std::string, double> speedup;
  for (const std::string& distribution : g2::kDistributions) {
    const std::vector<g2::WorkItem> host = g2::make_items(distribution, items, o.seed);
    const g2::Left reference = g2::plain_run("up-front", o.grid, host, items);
    const Audit a = audit(g2::plain_run("queue", o.grid, host, items), reference, items);
    const Audit upfront = audit(reference, reference, items);
    exact &= a.clean() && upfront.clean();
    exact_text += (exact_text.empty() ? "" : "; ") + distribution + ": " + a.text();
    const gridlock::trace::Timing queue = time_variant("queue", distribution, o.grid, host, repetitions);
    const gridlock::trace::Timing up = time_variant("up-front", distribution, o.grid, host, repetitions);
    run.trace().timings.push_back(queue);
    run.trace().timings.push_back(up);
    speedup[distribution] = up.median_ns / queue.median_ns;
    std::printf("%-10s %14s %14s %10s\n", distribution.c_str(), microseconds(queue.median_ns).c_str(),
                microseconds(up.median_ns).c_str(), ratio(speedup[distribution]).c_str());
    run.trace().facts[distribution + ".queue"] = microseconds(queue.median_ns);
    run.trace().facts[distribution + ".up_front"] = microseconds(up.median_ns);
    run.trace().facts[distribution + ".speedup"] = ratio(speedup[distribution]);
    speed_text += (speed_text.empty() ? "" : "; ") + distribution + ": queue " +
                  microseconds(queue.median_ns) + ", up front " + microseconds(up.median_ns) + " (" +
                  ratio(speedup[distribution]) + ")";
    if (distribution == "tiny") {
      char per[48];
      std::snprintf(per, sizeof per, "%.0f ns", queue.median_ns / items * o.grid);
      run.trace().facts["tiny.ns_per_item_per_block"] = per;
    }
  }
  run.trace().facts["items"] = std::to_string(items);
  run.trace().facts["repetitions"] = std::to_string(repetitions);
  run.claim(g2::kExactlyOnce, exact, exact_text);
  if (!exact) run.check_failed("an item was lost, repeated or computed wrong: " + exact_text);
  const std::string how =
      " (median kernel times, CUDA events, both kernels on the same items and grid in this run)";
  run.claim(g2::kBalances, speedup["skewed"] > 1.1, speed_text + how,
            "read as: the queue at least 10% faster on the skewed costs");
  run.claim(g2::kCost, speedup["equal"] < 1.05 && speedup["tiny"] < 1.05,
            "equal: " + ratio(speedup["equal"]) + ", tiny: " + ratio(speedup["tiny"]) + how,
            "read as: speed-up under 1.05 on both; each fetch is an atomicAdd on one word that every block "
            "contends for, and two barriers");
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
  int lost = 0, wrong = 0;
  for (int k = items; k < int(grown.size()); ++k) {
    lost += added.visits[size_t(k)] == 0;
    for (int w = 0; w < g2::kWarps; ++w) {
      const size_t i = size_t(k) * g2::kWarps + w;
      wrong += added.visits[size_t(k)] != 0 && added.out[i] != grown_reference.out[i];
    }
  }
  run.trace().facts["assume.items_added.lost"] = fraction(lost, g2::kSpawning);
  run.claim(g2::kNoItemsAdded, lost > 0 || wrong > 0,
            "the last " + std::to_string(g2::kSpawning) + " items each append one: " +
                fraction(lost, g2::kSpawning) + " appended items were never done, " + std::to_string(wrong) +
                " warp results of appended items wrong",
            "blocks that found the queue empty left before the items were appended, and every failed fetch "
            "moved the index past the end, over the slots the new items then took");

  const g2::Left partly = g2::plain_run("fetch-by-some-threads", o.grid, host, items);
  const Audit some = audit(partly, reference, items);
  const int missing_warps = int(std::count(partly.out.begin(), partly.out.end(), 0xA5A5A5A5u));
  run.trace().facts["assume.some_threads.missing"] = fraction(missing_warps, int64_t(items) * g2::kWarps);
  run.claim(
      g2::kUniformFetch, missing_warps > 0 || !some.clean(),
      "only warp 0 calls fetch(), the other warps leave: every launch ended (a barrier does not wait for "
      "threads that have exited), but " +
          fraction(missing_warps, int64_t(items) * g2::kWarps) + " warp results were never written; " +
          some.text(),
      "a thread that does not call fetch() does not get the item: its part of the work is not done");

  const Audit two = audit(g2::plain_run("two-fetches-no-barrier", o.grid, host, items), reference, items);
  run.trace().facts["assume.two_fetches.missing"] = std::to_string(two.missing);
  run.trace().facts["assume.two_fetches.repeated"] = std::to_string(two.repeated);
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
