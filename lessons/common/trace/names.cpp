// Names of the trace's enums (used in messages and in the JSON form), hashing and lookups.
#include <cstdio>

#include "trace/trace.hpp"

namespace gridlock::trace {

const char* to_string(ElementType v) {
  switch (v) {
    case ElementType::i32: return "i32";
    case ElementType::u32: return "u32";
    case ElementType::f32: return "f32";
  }
  return "?";
}
const char* to_string(MemorySpace v) {
  switch (v) {
    case MemorySpace::global: return "global";
    case MemorySpace::shared: return "shared";
    case MemorySpace::registers: return "registers";
  }
  return "?";
}
const char* to_string(TrackKind v) {
  switch (v) {
    case TrackKind::block: return "block";
    case TrackKind::warp: return "warp";
    case TrackKind::lane: return "lane";
    case TrackKind::stream: return "stream";
    case TrackKind::lock: return "lock";
  }
  return "?";
}
const char* to_string(EventKind v) {
  switch (v) {
    case EventKind::slice_begin: return "slice_begin";
    case EventKind::slice_end: return "slice_end";
    case EventKind::instant: return "instant";
    case EventKind::counter: return "counter";
  }
  return "?";
}
const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::confirmed: return "confirmed";
    case Verdict::contradicted: return "contradicted";
    case Verdict::not_observable: return "not_observable";
  }
  return "?";
}
const char* to_string(ProducerKind v) {
  switch (v) {
    case ProducerKind::gpu: return "gpu";
    case ProducerKind::model: return "model";
  }
  return "?";
}

std::string source_hash(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;   // FNV-1a, 64 bit
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return std::string("fnv1a64:") + hex;
}

int64_t Buffer::element_count() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

double Timing::gbytes_per_s() const {
  return median_ns > 0 ? static_cast<double>(elements) * 4.0 / median_ns : 0.0;
}

const Buffer* Trace::find_buffer(int id) const {
  for (const Buffer& b : buffers)
    if (b.id == id) return &b;
  return nullptr;
}

const Track* Trace::find_track(int id) const {
  for (const Track& t : tracks)
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace gridlock::trace
