// S2: a producer kernel writes data and its stream records an event; a consumer stream waits for
// that event with cudaStreamWaitEvent before it reads the data (on the producer's GPU, or on
// another GPU after a peer-to-peer copy). The producer is slow on purpose, so that a consumer that
// does not wait reads the data before it is written, and its values show it.
#pragma once

#include "common/record/clock.cuh"
#include "streams/common/span_recorder.cuh"

namespace s2 {

// Contract: launched with any grid and block; data and in hold n ints. Every block first waits
// until `delay_ns` have passed on %globaltimer since it began (the clock always advances, so the
// wait ends), then its threads write data[i] = in[i] + stamp (mod 2^32) in a grid-stride loop.
// The recorder reads no clock of its own before the writes and writes its records after them.
// lesson-begin producer
template <bool Record>
__global__ void produce(int* data, const int* in, size_t n, int stamp, long long delay_ns,
                        gridlock::streams::SpanRecorder<Record> rec) {
  const unsigned long long begun = gridlock::global_time_ns();

  // PHASE 1: wait out the delay
  // The delay makes the producer finish long after the consumer could start, so a consumer not
  // ordered behind the event reads the poison: the ordering shows in values, not in timings.
  while (gridlock::global_time_ns() - begun < static_cast<unsigned long long>(delay_ns)) __nanosleep(1000);

  // PHASE 2: write the data
  // The event recorded behind this kernel completes only once the kernel, these writes included, has
  // finished, so work queued behind cudaStreamWaitEvent on it sees every one of these values.
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
    data[i] = int(unsigned(in[i]) + unsigned(stamp));
  rec.spans(begun);
}
// lesson-end producer

// Contract: launched with any grid and block; out and data hold n ints. out[i] = data[i]: the
// values the consumer read, whenever it read them. It does not wait for anything itself: what
// orders it after the producer is the stream it is launched into.
// lesson-begin consumer
template <bool Record>
__global__ void consume(int* out, const int* data, size_t n, gridlock::streams::SpanRecorder<Record> rec) {
  const unsigned long long begun = rec.now();

  // PHASE 3: read the data
  // Nothing in the kernel waits: only a cudaStreamWaitEvent ahead of it in its stream holds it back
  // until the producer's event. Without one it may run first and copy the poison.
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
    out[i] = data[i];
  rec.spans(begun);
}
// lesson-end consumer

}  // namespace s2
