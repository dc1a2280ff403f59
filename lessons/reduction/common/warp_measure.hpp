// How the warp-level lessons measure a form: its answers one warp at a time on fresh input, its
// answers with every warp of a full GPU at once, and its time per launch under that load.
#pragma once

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "common/cli.hpp"
#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "reduction/common/reference.hpp"
#include "reduction/common/volatile_matrix.cuh"
#include "reduction/common/warp_claims.hpp"

namespace gridlock::reduction {

// Seeded input for the operator: ints, odd unsigned values, or invertible matrices.
template <typename Op>
std::vector<typename Op::T> warp_input(int64_t n, uint64_t seed) {
  if constexpr (std::is_same_v<typename Op::T, Mat2>)
    return random_invertible_matrices(n, seed);
  else
    return input_for<Op>(n, seed);
}

// The CPU's answer for each warp (each 32 values, in order) of `values`.
template <typename Op>
std::vector<typename Op::T> per_warp(const std::vector<typename Op::T>& values) {
  std::vector<typename Op::T> out;
  for (size_t w = 0; w + 32 <= values.size(); w += 32)
    out.push_back(cpu_reduce<Op>(std::vector<typename Op::T>(values.begin() + std::ptrdiff_t(w),
                                                             values.begin() + std::ptrdiff_t(w + 32))));
  return out;
}

// The inputs of the runs under load, made once and shared by every form: `runs` inputs of
// blocks * 1024 values on the device, with the CPU's answer for each of their warps.
template <typename Op>
struct LoadedInputs {
  using T = typename Op::T;
  int blocks = 0;
  std::vector<std::unique_ptr<DeviceBuffer<T>>> inputs;
  std::vector<std::vector<T>> expected;
  std::vector<uint64_t> seeds;

  LoadedInputs(int runs, int blocks_, uint64_t first_seed) : blocks(blocks_) {
    for (int k = 0; k < runs; ++k) {
      const std::vector<T> values = warp_input<Op>(int64_t(blocks) * 1024, first_seed + k);
      inputs.push_back(std::make_unique<DeviceBuffer<T>>(values));
      expected.push_back(per_warp<Op>(values));
      seeds.push_back(first_seed + k);
    }
  }
  int64_t values() const { return int64_t(blocks) * 1024; }
};

// Runs under load: one warp per launch (`o.runs` runs, seeds o.seed, o.seed + 1, ...), then every
// warp of the loaded inputs at once. one_warp(form, input) returns each lane's answer;
// every_warp(form, in, out, blocks, repeats) launches without synchronising.
template <typename Op, typename OneWarp, typename EveryWarp>
FormOutcome measure_form(const WarpForm& form, const LessonOptions& o, const LoadedInputs<Op>& loaded,
                         OneWarp one_warp, EveryWarp every_warp) {
  using T = typename Op::T;
  FormOutcome out;
  out.form = form;
  for (int k = 0; k < o.runs; ++k) {
    const std::vector<T> input = warp_input<Op>(32, o.seed + k);
    count_misses(out.alone, one_warp(form.name, input), {cpu_reduce<Op>(input)},
                 "seed " + std::to_string(o.seed + k));
  }
  DeviceBuffer<T> answers(size_t(loaded.values()));
  for (size_t k = 0; k < loaded.inputs.size(); ++k) {
    answers.poison();
    every_warp(form.name, loaded.inputs[k]->get(), answers.get(), loaded.blocks, 1);
    CUDA_CHECK_LAUNCH();
    count_misses(out.loaded, answers.download(), loaded.expected[k],
                 "seed " + std::to_string(loaded.seeds[k]));
  }
  return out;
}

// The median time of a launch of every_warp over the first loaded input, each warp summing
// `repeats` times; elements counts every value summed, bytes the input read once.
template <typename Op, typename EveryWarp>
trace::Timing time_form(const std::string& kernel, const std::string& form, const LoadedInputs<Op>& loaded,
                        int repeats, EveryWarp every_warp) {
  DeviceBuffer<typename Op::T> answers(size_t(loaded.values()));
  return time_kernel(
      kernel + "<" + form + ">", loaded.values() * repeats, loaded.values() * int64_t(sizeof(typename Op::T)),
      100, [&] { every_warp(form, loaded.inputs.front()->get(), answers.get(), loaded.blocks, repeats); });
}

}  // namespace gridlock::reduction
