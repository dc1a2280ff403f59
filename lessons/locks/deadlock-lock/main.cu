// deadlock-lock (L3): every thread of every block takes the documented lock. Runs it, bounded by
// the watchdog, over a sweep of sizes (the documented 512 x 1024 with --grid 512 --block 1024),
// says whether it finished, how long it took and whether the count was right, runs the lock
// written inside the spin loop beside it, and records one run of the chosen variant thread by
// thread. The pre-Volta lockstep behaviour is in the model's traces (deadlock-lock-model).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "common/lesson.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"
#include "locks/common/fresh_lock.hpp"

namespace l3 {

// L3's documented claim, declared once (TECHNIQUES.md, row L3), and the corrected form's.

inline constexpr gridlock::ClaimSpec kDeadlock{"L3.deadlock",
                                               "If every thread of every block takes the lock, the kernel "
                                               "deadlocks: the lanes of a warp run in lockstep, so "
                                               "the lane that took the lock cannot leave the spin loop to "
                                               "give it back while its warp-mates still spin."};
inline constexpr gridlock::ClaimSpec kInsideTheLoop{"L3.inside-the-loop",
                                                    "With the critical section inside the spin loop, every "
                                                    "thread takes the lock once and the count is right (the "
                                                    "form that is safe even under lockstep execution)."};

// L3's plain launches: each variant's unrecorded kernel on a fresh lock and counter, bounded by
// the watchdog, timed with CUDA events.

// The variants: the documented kernel (every thread takes the lock), and the lock inside the loop.
inline const std::vector<std::string> kVariants = {"every-thread", "inside-the-loop"};

// How long one launch may spin before the watchdog tells it to give up: 10 s, and 100 us more per
// thread, since every thread takes the lock in turn (the documented size gets about a minute).
inline std::chrono::milliseconds spin_limit(int grid, int block) {
  return std::chrono::milliseconds(10000 + int64_t(grid) * block / 10);
}

template <bool Record>
void launch(const std::string& variant, int grid, int block, int* state, int* count,
            const volatile int* abort, gridlock::EventRecorder<Record> rec) {
  if (variant == "every-thread")
    count_with_a_lock_in_every_thread<Record><<<grid, block>>>({state}, count, abort, rec);
  else
    count_with_the_lock_inside_the_loop<Record><<<grid, block>>>({state}, count, abort, rec);
}

// One plain launch on a fresh lock and counter; the count it leaves, its time, whether it was
// stopped.
inline gridlock::locks::CountedRun count_on_gpu(const std::string& variant, int grid, int block) {
  return gridlock::locks::count_on_fresh_lock(spin_limit(grid, block),
                                              [&](int* state, int* count, const volatile int* abort) {
                                                launch<false>(variant, grid, block, state, count, abort, {});
                                              });
}

}  // namespace l3

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;

struct Sweep {
  std::string text;  // per size: finished runs, exact counts, time
  bool any_finished = false, all_finished = true, all_exact = true;
  std::vector<double> finished_runs, exact_runs;  // per size, out of the runs
  gridlock::WatchdogTally watchdog;
};

Sweep sweep(const std::string& variant, const std::vector<std::pair<int, int>>& sizes, int runs) {
  Sweep s;
  for (const auto& [grid, block] : sizes) {
    int finished = 0, exact = 0;
    long long limit_ms = 0;
    std::vector<float> ms;
    for (int r = 0; r < runs; ++r) {
      const gridlock::locks::CountedRun l = l3::count_on_gpu(variant, grid, block);
      finished += !l.run.stopped;
      exact += l.count == grid;
      ms.push_back(l.run.ms);
      limit_ms = l.run.limit.count();
      s.watchdog.add(l.run);
    }
    std::sort(ms.begin(), ms.end());
    char stopped[64] = "";
    if (finished < runs) std::snprintf(stopped, sizeof stopped, " (stopped after %lld ms)", limit_ms);
    char row[256];
    std::snprintf(row, sizeof row,
                  "%s%d x %d: finished %d/%d%s, count exact %d/%d, %.3f ms (%.0f ns per thread)",
                  s.text.empty() ? "" : "; ", grid, block, finished, runs, stopped, exact, runs,
                  ms[ms.size() / 2], ms[ms.size() / 2] * 1e6 / (double(grid) * block));
    std::printf("  %-16s %s\n", variant.c_str(), row + (s.text.empty() ? 0 : 2));
    s.text += row;
    s.any_finished |= finished > 0;
    s.all_finished &= finished == runs;
    s.all_exact &= exact == runs;
    s.finished_runs.push_back(finished);
    s.exact_runs.push_back(exact);
  }
  return s;
}

// Returns the sweeps of the two forms: every thread takes the lock, and the lock inside the loop.
std::pair<Sweep, Sweep> check_claims(LessonRun& run) {
  const auto& o = run.options();
  // Small sizes by default; the documented 512 x 1024 with --grid 512 --block 1024 (seconds).
  std::vector<std::pair<int, int>> sizes = {{1, 32}, {2, 64}, {8, 256}, {o.grid, o.block}};
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  std::printf("\nEvery thread takes the lock (blocks x threads):\n");
  const Sweep documented = sweep("every-thread", sizes, o.runs);
  const Sweep inside = sweep("inside-the-loop", sizes, o.runs);
  const gridlock::trace::Device& d = run.device();
  if (!documented.all_finished && documented.watchdog.shortened)
    run.claim_not_observable(l3::kDeadlock, documented.text + "; " + documented.watchdog.text() +
                                                ": a run stopped early says nothing about a deadlock");
  else
    run.claim(l3::kDeadlock, !documented.all_finished, documented.text,
              "compute capability " + std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor) +
                  " schedules the threads of a warp independently (Volta and later): the lane that took the "
                  "lock can run on to unlock() while its warp-mates spin. CUDA 13 cannot build for the "
                  "lockstep scheduler (compute_60 and older), so the lockstep behaviour is shown by the "
                  "model's traces");
  run.claim(l3::kInsideTheLoop, inside.all_finished && inside.all_exact, inside.text);
  if (!inside.all_finished || !inside.all_exact)
    run.check_failed("the lock inside the loop did not count right");
  for (const Sweep* s : {&documented, &inside})
    if (s->watchdog.stopped > 0) {
      const std::string notice =
          (s == &documented ? "every-thread: " : "inside-the-loop: ") + s->watchdog.text();
      std::printf("  %s\n", notice.c_str());
      run.trace().notices.push_back(notice);
    }
  return {documented, inside};
}

// Per size, the runs that finished and the runs that counted right, for both forms; after the
// recorded run's series, so the histogram view opens on the warps' spins.
void add_sweep_series(LessonRun& run, const Sweep& documented, const Sweep& inside) {
  namespace tr = gridlock::trace;
  tr::Trace& t = run.trace();
  const std::string each = ", one a size, " + std::to_string(run.options().runs) + " runs each";
  for (const auto& [name, s] :
       {std::pair{"every-thread", &documented}, std::pair{"inside-the-loop", &inside}}) {
    const double runs = run.options().runs;
    const int finished = tr::add_series(
        t, {std::string(name) + ": runs that finished" + each, "runs", s->finished_runs, false, 0, runs});
    const int exact = tr::add_series(
        t, {std::string(name) + ": runs that counted right" + each, "runs", s->exact_runs, false, 0, runs});
    tr::set_fact(t, std::string(name) + ".finished_runs", tr::series_sum_fact(t, finished));
    tr::set_fact(t, std::string(name) + ".exact_runs", tr::series_sum_fact(t, exact));
  }
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1, /*block=*/64, /*grid=*/2, /*seed=*/1, /*runs=*/5, /*bench=*/false};
  defaults.variants = l3::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    // Every thread spins in the documented lock's atomicCAS loop (locks.cuh).
    run.light("PHASE 1: every thread takes the lock", "locks/common/locks.cuh", "documented-lock");
    run.light("PHASE 1: try the lock; the winner counts and gives it back inside the loop",
              "locks/common/locks.cuh", "documented-lock");
    const auto [documented, inside] = check_claims(run);
    l3::record_steps(run, run.options().variant);
    add_sweep_series(run, documented, inside);
  });
}
