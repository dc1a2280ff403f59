// reduce-fast (RF): the fastest single-pass sum the suite can still teach from, checked for
// exactness at awkward sizes and across launches that follow each other with no reset, recorded
// block by block on a large input, and with --bench timed against CUB and the memory system.
#include <cstdio>
#include <string>
#include <vector>

#include "bench.cuh"
#include "claims.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "reduction/common/exact_runs.hpp"
#include "run_kernel.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;

rf::Config config_of(const LessonRun& run) { return {run.options().block, rf::Config{}.in_flight, 2}; }

// Sizes that stress the edges: no whole int4, a tail of 1 to 3 ints, fewer ints than threads,
// and the run's n.
void check_sum(LessonRun& run) {
  const rf::Config c = config_of(run);
  const int sm_count = run.device().sm_count;
  std::string measured;
  bool all = true;
  for (int64_t n : {int64_t(1), int64_t(3), int64_t(7), int64_t(1021), int64_t(262147), run.options().n}) {
    const red::ExactRuns r = red::exact_runs<red::Sum>(
        run.options(), n, [&](const std::vector<int>& input) { return rf::sum_on_gpu(c, sm_count, input); });
    measured += (measured.empty() ? "" : "; ") + ("n=" + std::to_string(n) + ": " + r.text());
    all = all && r.all();
  }
  run.claim(rf::kSum, all, measured + " (" + c.name() + ", fresh random input per run)");
  if (!all) run.check_failed("a sum differs from the CPU reference");
}

// Launches that follow each other on the same workspace, with no reset of the ticket counter.
void check_back_to_back(LessonRun& run) {
  const rf::Config c = config_of(run);
  const int grid = c.grid(run.device().sm_count);
  const std::vector<int> input = red::input_for<red::Sum>(run.options().n, run.options().seed);
  const int expected = red::cpu_reduce<red::Sum>(input);
  const gridlock::DeviceBuffer<int> in(input);
  rf::Workspace ws(grid);
  int exact = 0;
  for (int k = 0; k < run.options().runs; ++k) {
    rf::launch(c, grid, in.get(), int(input.size()), ws);
    CUDA_CHECK_LAUNCH();
    exact += ws.result() == expected;
  }
  const unsigned counter = ws.ticket_counter();
  run.claim(rf::kBackToBack, exact == run.options().runs && counter == 0,
            std::to_string(exact) + "/" + std::to_string(run.options().runs) +
                " launches in a row exact, the ticket counter " + std::to_string(counter) + " afterwards");
  if (exact != run.options().runs) run.check_failed("a launch that followed another gave a wrong sum");
}

}  // namespace

int main(int argc, char** argv) {
  // A fresh run of the benchmark alone, for the run that started it (bench.cuh, run to run).
  if (argc == 4 && std::string(argv[1]) == "--bench-run" && std::string(argv[2]) == "--seed")
    return rf::bench_run(std::stoull(argv[3]));
  gridlock::LessonDefaults defaults;
  defaults.options = {"",         /*n=*/1 << 24, /*block=*/1024, /*grid=*/1,
                      /*seed=*/1, /*runs=*/20,   /*bench=*/false};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    run.light("PHASE 3: publish the partial, take a ticket", "interblock/common/last_block.cuh", "guard");
    if (run.options().grid != 1)
      std::printf("note: the grid is sized from the SM count (2 blocks per SM); --grid %d is ignored\n",
                  run.options().grid);
    check_sum(run);
    check_back_to_back(run);
    rf::record_steps(run, config_of(run), red::input_for<red::Sum>(run.options().n, run.options().seed));
    if (run.options().bench) {
      rf::bench_against_cub(run);
    } else {
      run.claim_not_observable(rf::kAheadOfCub,
                               "a performance claim: run with --bench to time it against CUB");
      run.claim_not_observable(rf::kNearPeak, "a performance claim: run with --bench to time it");
    }
  });
}
