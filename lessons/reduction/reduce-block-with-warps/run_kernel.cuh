// R7's plain launches: the block reduction in a form, on one block or on a grid of blocks that
// each sum their own part (under load, and timed).
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "reduction/common/warp_forms.hpp"

namespace r7 {

inline const std::vector<gridlock::reduction::WarpForm> kForms = {
    {"documented", false}, {"syncwarp", true}, {"shuffle", true}};
inline const std::vector<std::string> kVariants = {"documented", "syncwarp", "shuffle"};

// Calls f(std::integral_constant<Form, F>{}) for the form named `name`.
template <typename F>
decltype(auto) with_form(const std::string& name, F&& f) {
  if (name == "documented") return f(std::integral_constant<Form, Form::documented>{});
  if (name == "syncwarp") return f(std::integral_constant<Form, Form::syncwarp>{});
  if (name == "shuffle") return f(std::integral_constant<Form, Form::shuffle>{});
  throw std::invalid_argument("no form " + name);
}

// `grid` blocks of `block` threads, block b summing in[b n ...] into out[b]. Not synchronised.
template <bool Record>
void launch_blocks(const std::string& form, int grid, int block, const int* in, int n, int* out,
                   Recorder<Record> rec) {
  with_form(form, [&](auto F) {
    gridlock::with_block_size(block, [&](auto B) {
      sum_block_with_warps<B.value, F.value, Record><<<grid, B.value>>>(in, n, out, rec);
    });
  });
}

// One block on `input`; its answer.
inline int sum_on_gpu(const std::string& form, const std::vector<int>& input, int block) {
  gridlock::DeviceBuffer<int> in(input), out(1);
  out.poison();
  launch_blocks<false>(form, 1, block, in.get(), int(input.size()), out.get(), {});
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

}  // namespace r7
