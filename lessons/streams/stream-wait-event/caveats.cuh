// The documented caveats of streams and events on several devices, each put to the runtime: what
// it returns for a stream or event of another device, the two places a peer copy can be issued,
// and streams and events after cudaDeviceReset.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "pipeline.cuh"

namespace s2 {

inline std::string result(cudaError_t e) { return cudaGetErrorName(e); }

// What the runtime answers, with the consumer's device current, to a launch into the producer's
// stream, to recording the consumer device's event in the producer's stream, and to recording
// the producer's own event there; and to cudaStreamWaitEvent on the consumer's stream with
// either device current.
struct DeviceRules {
  cudaError_t launch_other = cudaSuccess, record_other_event = cudaSuccess, record_own_event = cudaSuccess;
  cudaError_t wait_from_consumer = cudaSuccess, wait_from_producer = cudaSuccess;
};

inline DeviceRules probe_device_rules(const Pipeline& p) {
  DeviceRules r;
  const Placement& place = p.placement();
  gs::on_device(place.consumer, [&] {
    gs::Event consumer_event(cudaEventDisableTiming);
    consume<false><<<1, 32, 0, p.producer_stream()>>>(p.data(), p.data(), 0, {});
    r.launch_other = cudaGetLastError();
    r.record_other_event = cudaEventRecord(consumer_event.get(), p.producer_stream());
    cudaGetLastError();
    r.record_own_event = cudaEventRecord(p.done(), p.producer_stream());
    cudaGetLastError();
    r.wait_from_consumer = cudaStreamWaitEvent(p.consumer_stream(), p.done(), 0);
    cudaGetLastError();
  });
  gs::on_device(place.producer, [&] {
    r.wait_from_producer = cudaStreamWaitEvent(p.consumer_stream(), p.done(), 0);
    cudaGetLastError();
  });
  for (int d : {place.producer, place.consumer})
    gs::on_device(d, [] { CUDA_CHECK(cudaDeviceSynchronize()); });
  return r;
}

// The median time of the peer copy issued into a stream of `device` (CUDA events of that device).
inline double copy_us(const Pipeline& p, int device, int repetitions) {
  const Placement& place = p.placement();
  const cudaStream_t s = device == place.producer ? p.producer_stream() : p.consumer_stream();
  return gs::on_device(device, [&] {
    gs::Event start, stop;
    std::vector<double> us;
    for (int k = 0; k < repetitions; ++k) {
      CUDA_CHECK(cudaEventRecord(start.get(), s));
      CUDA_CHECK(
          cudaMemcpyPeerAsync(p.copy(), place.consumer, p.data(), place.producer, p.n() * sizeof(int), s));
      CUDA_CHECK(cudaEventRecord(stop.get(), s));
      CUDA_CHECK(cudaEventSynchronize(stop.get()));
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
      us.push_back(ms * 1e3);
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
  });
}

// Streams and events after cudaDeviceReset: a stream and an event of the current device are made
// and used, the device is reset, and the old handles are queried. Call last: the reset destroys
// every allocation, stream and event of the device.
struct AfterReset {
  cudaError_t stream_before = cudaSuccess, event_before = cudaSuccess, stream_after = cudaSuccess,
              event_after = cudaSuccess;
};

inline AfterReset probe_reset() {
  AfterReset r;
  cudaStream_t stream = nullptr;
  cudaEvent_t event = nullptr;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreate(&event));
  CUDA_CHECK(cudaEventRecord(event, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  r.stream_before = cudaStreamQuery(stream);
  r.event_before = cudaEventQuery(event);
  CUDA_CHECK(cudaDeviceReset());
  r.stream_after = cudaStreamQuery(stream);
  r.event_after = cudaEventQuery(event);
  cudaGetLastError();
  return r;
}

}  // namespace s2
