// RM's buffers and handles: for each GPU its half of the input, reduce-fast's workspace, a stream
// and the recording's marks; on GPU 0 the received partial and the total; the pinned staging int
// and GPU 1's event; and, where NCCL was found, a communicator per GPU and an int for its result.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "kernels.cuh"
#include "streams/common/handles.hpp"

namespace rm {

namespace gs = gridlock::streams;

// What peer access the two GPUs have (both ways, or the route falls back to the host).
inline bool enable_peer_access(int a, int b) {
  int forward = 0, backward = 0;
  CUDA_CHECK(cudaDeviceCanAccessPeer(&forward, a, b));
  CUDA_CHECK(cudaDeviceCanAccessPeer(&backward, b, a));
  if (!forward || !backward) return false;
  for (const auto& [from, to] : {std::pair{a, b}, std::pair{b, a}})
    gs::on_device(from, [to = to] {
      const cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
      if (e == cudaErrorPeerAccessAlreadyEnabled)
        cudaGetLastError();
      else
        CUDA_CHECK(e);
    });
  return true;
}

// One GPU's owned part. Its input buffer holds at least one int, so that a GPU whose share is
// empty (n = 1) still has a valid pointer; reduce-fast reads none of it then.
struct GpuPart {
  int device;
  int grid;
  int n;
  gs::Stream stream;
  gridlock::DeviceBuffer<int> in;
  rf::Workspace ws;
  gridlock::DeviceBuffer<unsigned long long> marks;
  gridlock::DeviceBuffer<int> nccl_result;
  GpuPart(int d, const int* first, const int* last, int grid)
      : device(d),
        grid(grid),
        n(int(last - first)),
        in(std::max<size_t>(size_t(last - first), 1)),
        ws(grid),
        marks(std::vector<unsigned long long>(kMarks, 0)),
        nccl_result(std::vector<int>{0}) {
    if (n > 0) in.upload(std::vector<int>(first, last));
  }
};

// Pinned host memory for one int, freed on destruction; mapped into every GPU's address space
// (a kernel may write it: the host reads what the kernel wrote once the kernel's stream is done).
class PinnedInt {
 public:
  PinnedInt() { CUDA_CHECK(cudaHostAlloc(&p_, sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable)); }
  ~PinnedInt() { cudaFreeHost(p_); }
  PinnedInt(const PinnedInt&) = delete;
  PinnedInt& operator=(const PinnedInt&) = delete;
  int* get() const { return p_; }
  int read() const { return *static_cast<volatile int*>(p_); }

 private:
  int* p_ = nullptr;
};

// Where the input splits: GPU 0 holds input[0, split_at(n, share)), GPU 1 the rest.
inline size_t split_at(size_t n, double gpu0_share) {
  return std::min(n, size_t(std::llround(double(n) * gpu0_share)));
}

class TwoGpus {
 public:
  // GPU 0 holds the first gpu0_share of the input (split_at), GPU 1 the rest.
  TwoGpus(const std::vector<int>& input, int grid0, int grid1, Route route, double gpu0_share = 0.5)
      : route_(route) {
    const int* mid = input.data() + split_at(input.size(), gpu0_share);
    parts_[0] = gs::on_device(0, [&] { return std::make_unique<GpuPart>(0, input.data(), mid, grid0); });
    parts_[1] = gs::on_device(
        1, [&] { return std::make_unique<GpuPart>(1, mid, input.data() + input.size(), grid1); });
    gs::on_device(0, [&] {
      received_ = std::make_unique<gridlock::DeviceBuffer<int>>(std::vector<int>{0});
      total_ = std::make_unique<gridlock::DeviceBuffer<int>>(std::vector<int>{0});
      words_ = std::make_unique<gridlock::DeviceBuffer<unsigned>>(std::vector<unsigned>{0, 0, 0});
    });
    arrived_ = gs::on_device(1, [] { return std::make_unique<gs::Event>(cudaEventDisableTiming); });
  }

  Route route() const { return route_; }
  GpuPart& part(int g) { return *parts_[size_t(g)]; }

  template <bool Record>
  void shares(Share<Record> (&s)[2]) {
    for (int g = 0; g < 2; ++g) {
      GpuPart& p = part(g);
      s[g].device = p.device;
      s[g].stream = p.stream.get();
      s[g].in = p.in.get();
      s[g].n = p.n;
      s[g].grid = p.grid;
      s[g].ws = &p.ws;
      s[g].marks = p.marks.get();
    }
  }

  Crossing crossing() {
    return {route_, received_->get(), staged_.get(), arrived_->get(), total_->get(), host_total_.get()};
  }

  // The words a hand-off without the event goes through (without_event.cuh): GPU 1's partial, the
  // hand-offs raised and taken, and the word a poll that gave up sets, all on GPU 0.
  int* received_slot() { return received_->get(); }
  unsigned* handoff_words() { return words_->get(); }

  // The host's read of a sum that GPU 0's stream leaves in `on_gpu0` (an int of GPU 0's memory: a
  // 4-byte copy into pinned host memory first) or, with nullptr, in host_total(); then GPU 0's
  // stream is waited for.
  int read_sum(const int* on_gpu0) {
    cudaStream_t s0 = part(0).stream.get();
    return gs::on_device(0, [&] {
      if (on_gpu0)
        CUDA_CHECK(cudaMemcpyAsync(host_total_.get(), on_gpu0, sizeof(int), cudaMemcpyDeviceToHost, s0));
      CUDA_CHECK(cudaStreamSynchronize(s0));
      return host_total_.read();
    });
  }
  // The same for the total sum_on_two(form) enqueued.
  int read_total(const Form& form) { return read_sum(form.total_to_host ? nullptr : total_->get()); }
  int* host_total() { return host_total_.get(); }

  // Before a timed run, outside its time: every int a sum passes through is overwritten with
  // `poison` (a value other than the expected sum), and both GPUs are idle.
  void poison(int poison) {
    for (int d = 0; d < 2; ++d)
      gs::on_device(d, [&] {
        if (d == 0)
          for (gridlock::DeviceBuffer<int>* b : {received_.get(), total_.get(), &part(0).nccl_result})
            b->upload({poison});
        else
          part(1).nccl_result.upload({poison});
        CUDA_CHECK(cudaDeviceSynchronize());
      });
    *static_cast<volatile int*>(host_total_.get()) = poison;
  }

  // Whether a polling addition gave up (the watchdog fired before GPU 1 raised its flag).
  bool poll_gave_up() {
    return gs::on_device(0, [&] { return words_->download()[2] != 0; });
  }

  // Runs the lesson's form of the two-GPU sum once (its graph captured for this one run) and
  // returns the total as the host reads it.
  int sum(const rf::Config& c) {
    Share<false> s[2];
    shares(s);
    const Form form = lesson_form(route_);
    const SumGraph<false> graph(c, s, crossing(), form);
    graph.launch(part(0).stream.get());
    return read_total(form);
  }

  // GPU 1's partial as GPU 0 received it.
  int received() const { return received_->download_one(); }

  std::vector<unsigned long long> marks(int g) {
    return gs::on_device(g, [&] { return part(g).marks.download(); });
  }

 private:
  Route route_;
  std::array<std::unique_ptr<GpuPart>, 2> parts_;
  std::unique_ptr<gridlock::DeviceBuffer<int>> received_, total_;
  std::unique_ptr<gridlock::DeviceBuffer<unsigned>> words_;  // raised, hand-offs, gave up
  PinnedInt staged_, host_total_;
  std::unique_ptr<gs::Event> arrived_;
};

// The share of the input GPU 0 takes so that both GPUs' kernels take the same time: reduce-fast
// over the same ints (the sweep's share per GPU) on each GPU, each the median of 20 launches (CUDA
// events on that GPU).
// Two GPUs of one model differ a little in memory speed; the slower one would hold the sum back.
struct Balance {
  double gpu0_share = 0.5;
  double ns[2] = {0, 0};  // each GPU's median time over the calibration's ints
  int64_t n = 0;
};

inline Balance balance_shares(const rf::Config& c, const int grid[2], const std::vector<int>& ints) {
  Balance b;
  b.n = int64_t(ints.size());
  for (int d = 0; d < 2; ++d)
    b.ns[d] = gs::on_device(d, [&] {
      const gridlock::DeviceBuffer<int> in(ints);
      rf::Workspace ws(grid[d]);
      return gridlock::time_kernel("calibration", b.n, b.n * int64_t(sizeof(int)), 20,
                                   [&] { rf::launch(c, grid[d], in.get(), int(b.n), ws); })
          .median_ns;
    });
  b.gpu0_share = b.ns[1] / (b.ns[0] + b.ns[1]);  // GPU 0's rate over both rates
  return b;
}

#if GRIDLOCK_HAVE_NCCL
// One NCCL communicator per GPU in this process (ncclCommInitAll over GPUs 0 and 1). NVLink
// SHARP (NVLS) is switched off before NCCL starts: NCCL_NVLS_ENABLE=0 in the process's
// environment, whatever it held before.
class NcclComms {
 public:
  NcclComms() {
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    const int devices[2] = {0, 1};
    const ncclResult_t r = ncclCommInitAll(comms_, 2, devices);
    if (r != ncclSuccess) throw std::runtime_error(std::string("ncclCommInitAll: ") + ncclGetErrorString(r));
    // NCCL enables peer access itself and tolerates cudaErrorPeerAccessAlreadyEnabled (the lesson
    // enabled it first), which may stay behind as the thread's last error: not an error of ours.
    const cudaError_t left = cudaGetLastError();
    if (left != cudaSuccess && left != cudaErrorPeerAccessAlreadyEnabled) CUDA_CHECK(left);
  }
  ~NcclComms() {
    for (ncclComm_t c : comms_) ncclCommDestroy(c);
  }
  NcclComms(const NcclComms&) = delete;
  NcclComms& operator=(const NcclComms&) = delete;
  ncclComm_t* get() { return comms_; }

 private:
  ncclComm_t comms_[2] = {};
};
#endif

}  // namespace rm
