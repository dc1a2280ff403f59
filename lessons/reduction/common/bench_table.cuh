// A reduction kernel against cub::DeviceReduce::Sum on the same input, in the same run, over a
// sweep of sizes: the reduction lessons' benchmark and its printed table.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cub/device/device_reduce.cuh>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"

namespace gridlock::reduction {

struct SizeTiming {
  int64_t n = 0;
  trace::Timing lesson, cub;
  // How many times as fast the lesson's kernel is as CUB: below 1, slower.
  double as_fast_as_cub() const { return cub.median_ns / lesson.median_ns; }
};

// Repetitions: enough launches for a stable median, fewer where one launch takes milliseconds.
inline int repetitions_for(int64_t n) { return n >= 10000000 ? 20 : 200; }

// Times cub::DeviceReduce::Sum over in[0..n) into *out: the whole GPU, the baseline of every
// reduction lesson.
inline trace::Timing time_cub_sum(const int* in, int* out, int64_t n) {
  size_t temp_bytes = 0;
  CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, out, n));
  DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
  return time_kernel("cub::DeviceReduce::Sum", n, n * int64_t(sizeof(int)), repetitions_for(n),
                     [&] { cub::DeviceReduce::Sum(temp.get(), temp_bytes, in, out, n); });
}

// Times launch(in, out, n) (the lesson's plain kernel) and CUB on the same int input at each size.
// Both must return the CPU's sum (wrapping at 32 bits), else the run's check fails. Every timing
// goes into the trace.
template <typename Launch>
std::vector<SizeTiming> time_against_cub(LessonRun& run, std::vector<int64_t> sizes, const std::string& name,
                                         Launch launch) {
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  std::vector<SizeTiming> results;
  for (int64_t n : sizes) {
    const std::vector<int> host = input_for<Sum>(n, run.options().seed);
    const int expected = cpu_reduce<Sum>(host);
    DeviceBuffer<int> in(host), lesson_out(1), cub_out(1);
    SizeTiming r;
    r.n = n;
    r.lesson = time_kernel(name, n, n * int64_t(sizeof(int)), repetitions_for(n),
                           [&] { launch(in.get(), lesson_out.get(), n); });
    r.cub = time_cub_sum(in.get(), cub_out.get(), n);
    if (lesson_out.download_one() != expected || cub_out.download_one() != expected)
      run.check_failed("bench at n=" + std::to_string(n) + ": a result differs from the CPU sum");
    run.trace().timings.push_back(r.lesson);
    run.trace().timings.push_back(r.cub);
    results.push_back(r);
  }
  return results;
}

// The table as the lesson prints it.
inline void print_cub_table(const std::vector<SizeTiming>& results, const char* lesson_column) {
  std::printf("\n%s against the whole GPU (CUB), same input, same run:\n", lesson_column);
  std::printf("  %12s %14s %14s %18s\n", "n", "lesson us", "CUB us", "as fast as CUB");
  for (const SizeTiming& r : results)
    std::printf("  %12lld %14.2f %14.2f %18s\n", static_cast<long long>(r.n), r.lesson.median_ns / 1e3,
                r.cub.median_ns / 1e3, gridlock::times_as_fast(r.as_fast_as_cub(), 2).c_str());
}

// "n=10000: 7.9 µs vs 12.4 µs (1.57× as fast); ..." for a claim's measurement.
inline std::string cub_table_text(const std::vector<SizeTiming>& results) {
  std::string text;
  for (const SizeTiming& r : results)
    text += (text.empty() ? "" : "; ") +
            ("n=" + std::to_string(r.n) + ": " + gridlock::microseconds(r.lesson.median_ns, 1) + " vs " +
             gridlock::microseconds(r.cub.median_ns, 1) + " (" +
             gridlock::times_as_fast(r.as_fast_as_cub(), 2) + " as fast)");
  return text;
}

}  // namespace gridlock::reduction
