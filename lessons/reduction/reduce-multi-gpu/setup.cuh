// RM's buffers and handles: for each GPU its half of the input, reduce-fast's workspace, a stream
// and the recording's marks; on GPU 0 the received partial and the total; the pinned staging int
// and GPU 1's event; and, where NCCL was found, a communicator per GPU and an int for its result.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
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

// Pinned host memory for one int, freed on destruction.
class PinnedInt {
 public:
  PinnedInt() { CUDA_CHECK(cudaMallocHost(&p_, sizeof(int))); }
  ~PinnedInt() { cudaFreeHost(p_); }
  PinnedInt(const PinnedInt&) = delete;
  PinnedInt& operator=(const PinnedInt&) = delete;
  int* get() const { return p_; }

 private:
  int* p_ = nullptr;
};

class TwoGpus {
 public:
  // GPU 0 holds input[0, n/2), GPU 1 the rest.
  TwoGpus(const std::vector<int>& input, int grid0, int grid1, Route route) : route_(route) {
    const int* mid = input.data() + input.size() / 2;
    parts_[0] = gs::on_device(0, [&] { return std::make_unique<GpuPart>(0, input.data(), mid, grid0); });
    parts_[1] = gs::on_device(
        1, [&] { return std::make_unique<GpuPart>(1, mid, input.data() + input.size(), grid1); });
    gs::on_device(0, [&] {
      received_ = std::make_unique<gridlock::DeviceBuffer<int>>(std::vector<int>{0});
      total_ = std::make_unique<gridlock::DeviceBuffer<int>>(std::vector<int>{0});
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

  Crossing crossing() { return {route_, received_->get(), staged_.get(), arrived_->get(), total_->get()}; }

  // Runs the event-and-copy sum and waits for it; returns the total.
  int sum(const rf::Config& c) {
    Share<false> s[2];
    shares(s);
    sum_on_two<false>(c, s, crossing());
    return wait_for_total();
  }

  int wait_for_total() {
    gs::on_device(0, [&] { CUDA_CHECK(cudaStreamSynchronize(part(0).stream.get())); });
    CUDA_CHECK_LAUNCH();
    return gs::on_device(0, [&] { return total_->download_one(); });
  }

  std::vector<unsigned long long> marks(int g) {
    return gs::on_device(g, [&] { return part(g).marks.download(); });
  }

 private:
  Route route_;
  std::array<std::unique_ptr<GpuPart>, 2> parts_;
  std::unique_ptr<gridlock::DeviceBuffer<int>> received_, total_;
  PinnedInt staged_;
  std::unique_ptr<gs::Event> arrived_;
};

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
