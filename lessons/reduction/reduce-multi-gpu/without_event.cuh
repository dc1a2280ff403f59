// Two measured alternatives to the event, the sweep's "flag instead of event" and "hand-off in the
// last blocks" columns. Both hand GPU 1's partial over through words in GPU 0's memory that GPU 1
// raises and GPU 0 polls, every poll bounded by the watchdog. The flag form keeps reduce-fast and
// adds a one-thread kernel on each GPU; the fused form does the hand-off in the kernels' own last
// blocks, so that no event, no wait and no second kernel stand between GPU 1's sum and GPU 0's
// total (reduce-fast's kernel is left as it is: this copy of its loads adds only the hand-off).
#pragma once

#include "common/watchdog.cuh"
#include "interblock/common/last_block.cuh"
#include "kernels.cuh"

namespace rm {

// The flag form: behind GPU 1's kernel, raise GPU 0's hand-off count, after the partial it wrote
// (system scope: GPU 0 reads it across the link).
__global__ void raise_flag(unsigned* raised) {
  __threadfence_system();
  atomicAdd_system(raised, 1u);
}

// Behind GPU 0's kernel: wait until GPU 1 has raised the count past the hand-offs taken so far,
// then add the partials. The poll is bounded by the watchdog's abort flag: a GPU 1 that never
// raises it makes the poll give up and say so in *gave_up.
__global__ void add_when_raised(const int* mine, const int* theirs, unsigned* raised, unsigned* handoffs,
                                int* total, const volatile int* abort, unsigned* gave_up) {
  const unsigned next = *handoffs + 1;
  while (atomicAdd_system(raised, 0u) < next) {
    if (gridlock::abort_requested(abort)) {
      *gave_up = 1;
      return;
    }
  }
  __threadfence_system();
  *handoffs = next;
  *total = int(unsigned(*mine) + unsigned(*theirs));
}

// What each GPU's last block does with its sum.
enum class Handoff { send, receive };

// The words the hand-off goes through, all in GPU 0's memory but the total (mapped host memory).
struct HandoffWords {
  int* received = nullptr;       // GPU 1's partial
  unsigned* raised = nullptr;    // hand-offs GPU 1 has made
  unsigned* handoffs = nullptr;  // hand-offs GPU 0 has taken
  int* host_total = nullptr;
  const volatile int* abort = nullptr;  // the watchdog's flag: a poll that must give up
  unsigned* gave_up = nullptr;
};

// Contract: as reduce_fast, and GPU 1's launch (send) is issued before GPU 0's (receive), with peer
// access from GPU 1 to GPU 0. Guarantees: *w.host_total = GPU 0's sum + GPU 1's, or *w.gave_up = 1
// when the watchdog fired first.
template <int BlockSize, int InFlight, Handoff Role>
__global__ void __launch_bounds__(BlockSize)
    reduce_fast_handoff(const int* in, int n, int* partials, unsigned* tickets, HandoffWords w) {
  __shared__ int warp_sums[BlockSize / 32];
  // Wide loads, several in flight (reduce-fast's, unchanged).
  const int4* in4 = reinterpret_cast<const int4*>(in);
  const int vectors = n / 4, stride = gridDim.x * BlockSize;
  int i = blockIdx.x * BlockSize + threadIdx.x;
  int sum = 0;
  for (; i + (InFlight - 1) * stride < vectors; i += InFlight * stride) {
    int4 v[InFlight];
#pragma unroll
    for (int k = 0; k < InFlight; ++k) v[k] = __ldcs(in4 + i + k * stride);
#pragma unroll
    for (int k = 0; k < InFlight; ++k) sum += v[k].x + v[k].y + v[k].z + v[k].w;
  }
  for (; i < vectors; i += stride) {
    const int4 v = __ldcs(in4 + i);
    sum += v.x + v.y + v.z + v.w;
  }
  const int tail = blockIdx.x * BlockSize + threadIdx.x;
  if (tail < n - vectors * 4) sum += in[vectors * 4 + tail];
  sum = rf::block_sum<BlockSize>(sum, warp_sums);

  // Publish the partial, take a ticket (reduce-fast's guard, with its acquire half).
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
  if (!gridlock::interblock::is_last_block<gridlock::interblock::Guard::acquire>(tickets)) return;
  int merged = 0;
  for (int b = threadIdx.x; b < gridDim.x; b += BlockSize) merged += __ldcg(partials + b);
  merged = rf::block_sum<BlockSize>(merged, warp_sums);
  if (threadIdx.x != 0) return;
  *tickets = 0;

  // The hand-off: GPU 1 stores its sum into GPU 0's memory and then raises the count (the fence
  // orders the two across the link); GPU 0 polls the count, bounded by the watchdog, then adds.
  if constexpr (Role == Handoff::send) {
    *w.received = merged;
    __threadfence_system();
    atomicAdd_system(w.raised, 1u);
  } else {
    const unsigned next = *w.handoffs + 1;
    while (atomicAdd_system(w.raised, 0u) < next)
      if (gridlock::abort_requested(w.abort)) {
        *w.gave_up = 1;
        return;
      }
    __threadfence_system();
    *w.handoffs = next;
    *w.host_total = int(unsigned(merged) + unsigned(*static_cast<volatile int*>(w.received)));
  }
}

// Enqueues the flag form: GPU 1's kernel (its last block writing into GPU 0's memory) and the
// raise behind it, then GPU 0's kernel and the poll-and-add behind it; the total lands in
// *w.host_total once GPU 0's stream has reached its end.
template <bool Record>
void sum_with_flag(const rf::Config& c, Share<Record> (&gpus)[2], const HandoffWords& w) {
  gridlock::streams::on_device(gpus[1].device, [&] {
    launch_share(c, gpus[1], w.received);
    raise_flag<<<1, 1, 0, gpus[1].stream>>>(w.raised);
  });
  gridlock::streams::on_device(gpus[0].device, [&] {
    launch_share(c, gpus[0], gpus[0].ws->out());
    add_when_raised<<<1, 1, 0, gpus[0].stream>>>(gpus[0].ws->out(), w.received, w.raised, w.handoffs,
                                                 w.host_total, w.abort, w.gave_up);
  });
}

// Enqueues the fused two-GPU sum: GPU 1's kernel first, then GPU 0's; the total lands in
// *w.host_total once GPU 0's stream has reached its end.
template <bool Record>
void sum_fused(const rf::Config& c, Share<Record> (&gpus)[2], const HandoffWords& w) {
  for (int g : {1, 0})
    gridlock::streams::on_device(gpus[g].device, [&] {
      const Share<Record>& s = gpus[g];
      rf::with_fast_block(c.block, [&](auto B) {
        rf::with_in_flight(c.in_flight, [&](auto K) {
          if (g == 1)
            reduce_fast_handoff<B, K, Handoff::send>
                <<<s.grid, B.value, 0, s.stream>>>(s.in, s.n, s.ws->partials(), s.ws->tickets(), w);
          else
            reduce_fast_handoff<B, K, Handoff::receive>
                <<<s.grid, B.value, 0, s.stream>>>(s.in, s.n, s.ws->partials(), s.ws->tickets(), w);
        });
      });
    });
}

}  // namespace rm
