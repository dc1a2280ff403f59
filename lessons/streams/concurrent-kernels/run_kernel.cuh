// S1's launches: the eight kernels serially in one stream or one per stream, with a check-out as
// printed, with the printed mask on the check-in's record, or corrected; what the record says
// afterwards; the outputs checked on the GPU; and the batch timed with CUDA events.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "check_out.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_input.hpp"
#include "kernels.cuh"
#include "streams/common/handles.hpp"
#include "streams/common/span_recording.hpp"

namespace s1 {

// The device addresses of the two records, from cudaGetSymbolAddress.
struct Records {
  KernelConcurrencyData* kernel_data = nullptr;
  KernelConcurrencyData* tokenizer_data = nullptr;
  static Records from_symbols() {
    Records r;
    // lesson-begin symbols
    CUDA_CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&r.kernel_data), g_kernel_data));
    CUDA_CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&r.tokenizer_data), g_tokenizer_data));
    // lesson-end symbols
    return r;
  }
  KernelConcurrencyData* checkout(CheckOut c) const {
    return c == CheckOut::documented ? tokenizer_data : kernel_data;
  }
};

// What the check-in's record holds after the eight kernels: what the lesson prints as the
// documented program does ("Up to N kernels were active").
struct Report {
  KernelConcurrencyData record{};
  int count_max() const { return record.count_max; }
  std::string masks() const { return hex_list(record.masks, kMaxStreams); }  // "0x1 0x3 0x7 ..."
  std::string counts() const { return number_list(record.counts, kMaxStreams); }
};

// The eight kernels' input and output, their increments, and the streams.
class Workload {
 public:
  Workload(size_t n, int block, int cycles, uint64_t seed);

  size_t n() const { return n_; }
  int block() const { return block_; }
  int cycles() const { return cycles_; }
  const std::vector<int>& input() const { return input_; }
  int increment(int kid) const { return increments_[size_t(kid)]; }
  // What `cycles` additions of kernel kid's increment come to, modulo 2^32.
  int added(int kid) const { return int(unsigned(cycles_) * unsigned(increments_[size_t(kid)])); }
  const int* in(int kid) const { return in_.get() + size_t(kid) * n_; }
  int* out(int kid) const { return out_.get() + size_t(kid) * n_; }
  cudaStream_t stream(int k) const { return streams_[size_t(k)]->get(); }

  // Launches the eight kernels with `grid` blocks each, kernel kid into stream kid (concurrent)
  // or all into stream 0, after zeroing both records. Returns without waiting.
  // Recording launches pass one recorder per kernel.
  template <bool Record>
  void launch(int grid, CheckOut c, bool concurrent, const Records& r,
              const std::vector<gridlock::streams::SpanRecorder<Record>>& recorders = {});
  // Elements of the outputs that are not in + cycles * increment, counted on the GPU.
  long long wrong_outputs() const;

 private:
  size_t n_;
  int block_, cycles_;
  std::vector<int> input_, increments_;
  gridlock::DeviceBuffer<int> in_, out_;
  std::vector<std::unique_ptr<gridlock::streams::Stream>> streams_;
};

inline Workload::Workload(size_t n, int block, int cycles, uint64_t seed)
    : n_(n),
      block_(block),
      cycles_(cycles),
      input_(gridlock::random_ints(int64_t(n) * kMaxStreams, seed)),
      increments_(gridlock::random_ints(kMaxStreams, seed ^ 0x5eedULL)),
      in_(input_),
      out_(input_.size()) {
  for (int k = 0; k < kMaxStreams; ++k) streams_.push_back(std::make_unique<gridlock::streams::Stream>());
}

template <bool Record>
void Workload::launch(int grid, CheckOut c, bool concurrent, const Records& r,
                      const std::vector<gridlock::streams::SpanRecorder<Record>>& recorders) {
  CUDA_CHECK(cudaMemset(r.kernel_data, 0, sizeof(KernelConcurrencyData)));
  CUDA_CHECK(cudaMemset(r.tokenizer_data, 0, sizeof(KernelConcurrencyData)));
  out_.poison();
  CUDA_CHECK(cudaDeviceSynchronize());
  // lesson-begin launch
  for (int kid = 0; kid < kMaxStreams; ++kid) {
    const gridlock::streams::SpanRecorder<Record> rec =
        recorders.empty() ? gridlock::streams::SpanRecorder<Record>{} : recorders[size_t(kid)];
    const cudaStream_t s = stream(concurrent ? kid : 0);
    if (c == CheckOut::corrected)
      add_kernel<false, Record><<<grid, block_, 0, s>>>(out(kid), in(kid), n_, increment(kid), cycles_, kid,
                                                        r.kernel_data, r.checkout(c), rec);
    else
      add_kernel<true, Record><<<grid, block_, 0, s>>>(out(kid), in(kid), n_, increment(kid), cycles_, kid,
                                                       r.kernel_data, r.checkout(c), rec);
  }
  // lesson-end launch
  CUDA_CHECK(cudaGetLastError());
}

// Counts the elements of out that are not in + added (a check of the lesson's result, not part of
// the technique).
__global__ void count_wrong(const int* out, const int* in, size_t n, int added, unsigned long long* wrong) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
    if (out[i] != int(unsigned(in[i]) + unsigned(added))) atomicAdd(wrong, 1ULL);
}

inline long long Workload::wrong_outputs() const {
  gridlock::DeviceBuffer<unsigned long long> wrong(std::vector<unsigned long long>{0});
  for (int kid = 0; kid < kMaxStreams; ++kid)
    count_wrong<<<264, 256>>>(out(kid), in(kid), n_, added(kid), wrong.get());
  CUDA_CHECK_LAUNCH();
  return static_cast<long long>(wrong.download_one());
}

// One run: launch, wait, and read the check-in's record.
inline Report run_once(Workload& w, int grid, CheckOut c, bool concurrent, const Records& r) {
  w.launch<false>(grid, c, concurrent, r);
  CUDA_CHECK(cudaDeviceSynchronize());
  Report report;
  CUDA_CHECK(cudaMemcpy(&report.record, r.kernel_data, sizeof report.record, cudaMemcpyDeviceToHost));
  return report;
}

// The eight kernels' wall time in ms, by CUDA events: serially in stream 0, or forked from stream
// 0 into the eight streams and joined back (each stream waits for the start event, stream 0 for
// each stream's end event).
inline float time_batch_ms(Workload& w, int grid, bool concurrent, const Records& r) {
  gridlock::streams::Event start, stop;
  std::vector<std::unique_ptr<gridlock::streams::Event>> done;
  CUDA_CHECK(cudaEventRecord(start.get(), w.stream(0)));
  for (int k = 1; concurrent && k < kMaxStreams; ++k)
    CUDA_CHECK(cudaStreamWaitEvent(w.stream(k), start.get()));
  for (int kid = 0; kid < kMaxStreams; ++kid)
    add_kernel<false, false><<<grid, w.block(), 0, w.stream(concurrent ? kid : 0)>>>(
        w.out(kid), w.in(kid), w.n(), w.increment(kid), w.cycles(), kid, r.kernel_data, r.kernel_data, {});
  CUDA_CHECK(cudaGetLastError());
  for (int k = 1; concurrent && k < kMaxStreams; ++k) {
    done.push_back(std::make_unique<gridlock::streams::Event>(cudaEventDisableTiming));
    CUDA_CHECK(cudaEventRecord(done.back()->get(), w.stream(k)));
    CUDA_CHECK(cudaStreamWaitEvent(w.stream(0), done.back()->get()));
  }
  CUDA_CHECK(cudaEventRecord(stop.get(), w.stream(0)));
  CUDA_CHECK(cudaEventSynchronize(stop.get()));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  return ms;
}

}  // namespace s1
