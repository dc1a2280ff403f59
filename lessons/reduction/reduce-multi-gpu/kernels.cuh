// RM: one sum over two GPUs. Each GPU sums its half of the input with reduce-fast in a stream of
// its own; GPU 1's partial reaches GPU 0 by a 4-byte copy (peer to peer, or staged through pinned
// host memory where the GPUs have no peer access), GPU 0's stream waits for the copy's event with
// cudaStreamWaitEvent, and one thread of GPU 0 adds the two partials. The host enqueues all of it
// and waits once, at the end. Beside it, the same partials combined by NCCL (ncclAllReduce,
// ncclReduce; one communicator per GPU in one process).
#pragma once

#include <cuda_runtime.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "common/cuda_check.hpp"
#include "common/record/clock.cuh"
#include "reduction/reduce-fast/run_kernel.cuh"
#include "streams/common/handles.hpp"
#if GRIDLOCK_HAVE_NCCL
#include <nccl.h>
#endif

namespace rm {

// How GPU 1's partial travels to GPU 0.
enum class Route { peer, host };

// The %globaltimer reads a recorded run takes in each GPU's stream (slots of that GPU's marks):
// GPU 1 around its copy, GPU 0 around its wait (and the host route's second copy), both around
// NCCL's call, and the adding thread's begin and end.
enum Mark : int {
  kCopyBegin = 0,
  kCopyEnd,
  kWaitBegin,
  kReleased,
  kArrived,
  kAddBegin,
  kAddEnd,
  kNcclBegin,
  kNcclEnd,
  kMarks
};

// The host's steady_clock around its calls in a recorded run.
enum HostMark : int {
  kBeforeLaunches = 0,
  kAfterLaunches,
  kAfterCopyCalls,
  kAfterWaitCalls,
  kAfterSync,
  kHostMarks
};

struct HostMarks {
  int64_t t[kHostMarks] = {};
};

// One GPU's part: its half of the input, reduce-fast's workspace (its out() is the partial), its
// stream, and (recording only) its recorder and its marks.
template <bool Record>
struct Share {
  int device = 0;
  cudaStream_t stream = nullptr;
  const int* in = nullptr;
  int n = 0;
  int grid = 0;
  rf::Workspace* ws = nullptr;
  gridlock::EventRecorder<Record> rec{};
  unsigned long long* marks = nullptr;
};

// What carries GPU 1's partial to GPU 0, and where the total lands.
struct Crossing {
  Route route = Route::peer;
  int* received = nullptr;  // one int on GPU 0
  int* staged = nullptr;    // one int of pinned host memory (Route::host)
  cudaEvent_t arrived{};    // an event of GPU 1
  int* total = nullptr;     // one int on GPU 0
};

// Reads %globaltimer into marks[slot] (a one-thread kernel in the stream), only when recording.
__global__ void mark_time(unsigned long long* marks, int slot) { marks[slot] = gridlock::global_time_ns(); }

template <bool Record>
void mark(const Share<Record>& s, Mark slot) {
  if constexpr (Record) mark_time<<<1, 1, 0, s.stream>>>(s.marks, slot);
}

template <bool Record>
void host_mark(HostMarks* m, HostMark k) {
  if constexpr (Record)
    m->t[k] = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::steady_clock::now().time_since_epoch())
                  .count();
}

// Contract: launched <<<1, 1>>> on GPU 0 after both partials are there. *total = mine + theirs,
// wrapping at 32 bits. Recording: its begin and end on %globaltimer into marks.
// lesson-begin add-partials
template <bool Record>
__global__ void add_partials(const int* mine, const int* theirs, int* total, unsigned long long* marks) {
  if constexpr (Record) marks[kAddBegin] = gridlock::global_time_ns();
  // PHASE 3: GPU 0 adds the two partials
  // One thread and two ints: the work is only ordered after the copy because the stream waited
  // for GPU 1's event; unsigned addition wraps as the single-GPU sum does.
  *total = int(unsigned(*mine) + unsigned(*theirs));
  if constexpr (Record) marks[kAddEnd] = gridlock::global_time_ns();
}
// lesson-end add-partials

// Each GPU sums its share into its workspace's out(), in its own stream; neither waits for the
// other. The calls return at once.
// lesson-begin shares
template <bool Record>
void sum_shares(const rf::Config& c, Share<Record>* gpus, int count) {
  // PHASE 1: each GPU sums its share with reduce-fast
  // Each launch goes into its own device's stream, so both GPUs read their halves at once; the host
  // only queues work and waits for nothing.
  for (int g = 0; g < count; ++g)
    gridlock::streams::on_device(gpus[g].device, [&] {
      rf::launch<Record>(c, gpus[g].grid, gpus[g].in, gpus[g].n, *gpus[g].ws, gpus[g].rec, gpus[g].stream);
    });
}
// lesson-end shares

// Enqueues the whole two-GPU sum: shares, crossing, addition; *x.total holds the sum once GPU 0's
// stream has reached its end. The host does not wait: the caller synchronises GPU 0's stream.
// lesson-begin two-gpus
template <bool Record>
void sum_on_two(const rf::Config& c, Share<Record> (&gpus)[2], const Crossing& x, HostMarks* hm = nullptr) {
  Share<Record>&g0 = gpus[0], &g1 = gpus[1];
  host_mark<Record>(hm, kBeforeLaunches);
  sum_shares<Record>(c, gpus, 2);
  host_mark<Record>(hm, kAfterLaunches);

  // PHASE 2: GPU 1's partial crosses to GPU 0, ordered by an event
  // The copy follows GPU 1's kernel in GPU 1's stream (the source device's stream); the event
  // recorded behind it is what GPU 0's stream waits for, so GPU 0 reads the partial only after it
  // has arrived, and no host thread waits for anything.
  gridlock::streams::on_device(g1.device, [&] {
    mark(g1, kCopyBegin);
    if (x.route == Route::peer)
      CUDA_CHECK(cudaMemcpyPeerAsync(x.received, g0.device, g1.ws->out(), g1.device, sizeof(int), g1.stream));
    else
      CUDA_CHECK(cudaMemcpyAsync(x.staged, g1.ws->out(), sizeof(int), cudaMemcpyDeviceToHost, g1.stream));
    mark(g1, kCopyEnd);
    CUDA_CHECK(cudaEventRecord(x.arrived, g1.stream));
  });
  host_mark<Record>(hm, kAfterCopyCalls);
  gridlock::streams::on_device(g0.device, [&] {
    mark(g0, kWaitBegin);
    CUDA_CHECK(cudaStreamWaitEvent(g0.stream, x.arrived, 0));
    mark(g0, kReleased);
    if (x.route == Route::host) {
      CUDA_CHECK(cudaMemcpyAsync(x.received, x.staged, sizeof(int), cudaMemcpyHostToDevice, g0.stream));
      mark(g0, kArrived);
    }
    add_partials<Record><<<1, 1, 0, g0.stream>>>(g0.ws->out(), x.received, x.total, g0.marks);
  });
  host_mark<Record>(hm, kAfterWaitCalls);
}
// lesson-end two-gpus

#if GRIDLOCK_HAVE_NCCL
// The same shares combined by NCCL: one communicator per GPU (ncclCommInitAll), the calls of both
// GPUs inside one group so that one host thread can issue them. results[g] is one int on GPU g;
// ncclAllReduce leaves the sum on both GPUs, ncclReduce on GPU 0 only.
// lesson-begin nccl
template <bool Record>
void sum_with_nccl(const rf::Config& c, Share<Record> (&gpus)[2], ncclComm_t* comms, int* const* results,
                   bool all_reduce, HostMarks* hm = nullptr) {
  host_mark<Record>(hm, kBeforeLaunches);
  sum_shares<Record>(c, gpus, 2);
  host_mark<Record>(hm, kAfterLaunches);
  // PHASE 4: NCCL combines the partials
  // One collective per GPU does the crossing, the ordering and the addition; inside one group the
  // two calls are issued together, so one host thread can drive both GPUs without a deadlock.
  for (Share<Record>& g : gpus) gridlock::streams::on_device(g.device, [&] { mark(g, kNcclBegin); });
  ncclGroupStart();
  for (int g = 0; g < 2; ++g) {
    const ncclResult_t r =
        all_reduce
            ? ncclAllReduce(gpus[g].ws->out(), results[g], 1, ncclInt32, ncclSum, comms[g], gpus[g].stream)
            : ncclReduce(gpus[g].ws->out(), results[g], 1, ncclInt32, ncclSum, 0, comms[g], gpus[g].stream);
    if (r != ncclSuccess) throw std::runtime_error(std::string("NCCL: ") + ncclGetErrorString(r));
  }
  const ncclResult_t ended = ncclGroupEnd();
  if (ended != ncclSuccess) throw std::runtime_error(std::string("NCCL: ") + ncclGetErrorString(ended));
  host_mark<Record>(hm, kAfterCopyCalls);
  for (Share<Record>& g : gpus) gridlock::streams::on_device(g.device, [&] { mark(g, kNcclEnd); });
  host_mark<Record>(hm, kAfterWaitCalls);
}
// lesson-end nccl
#endif

}  // namespace rm
