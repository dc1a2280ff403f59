// A multi-block reduction timed over a sweep of grid sizes on one input, against
// cub::DeviceReduce::Sum on the same input, in the same run: the multi-block lessons' benchmark,
// its printed table and its text for a claim.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/trace_parts.hpp"

namespace gridlock::reduction {

struct GridTiming {
  int grid = 0;
  trace::Timing timing;
  int index = -1;  // where the timing is in the trace's timings
};

struct GridSweep {
  int64_t n = 0;
  std::vector<GridTiming> rows;  // in the order the grids were given
  trace::Timing cub;
  int cub_index = -1;
  const GridTiming& best() const {
    return *std::min_element(rows.begin(), rows.end(), [](const GridTiming& a, const GridTiming& b) {
      return a.timing.median_ns < b.timing.median_ns;
    });
  }
  const GridTiming& at(int grid) const {
    return *std::find_if(rows.begin(), rows.end(), [&](const GridTiming& r) { return r.grid == grid; });
  }
};

// The grids a sweep on this GPU visits: the documented 24, the SM count times 1, 2, 4, 16 and 64,
// and one thread per element (n / block blocks), each once, in increasing order.
inline std::vector<int> sweep_grids(int sm_count, int64_t n, int block, int largest = 1 << 30) {
  std::vector<int> grids = {
      24, sm_count, 2 * sm_count, 4 * sm_count, 16 * sm_count, 64 * sm_count, int((n + block - 1) / block)};
  grids.erase(std::remove_if(grids.begin(), grids.end(), [&](int g) { return g > largest; }), grids.end());
  std::sort(grids.begin(), grids.end());
  grids.erase(std::unique(grids.begin(), grids.end()), grids.end());
  return grids;
}

// Times launch(in, out, n, grid) (the lesson's plain reduction, every launch it needs) at each
// grid, and CUB, on the same int input. Each must leave the CPU's sum in out[0], else the run's
// check fails. Every timing goes into the trace, named `name` and the grid.
template <typename Launch>
GridSweep time_grid_sweep(LessonRun& run, const std::vector<int>& host, const std::vector<int>& grids,
                          const std::string& name, Launch launch) {
  const int64_t n = int64_t(host.size());
  const int expected = cpu_reduce<Sum>(host);
  const int largest = *std::max_element(grids.begin(), grids.end());
  DeviceBuffer<int> in(host), out(static_cast<size_t>(largest)), cub_out(1);
  GridSweep sweep;
  sweep.n = n;
  for (int grid : grids) {
    out.poison();
    GridTiming row;
    row.grid = grid;
    row.timing = time_kernel(name + ", grid " + std::to_string(grid), n, n * int64_t(sizeof(int)),
                             repetitions_for(n), [&] { launch(in.get(), out.get(), n, grid); });
    if (out.download_one() != expected)
      run.check_failed("sweep at grid " + std::to_string(grid) + ": the sum differs from the CPU's");
    row.index = int(run.trace().timings.size());
    run.trace().timings.push_back(row.timing);
    sweep.rows.push_back(row);
  }
  sweep.cub = time_cub_sum(in.get(), cub_out.get(), n);
  if (cub_out.download_one() != expected) run.check_failed("CUB's sum differs from the CPU's");
  sweep.cub_index = int(run.trace().timings.size());
  run.trace().timings.push_back(sweep.cub);
  return sweep;
}

// The table as the lesson prints it.
inline void print_sweep(const GridSweep& sweep, int sm_count) {
  std::printf("\nGrid sizes at n=%lld (%d SMs), same input, same run:\n", static_cast<long long>(sweep.n),
              sm_count);
  std::printf("  %10s %10s %14s %10s\n", "grid", "x SMs", "median us", "vs best");
  const double best = sweep.best().timing.median_ns;
  for (const GridTiming& r : sweep.rows)
    std::printf("  %10d %10.2f %14.2f %9.2fx\n", r.grid, double(r.grid) / sm_count, r.timing.median_ns / 1e3,
                r.timing.median_ns / best);
  std::printf("  %10s %10s %14.2f %9.2fx\n", "CUB", "", sweep.cub.median_ns / 1e3,
              sweep.cub.median_ns / best);
}

// "grid 24: 1210.5 µs; grid 132: 301.2 µs; ...; cub::DeviceReduce::Sum 140.2 µs" for a claim's
// measurement.
inline std::string sweep_text(const GridSweep& sweep) {
  std::string text;
  for (const GridTiming& r : sweep.rows)
    text += (text.empty() ? "grid " : "; grid ") + std::to_string(r.grid) + ": " +
            gridlock::microseconds(r.timing.median_ns, 1);
  return text + "; cub::DeviceReduce::Sum " + gridlock::microseconds(sweep.cub.median_ns, 1);
}

// The facts a README quotes about a sweep, keys prefixed with `prefix`: the best grid and its
// time, the times at the documented 24, at `fill` (the blocks that fill the GPU, one of the sweep's
// grids) and at the largest grid, and CUB's. The times come from the timings, the grids from a
// series of the sweep's grids, and n from the run's parameter "bench_n", set here.
inline void add_sweep_facts(trace::Trace& t, const std::string& prefix, const GridSweep& sweep, int fill) {
  auto time = [&](const std::string& key, int index) {
    trace::set_fact(t, prefix + key, trace::timing_median_fact(t, index, trace::FactUnit::us, 1));
  };
  std::vector<int> grids;
  for (const GridTiming& r : sweep.rows) grids.push_back(r.grid);
  const int series = grid_series(t, grids);
  auto grid = [&](const std::string& key, const GridTiming& row) {
    const int64_t k = &row - sweep.rows.data();
    trace::set_fact(t, prefix + key, trace::series_value_fact(t, series, k, false));
  };
  trace::set_fact(t, prefix + "n", trace::setting_fact(t, "bench_n", double(sweep.n)));
  const GridTiming& best = sweep.best();
  grid("best_grid", best);
  time("best", best.index);
  grid("fill_grid", sweep.at(fill));
  time("fill", sweep.at(fill).index);
  time("grid24", sweep.at(24).index);
  grid("largest_grid", sweep.rows.back());
  time("largest", sweep.rows.back().index);
  time("cub", sweep.cub_index);
}

}  // namespace gridlock::reduction
