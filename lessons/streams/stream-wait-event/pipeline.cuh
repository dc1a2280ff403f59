// S2's launches: a producer stream and a consumer stream (on one GPU or two), the event between
// them, one run with or without the wait, what the host did meanwhile, and the consumer's values
// checked on the GPU.
#pragma once

#include <memory>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_input.hpp"
#include "kernels.cuh"
#include "streams/common/clock_map.cuh"
#include "streams/common/handles.hpp"

namespace s2 {

namespace gs = gridlock::streams;

// Where the producer and the consumer run. On two devices the consumer's stream copies the data
// to its own device (cudaMemcpyPeerAsync) and reads the copy.
struct Placement {
  int producer = 0, consumer = 0;
  bool two_devices() const { return producer != consumer; }
};

// The host's steady_clock around each call of one run, and what cudaEventQuery(done) said right
// after the calls had returned.
enum HostMark : int {
  kBeforeProduce,
  kAfterProduce,
  kAfterRecord,
  kAfterWait,
  kAfterConsume,
  kAfterQuery,
  kAfterSync,
  kHostMarks
};
struct HostMarks {
  int64_t t[kHostMarks] = {};
  cudaError_t query = cudaSuccess;
};

template <typename T>
std::unique_ptr<gridlock::DeviceBuffer<T>> buffer_on(int device, const std::vector<T>& host) {
  return gs::on_device(device, [&] { return std::make_unique<gridlock::DeviceBuffer<T>>(host); });
}

// Counts the elements of out that are not in + stamp, and those that hold the poison (read
// before the producer wrote them). A check of the lesson's result, not part of the technique.
__global__ void count_stale(const int* out, const int* in, size_t n, int stamp, int poison,
                            unsigned long long* counts) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
    if (out[i] != int(unsigned(in[i]) + unsigned(stamp))) {
      atomicAdd(&counts[0], 1ULL);
      if (out[i] == poison) atomicAdd(&counts[1], 1ULL);
    }
}

struct Stale {
  long long wrong = 0, poisoned = 0;
};

class Pipeline {
 public:
  static constexpr int kPoison = int(0xA5A5A5A5u);  // DeviceBuffer::poison()'s bytes

  Pipeline(Placement p, size_t n, int block, int grid, long long delay_ns, uint64_t seed)
      : place_(p),
        n_(n),
        block_(block),
        grid_(grid),
        delay_ns_(delay_ns),
        input_(gridlock::random_ints(int64_t(n), seed)) {
    const std::vector<int> zeros(n, 0);
    in_ = buffer_on(p.producer, input_);
    data_ = buffer_on(p.producer, zeros);
    in_at_consumer_ = buffer_on(p.consumer, input_);
    out_ = buffer_on(p.consumer, zeros);
    if (p.two_devices()) copy_ = buffer_on(p.consumer, zeros);
    producer_ = gs::on_device(p.producer, [] { return std::make_unique<gs::Stream>(); });
    consumer_ = gs::on_device(p.consumer, [] { return std::make_unique<gs::Stream>(); });
    done_ = gs::on_device(p.producer, [] { return std::make_unique<gs::Event>(cudaEventDisableTiming); });
  }

  const Placement& placement() const { return place_; }
  size_t n() const { return n_; }
  int block() const { return block_; }
  int grid() const { return grid_; }
  const std::vector<int>& input() const { return input_; }
  cudaStream_t producer_stream() const { return producer_->get(); }
  cudaStream_t consumer_stream() const { return consumer_->get(); }
  cudaEvent_t done() const { return done_->get(); }
  int* data() const { return data_->get(); }
  // What the consumer reads: the data, or its copy on the consumer's device.
  const int* consumer_input() const { return copy_ ? copy_->get() : data_->get(); }
  int* copy() const { return copy_ ? copy_->get() : nullptr; }
  int* out() const { return out_->get(); }

  // One run: poisons data, copy and out and waits for both devices; then launches the producer,
  // records `done` in its stream, makes the consumer stream wait for it (if `wait`), copies the
  // data to the consumer's device (two devices; between the two writes of `copy_marks` when
  // given), launches the consumer, asks whether `done` has happened, and waits for the consumer.
  template <bool Record>
  HostMarks run(bool wait, int stamp, gs::SpanRecorder<Record> produced = {},
                gs::SpanRecorder<Record> consumed = {}, unsigned long long* copy_marks = nullptr) {
    poison_all();
    HostMarks m;
    gs::on_device(place_.producer, [&] {
      m.t[kBeforeProduce] = gs::host_now_ns();
      produce<Record>
          <<<grid_, block_, 0, producer_stream()>>>(data(), in_->get(), n_, stamp, delay_ns_, produced);
      m.t[kAfterProduce] = gs::host_now_ns();
      CUDA_CHECK(cudaEventRecord(done(), producer_stream()));
      m.t[kAfterRecord] = gs::host_now_ns();
    });
    gs::on_device(place_.consumer, [&] {
      // lesson-begin wait
      if (wait) CUDA_CHECK(cudaStreamWaitEvent(consumer_stream(), done(), 0));
      // lesson-end wait
      m.t[kAfterWait] = gs::host_now_ns();
      if (place_.two_devices()) {
        if (copy_marks) gs::write_time<<<1, 1, 0, consumer_stream()>>>(copy_marks);
        CUDA_CHECK(cudaMemcpyPeerAsync(copy(), place_.consumer, data(), place_.producer, n_ * sizeof(int),
                                       consumer_stream()));
        if (copy_marks) gs::write_time<<<1, 1, 0, consumer_stream()>>>(copy_marks + 1);
      }
      consume<Record><<<grid_, block_, 0, consumer_stream()>>>(out(), consumer_input(), n_, consumed);
      CUDA_CHECK(cudaGetLastError());
      m.t[kAfterConsume] = gs::host_now_ns();
      m.query = cudaEventQuery(done());
      m.t[kAfterQuery] = gs::host_now_ns();
      CUDA_CHECK(cudaStreamSynchronize(consumer_stream()));
      m.t[kAfterSync] = gs::host_now_ns();
    });
    gs::on_device(place_.producer, [] { CUDA_CHECK(cudaDeviceSynchronize()); });
    return m;
  }

  // What the consumer wrote against in + stamp, counted on its device.
  Stale stale(int stamp) const { return count(out(), stamp); }
  // The same for the copy on the consumer's device (two devices).
  Stale stale_copy(int stamp) const { return count(copy(), stamp); }

  // The first `count` values the consumer wrote.
  std::vector<int> out_sample(size_t count) const {
    std::vector<int> v(count);
    gs::on_device(place_.consumer, [&] {
      CUDA_CHECK(cudaMemcpy(v.data(), out(), count * sizeof(int), cudaMemcpyDeviceToHost));
    });
    return v;
  }

 private:
  void poison_all() {
    gs::on_device(place_.producer, [&] {
      data_->poison();
      CUDA_CHECK(cudaDeviceSynchronize());
    });
    gs::on_device(place_.consumer, [&] {
      out_->poison();
      if (copy_) copy_->poison();
      CUDA_CHECK(cudaDeviceSynchronize());
    });
  }

  Stale count(const int* out, int stamp) const {
    return gs::on_device(place_.consumer, [&] {
      gridlock::DeviceBuffer<unsigned long long> counts(std::vector<unsigned long long>{0, 0});
      count_stale<<<264, 256>>>(out, in_at_consumer_->get(), n_, stamp, kPoison, counts.get());
      CUDA_CHECK_LAUNCH();
      const std::vector<unsigned long long> c = counts.download();
      return Stale{static_cast<long long>(c[0]), static_cast<long long>(c[1])};
    });
  }

  Placement place_;
  size_t n_;
  int block_, grid_;
  long long delay_ns_;
  std::vector<int> input_;
  std::unique_ptr<gridlock::DeviceBuffer<int>> in_, data_, in_at_consumer_, out_, copy_;
  std::unique_ptr<gs::Stream> producer_, consumer_;
  std::unique_ptr<gs::Event> done_;
};

}  // namespace s2
