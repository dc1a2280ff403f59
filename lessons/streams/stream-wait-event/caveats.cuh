// The documented caveats of streams and events on several devices, each put to the runtime: what
// it returns for a stream or event of another device, the two places a peer copy can be issued,
// and streams and events after cudaDeviceReset.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>
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
// and used, the device is reset, and the old handles are queried. The handles then point at
// destroyed objects, so the driver may answer with an error or the process may crash: the probe
// runs in a process of its own (this program again, with kResetProbeVariable set), which prints
// what it got before and after the reset, a line each, flushed before the next call.
inline constexpr const char* kResetProbeVariable = "GRIDLOCK_S2_RESET_PROBE";

inline int print_reset_probe() {
  cudaStream_t stream = nullptr;
  cudaEvent_t event = nullptr;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreate(&event));
  CUDA_CHECK(cudaEventRecord(event, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::printf("%s %s\n", cudaGetErrorName(cudaStreamQuery(stream)), cudaGetErrorName(cudaEventQuery(event)));
  std::fflush(stdout);
  CUDA_CHECK(cudaDeviceReset());
  const cudaError_t stream_after = cudaStreamQuery(stream);
  std::printf("%s", cudaGetErrorName(stream_after));
  std::fflush(stdout);
  std::printf(" %s\n", cudaGetErrorName(cudaEventQuery(event)));
  return 0;
}

// What the probe process reported: the queries' results before and after the reset (empty where
// it did not get that far), and how it ended.
struct AfterReset {
  std::string stream_before, event_before, stream_after, event_after;
  std::string ending;  // "exit 0", "signal 11 (Segmentation fault)"
  bool ended_normally = false;
};

inline AfterReset probe_reset_in_child() {
  AfterReset r;
  char self[4096] = {};
  if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0)
    throw std::runtime_error("cannot find this program");
  const std::string command =
      "exec env " + std::string(kResetProbeVariable) + "=1 '" + self + "' 2>/dev/null";
  FILE* child = popen(command.c_str(), "r");
  if (!child) throw std::runtime_error("cannot start the reset probe");
  char line[256] = {};
  std::string out;
  while (std::fgets(line, sizeof line, child)) out += line;
  const int status = pclose(child);
  std::istringstream words(out);
  words >> r.stream_before >> r.event_before >> r.stream_after >> r.event_after;
  if (WIFSIGNALED(status)) {
    r.ending = "signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  } else {
    r.ending = "exit " + std::to_string(WEXITSTATUS(status));
    r.ended_normally = WEXITSTATUS(status) == 0;
  }
  return r;
}

}  // namespace s2
