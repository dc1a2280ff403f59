// RM: one sum over two GPUs. Each GPU sums its half of the input with reduce-fast in a stream of
// its own; GPU 1's last block writes its partial straight into GPU 0's memory (or, without peer
// access, a copy carries it through pinned host memory); GPU 0's stream waits for the event GPU 1
// records behind it (cudaStreamWaitEvent), and one thread of GPU 0 adds the two partials into
// mapped host memory. The whole sequence is captured once as a CUDA graph and launched with one
// call a sum; the host waits once, at the end. The forms the sum went through on the way there
// (Form) stay callable, so that the sweep measures what each change bought. Beside it, the same
// partials combined by NCCL (ncclAllReduce, ncclReduce; one communicator per GPU in one process).
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

// How the two-GPU sum is put together. Each field is one change the sweep measures on top of the
// ones before it; all false is the sum as first written, all true the lesson's form.
struct Form {
  bool gpu1_first = false;       // GPU 1's work is issued before GPU 0's (GPU 0 also adds)
  bool partial_to_peer = false;  // GPU 1's last block writes its partial into GPU 0's memory: no copy
  bool total_to_host = false;    // the addition writes the total into mapped host memory: no copy back
  bool graph = false;            // the whole sequence captured once as a CUDA graph, one launch a sum
};

// The lesson's form for a route: every change that paid, the peer write where there is peer access.
inline Form lesson_form(Route route) { return {true, route == Route::peer, true, true}; }

// What carries GPU 1's partial to GPU 0, and where the total lands.
struct Crossing {
  Route route = Route::peer;
  int* received = nullptr;    // one int on GPU 0
  int* staged = nullptr;      // one int of pinned host memory (Route::host)
  cudaEvent_t arrived{};      // an event of GPU 1
  int* total = nullptr;       // one int on GPU 0
  int* host_total = nullptr;  // one int of mapped pinned host memory: where the host reads the sum
};

// Reads %globaltimer into marks[slot] (a one-thread kernel in the stream), only when recording.
__global__ void mark_time(unsigned long long* marks, int slot) { marks[slot] = gridlock::global_time_ns(); }

template <bool Record>
void mark(const Share<Record>& s, Mark slot) {
  if constexpr (Record) mark_time<<<1, 1, 0, s.stream>>>(s.marks, slot);
}

// (A recorded run that is captured into a graph passes no marks: the host calls come later, at
// the graph's launch.)
template <bool Record>
void host_mark(HostMarks* m, HostMark k) {
  if constexpr (Record)
    if (m)
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
  // One thread and two ints: the addition is ordered after the partial's arrival only because the
  // stream waited for GPU 1's event; unsigned addition wraps as the single-GPU sum does.
  *total = int(unsigned(*mine) + unsigned(*theirs));
  if constexpr (Record) marks[kAddEnd] = gridlock::global_time_ns();
}
// lesson-end add-partials

// One share's reduce-fast launch into its stream, the sum landing in *out (its workspace's out(),
// or an int of another GPU that this one has peer access to).
template <bool Record>
void launch_share(const rf::Config& c, const Share<Record>& s, int* out) {
  rf::with_fast_block(c.block, [&](auto B) {
    rf::with_in_flight(c.in_flight, [&](auto K) {
      rf::reduce_fast<B, K, Record>
          <<<s.grid, B.value, 0, s.stream>>>(s.in, s.n, s.ws->partials(), s.ws->tickets(), out, s.rec);
    });
  });
}

// Each GPU sums its share in its own stream; neither waits for the other, and the calls return at
// once. GPU 1's sum lands in *gpu1_out (its workspace's out() unless given), GPU 0's in its
// workspace's out().
// lesson-begin shares
template <bool Record>
void sum_shares(const rf::Config& c, Share<Record> (&gpus)[2], bool gpu1_first = false,
                int* gpu1_out = nullptr) {
  // PHASE 1: each GPU sums its share with reduce-fast
  // Each launch goes into its own device's stream, so both GPUs read their halves at once. GPU 1's
  // goes first where GPU 0 has the addition still to do, and with peer access GPU 1's last block
  // writes its partial straight into GPU 0's memory: no copy is left to queue behind it.
  for (int g : {gpu1_first ? 1 : 0, gpu1_first ? 0 : 1}) {
    int* out = g == 1 && gpu1_out ? gpu1_out : gpus[g].ws->out();
    gridlock::streams::on_device(gpus[g].device, [&] { launch_share(c, gpus[g], out); });
  }
}
// lesson-end shares

// Enqueues the whole two-GPU sum: shares, crossing, addition; the total lands in *x.total (or, with
// form.total_to_host, in *x.host_total) once GPU 0's stream has reached its end. The host does not
// wait: the caller synchronises GPU 0's stream.
// lesson-begin two-gpus
template <bool Record>
void sum_on_two(const rf::Config& c, Share<Record> (&gpus)[2], const Crossing& x, const Form& form = {},
                HostMarks* hm = nullptr) {
  Share<Record>&g0 = gpus[0], &g1 = gpus[1];
  int* const total = form.total_to_host ? x.host_total : x.total;
  host_mark<Record>(hm, kBeforeLaunches);
  sum_shares<Record>(c, gpus, form.gpu1_first, form.partial_to_peer ? x.received : nullptr);
  host_mark<Record>(hm, kAfterLaunches);

  // PHASE 2: GPU 1's partial crosses to GPU 0, ordered by an event
  // The event recorded behind GPU 1's kernel (or behind its copy, where the kernel could not write
  // GPU 0's memory) is what GPU 0's stream waits for, so GPU 0 reads the partial only after it has
  // arrived, and no host thread waits for anything.
  gridlock::streams::on_device(g1.device, [&] {
    mark(g1, kCopyBegin);
    if (!form.partial_to_peer && x.route == Route::peer)
      CUDA_CHECK(cudaMemcpyPeerAsync(x.received, g0.device, g1.ws->out(), g1.device, sizeof(int), g1.stream));
    else if (!form.partial_to_peer)
      CUDA_CHECK(cudaMemcpyAsync(x.staged, g1.ws->out(), sizeof(int), cudaMemcpyDeviceToHost, g1.stream));
    mark(g1, kCopyEnd);
    CUDA_CHECK(cudaEventRecord(x.arrived, g1.stream));
  });
  host_mark<Record>(hm, kAfterCopyCalls);
  gridlock::streams::on_device(g0.device, [&] {
    mark(g0, kWaitBegin);
    CUDA_CHECK(cudaStreamWaitEvent(g0.stream, x.arrived, 0));
    mark(g0, kReleased);
    if (!form.partial_to_peer && x.route == Route::host) {
      CUDA_CHECK(cudaMemcpyAsync(x.received, x.staged, sizeof(int), cudaMemcpyHostToDevice, g0.stream));
      mark(g0, kArrived);
    }
    add_partials<Record><<<1, 1, 0, g0.stream>>>(g0.ws->out(), x.received, total, g0.marks);
  });
  host_mark<Record>(hm, kAfterWaitCalls);
}
// lesson-end two-gpus

// The whole two-GPU sum of one form, captured once as a CUDA graph from GPU 0's stream (GPU 1's
// stream joins the capture by waiting for an event of GPU 0's) and then launched with one call a
// sum: the host issues one call instead of a dozen, and the graph's edges (the event wait among
// them) are resolved by the driver without the host.
// lesson-begin graph
template <bool Record>
class SumGraph {
 public:
  SumGraph(const rf::Config& c, Share<Record> (&gpus)[2], const Crossing& x, const Form& form) {
    cudaStream_t s0 = gpus[0].stream, s1 = gpus[1].stream;
    gridlock::streams::on_device(gpus[0].device, [&] {
      gridlock::streams::Event fork(cudaEventDisableTiming);
      CUDA_CHECK(cudaStreamBeginCapture(s0, cudaStreamCaptureModeThreadLocal));
      try {
        CUDA_CHECK(cudaEventRecord(fork.get(), s0));
        gridlock::streams::on_device(gpus[1].device,
                                     [&] { CUDA_CHECK(cudaStreamWaitEvent(s1, fork.get(), 0)); });
        sum_on_two<Record>(c, gpus, x, form);  // ends with GPU 0's stream waiting for GPU 1's
      } catch (...) {
        cudaGraph_t broken = nullptr;
        cudaStreamEndCapture(s0, &broken);
        if (broken) cudaGraphDestroy(broken);
        cudaGetLastError();
        throw;
      }
      CUDA_CHECK(cudaStreamEndCapture(s0, &graph_));
      CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0));
    });
    device_ = gpus[0].device;
  }
  ~SumGraph() {
    gridlock::streams::destroy_on(device_, [&] {
      if (exec_) cudaGraphExecDestroy(exec_);
      if (graph_) cudaGraphDestroy(graph_);
    });
  }
  SumGraph(const SumGraph&) = delete;
  SumGraph& operator=(const SumGraph&) = delete;
  // Enqueues one whole sum into GPU 0's stream `s0`.
  void launch(cudaStream_t s0) const {
    gridlock::streams::on_device(device_, [&] { CUDA_CHECK(cudaGraphLaunch(exec_, s0)); });
  }

 private:
  int device_ = 0;
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
};
// lesson-end graph

#if GRIDLOCK_HAVE_NCCL
// The same shares combined by NCCL: one communicator per GPU (ncclCommInitAll), the calls of both
// GPUs inside one group so that one host thread can issue them. results[g] is one int on GPU g;
// ncclAllReduce leaves the sum on both GPUs, ncclReduce on GPU 0 only.
// lesson-begin nccl
template <bool Record>
void sum_with_nccl(const rf::Config& c, Share<Record> (&gpus)[2], ncclComm_t* comms, int* const* results,
                   bool all_reduce, HostMarks* hm = nullptr) {
  host_mark<Record>(hm, kBeforeLaunches);
  sum_shares<Record>(c, gpus);
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
