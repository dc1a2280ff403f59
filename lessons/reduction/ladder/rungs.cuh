// The reduction ladder's rungs: every reduction lesson's plain kernel as it reduces a large int
// array, each with the configurations its sweep tries, all through the lessons' own launches.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/reduce-block-with-warps/run_kernel.cuh"
#include "reduction/reduce-fast/bench.cuh"
#include "reduction/reduce-last-block/run_kernel.cuh"
#include "reduction/reduce-multi-block-noncommutative/run_kernel.cuh"
#include "reduction/reduce-single-block-noncommutative/kernels.cuh"
#include "reduction/reduce-single-block/kernels.cuh"
#include "reduction/reduce-two-kernels/run_kernel.cuh"

namespace gridlock::ladder {

namespace red = gridlock::reduction;

// One configuration of a rung: what the table shows, and every launch one reduction needs.
struct Candidate {
  std::string config;
  std::function<void()> launch;
};

// One lesson's kernel: its candidates (the sweep picks the fastest), and where the sum ends.
struct Rung {
  std::string lesson;  // "R1 reduce-single-block"
  std::string kernel;  // the kernel's name in its namespace
  std::vector<Candidate> candidates;
  std::function<int()> result;  // the sum the last launch left
};

// A lesson the ladder leaves out, and why.
struct LeftOut {
  std::string lesson, reason;
};

// The buffers the rungs write, shared by all of them: partials (or a result) per block, the
// ticket counter of the guarded kernels, reduce-fast's workspace.
struct Buffers {
  explicit Buffers(int sm_count)
      : partials(kMaxGrid), out(1), tickets(std::vector<unsigned>{0u}), fast(8 * sm_count) {}
  static constexpr int kMaxGrid = 1 << 16;
  DeviceBuffer<int> partials, out;
  DeviceBuffer<unsigned> tickets;
  rf::Workspace fast;
};

// The grids a multi-block rung tries: the SM count times each factor, at most `largest`.
inline std::vector<int> grids_of(int sm_count, std::vector<int> factors, int largest) {
  std::vector<int> grids;
  for (int f : factors)
    if (f * sm_count <= largest) grids.push_back(f * sm_count);
  return grids;
}

// The largest divisor of n not above `near`: R7's blocks each sum an equal part.
inline int divisor_near(int n, int near) {
  for (int g = near; g > 1; --g)
    if (n % g == 0) return g;
  return 1;
}

inline std::string grid_text(int grid, int block) {
  return std::to_string(grid) + " x " + std::to_string(block);
}

// lesson-begin rungs
// Every rung over in[0..n). The sweeps are small: the single-block kernels are latency-bound, so
// they try the three largest blocks; the multi-block kernels try 1 to 16 blocks per SM.
inline std::vector<Rung> rungs(const int* in, int n, int sm_count, Buffers& b) {
  using gridlock::interblock::Guard;
  const std::vector<int> blocks = {256, 512, 1024};
  std::vector<Rung> all;

  Rung r1{"R1 reduce-single-block", "r1::reduce_single_block", {}, [&b] { return b.out.download_one(); }};
  for (int block : blocks)
    r1.candidates.push_back({grid_text(1, block), [=, &b] {
                               with_block_size(block, [&](auto B) {
                                 r1::reduce_single_block<B, false, red::Sum>
                                     <<<1, B.value>>>(in, n, b.out.get(), {});
                               });
                             }});
  all.push_back(r1);

  Rung r2{"R2 reduce-single-block-noncommutative (+)", "r2::reduce_single_block_in_order", {}, [&b] {
            return b.out.download_one();
          }};
  for (int block : blocks)
    r2.candidates.push_back({grid_text(1, block), [=, &b] {
                               with_block_size(block, [&](auto B) {
                                 r2::reduce_single_block_in_order<B, false, red::Sum>
                                     <<<1, B.value>>>(in, n, b.out.get(), {});
                               });
                             }});
  all.push_back(r2);

  Rung r3{
      "R3 reduce-two-kernels", "r3::reduce_partials, twice", {}, [&b] { return b.partials.download_one(); }};
  for (int block : blocks)
    for (int grid : grids_of(sm_count, {1, 2, 4, 8, 16}, Buffers::kMaxGrid))
      r3.candidates.push_back({grid_text(grid, block), [=, &b] {
                                 with_block_size(block, [&](auto B) {
                                   r3::launch_both<B, red::Sum>(in, b.partials.get(), n, grid);
                                 });
                               }});
  all.push_back(r3);

  Rung r4{"R4 reduce-last-block (acquire guard)", "r4::reduce_with_last_block", {}, [&b] {
            return b.partials.download_one();
          }};
  for (int block : blocks)
    for (int grid : grids_of(sm_count, {1, 2, 4, 8}, block))  // the last block merges one partial a thread
      r4.candidates.push_back({grid_text(grid, block), [=, &b] {
                                 with_block_size(block, [&](auto B) {
                                   r4::launch_one<B, red::Sum, Guard::acquire>(in, b.partials.get(),
                                                                               b.tickets.get(), n, grid);
                                 });
                               }});
  all.push_back(r4);

  Rung r5{"R5 reduce-multi-block-noncommutative (+, acquire guard)", "r5::reduce_chunks_in_order", {}, [&b] {
            return b.partials.download_one();
          }};
  for (int block : blocks)
    for (int grid : grids_of(sm_count, {1, 2, 4, 8, 16}, Buffers::kMaxGrid))
      r5.candidates.push_back({grid_text(grid, block), [=, &b] {
                                 with_block_size(block, [&](auto B) {
                                   r5::launch_form<B, red::Sum>(r5::Form::acquire, in, b.partials.get(),
                                                                b.tickets.get(), n, grid);
                                 });
                               }});
  all.push_back(r5);

  // R7's blocks each sum an equal part into a partial; a second launch of one block sums the
  // partials (grid 1: one block sums everything, as documented).
  Rung r7{
      "R7 reduce-block-with-warps", "r7::sum_block_with_warps", {}, [&b] { return b.out.download_one(); }};
  for (const char* form : {"syncwarp", "shuffle"})
    for (int block : blocks) {
      r7.candidates.push_back({std::string(form) + ", " + grid_text(1, block), [=, &b] {
                                 r7::launch_blocks<false>(form, 1, block, in, n, b.out.get(), {});
                               }});
      for (int near : grids_of(sm_count, {1, 2, 4, 8, 16}, Buffers::kMaxGrid)) {
        const int grid = divisor_near(n, near);
        r7.candidates.push_back(
            {std::string(form) + ", " + grid_text(grid, block) + " + 1 x " + std::to_string(block), [=, &b] {
               r7::launch_blocks<false>(form, grid, block, in, n / grid, b.partials.get(), {});
               r7::launch_blocks<false>(form, 1, block, b.partials.get(), grid, b.out.get(), {});
             }});
      }
    }
  all.push_back(r7);

  Rung fast{"reduce-fast", "rf::reduce_fast", {}, [&b] { return b.fast.result(); }};
  for (const rf::Config& c : rf::sweep_configs())
    fast.candidates.push_back(
        {grid_text(c.grid(sm_count), c.block) + ", " + std::to_string(c.in_flight) + " int4 loads in flight",
         [=, &b] { rf::launch(c, c.grid(sm_count), in, n, b.fast); }});
  all.push_back(fast);
  return all;
}
// lesson-end rungs

// The single-warp lessons reduce the 32 values one warp holds; over a large array they need a
// block and a grid around them, which is R7 (R6's forms inside a block) and reduce-fast (shuffles).
inline std::vector<LeftOut> left_out() {
  const std::string why =
      "reduces the 32 values of one warp; a large array needs a block and a grid around it (R7, reduce-fast)";
  return {{"R6 reduce-warp-volatile", why},
          {"R8 reduce-warp-volatile-noncommutative", why + "; its operator is the matrix product"},
          {"R9 reduce-warp-shuffle", why}};
}

}  // namespace gridlock::ladder
