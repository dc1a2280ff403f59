// Names of the trace's enums (from enum_names.hpp), hashing and lookups.
#include <cstdio>

#include "trace/enum_names.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {

const char* to_string(ElementType v) { return enum_name(v); }
const char* to_string(MemorySpace v) { return enum_name(v); }
const char* to_string(TrackKind v) { return enum_name(v); }
const char* to_string(EventKind v) { return enum_name(v); }
const char* to_string(Category v) { return enum_name(v); }
const char* to_string(Verdict v) { return enum_name(v); }
const char* to_string(ProducerKind v) { return enum_name(v); }
const char* to_string(TimeUnit v) { return enum_name(v); }
const char* to_string(Operator v) { return enum_name(v); }
const char* to_string(SourceRole v) { return enum_name(v); }
const char* to_string(ValueBase v) { return enum_name(v); }
const char* to_string(FactKind v) { return enum_name(v); }
const char* to_string(FactUnit v) { return enum_name(v); }

std::string source_hash(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a, 64 bit
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

int64_t Buffer::item_size() const {
  int64_t n = 1;
  for (size_t i = 1; i < shape.size(); ++i) n *= shape[i];
  return n;
}

double Timing::gbytes_per_s() const { return median_ns > 0 ? static_cast<double>(bytes) / median_ns : 0.0; }

namespace {

// The element with `id`: at index id where ids are declared in order from 0 (as the writers
// declare them; a trace of thousands of tracks is searched per event), else found by a scan.
template <typename T>
const T* find_by_id(const std::vector<T>& items, int id) {
  if (id >= 0 && static_cast<std::size_t>(id) < items.size() && items[static_cast<std::size_t>(id)].id == id)
    return &items[static_cast<std::size_t>(id)];
  for (const T& item : items)
    if (item.id == id) return &item;
  return nullptr;
}

}  // namespace

const Buffer* Trace::find_buffer(int id) const { return find_by_id(buffers, id); }

const Track* Trace::find_track(int id) const { return find_by_id(tracks, id); }

const Launch* Trace::find_launch(int id) const { return find_by_id(launches, id); }

const Device* Trace::first_device() const {
  return producer.devices.empty() ? nullptr : &producer.devices.front();
}

}  // namespace gridlock::trace
