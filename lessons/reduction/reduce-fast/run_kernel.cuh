// RF's launches: a configuration (block size, loads in flight, blocks per SM), the plain launch
// as it is checked and timed, and the recorded launch.
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/record/event_recording.hpp"
#include "kernels.cuh"

namespace rf {

struct Config {
  int block = 1024;       // threads per block: 256, 512 or 1024
  int in_flight = 4;      // 16-byte loads each thread issues before it adds them: 2, 4 or 8
  int blocks_per_sm = 2;  // the grid is this many blocks per SM
  int grid(int sm_count) const { return blocks_per_sm * sm_count; }
  std::string name() const {
    return "reduce_fast<" + std::to_string(block) + ", " + std::to_string(in_flight) + " in flight>, " +
           std::to_string(blocks_per_sm) + " blocks/SM";
  }
};

// Calls f(std::integral_constant<int, k>{}) for k = config.in_flight.
template <typename F>
decltype(auto) with_in_flight(int in_flight, F&& f) {
  switch (in_flight) {
    case 2:
      return f(std::integral_constant<int, 2>{});
    case 4:
      return f(std::integral_constant<int, 4>{});
    case 8:
      return f(std::integral_constant<int, 8>{});
  }
  throw std::invalid_argument("loads in flight must be 2, 4 or 8, not " + std::to_string(in_flight));
}

// Calls f(B) for the block sizes the lesson offers: 256, 512 and 1024.
template <typename F>
decltype(auto) with_fast_block(int block, F&& f) {
  if (block != 256 && block != 512 && block != 1024)
    throw std::invalid_argument("reduce-fast runs blocks of 256, 512 or 1024 threads, not " +
                                std::to_string(block));
  return gridlock::with_block_size(block, f);
}

// The buffers a launch needs besides the input: a partial per block, the ticket counter (zeroed
// once; each launch leaves it zero), and the result.
class Workspace {
 public:
  explicit Workspace(int grid) : partials_(size_t(grid)), tickets_(std::vector<unsigned>{0u}), out_(1) {}
  int* partials() { return partials_.get(); }
  unsigned* tickets() { return tickets_.get(); }
  int* out() { return out_.get(); }
  int result() const { return out_.download_one(); }
  std::vector<int> partials_host() const { return partials_.download(); }
  unsigned ticket_counter() const { return tickets_.download_one(); }

 private:
  gridlock::DeviceBuffer<int> partials_;
  gridlock::DeviceBuffer<unsigned> tickets_;
  gridlock::DeviceBuffer<int> out_;
};

// One launch of the kernel into `stream` (the current device's legacy default stream unless
// given): in[0..n) summed into ws.out().
template <bool Record = false>
void launch(const Config& c, int grid, const int* in, int n, Workspace& ws,
            gridlock::EventRecorder<Record> rec = {}, cudaStream_t stream = nullptr) {
  with_fast_block(c.block, [&](auto B) {
    with_in_flight(c.in_flight, [&](auto K) {
      reduce_fast<B, K, Record>
          <<<grid, B.value, 0, stream>>>(in, n, ws.partials(), ws.tickets(), ws.out(), rec);
    });
  });
}

// Sums a host input on the GPU in one launch.
inline int sum_on_gpu(const Config& c, int sm_count, const std::vector<int>& input) {
  const gridlock::DeviceBuffer<int> in(input);
  Workspace ws(c.grid(sm_count));
  launch(c, c.grid(sm_count), in.get(), int(input.size()), ws);
  CUDA_CHECK_LAUNCH();
  return ws.result();
}

}  // namespace rf
