// Times a launch with CUDA events: warm-up first, then each repetition timed on its own, and
// the median reported (the spread says how far two numbers may be trusted apart).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "cuda_check.hpp"
#include "trace/trace.hpp"

namespace gridlock {

template <typename Launch>
trace::Timing time_kernel(const std::string& name, int64_t elements, int64_t bytes, int repetitions,
                          Launch launch) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) launch();  // module load, caches, clocks
  CUDA_CHECK_LAUNCH();
  std::vector<double> ns(repetitions);
  for (int i = 0; i < repetitions; ++i) {
    CUDA_CHECK(cudaEventRecord(start));
    launch();
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    ns[i] = ms * 1e6;
  }
  CUDA_CHECK(cudaGetLastError());
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ns.begin(), ns.end());
  trace::Timing t;
  t.name = name;
  t.elements = elements;
  t.bytes = bytes;
  t.repetitions = repetitions;
  t.median_ns = ns[ns.size() / 2];
  t.min_ns = ns.front();
  t.max_ns = ns.back();
  return t;
}

}  // namespace gridlock
