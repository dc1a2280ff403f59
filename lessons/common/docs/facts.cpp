// Facts a README quotes inline: the trace's own facts and the built-ins every trace has.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "docs/problem.hpp"
#include "docs/trace_text.hpp"

namespace gridlock::docs {
namespace {

constexpr std::string_view kParameterPrefix = "parameter.";

const trace::Device& first_device(const trace::Trace& trace) {
  const trace::Device* device = trace.first_device();
  if (!device) throw DocsError("the trace names no device (it was produced by " + trace.producer.model + ")");
  return *device;
}

// 13000 -> "13.0", 12080 -> "12.8".
std::string cuda_version(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string device_summary(const trace::Device& d) {
  std::string out = d.name + ", compute capability " + std::to_string(d.cc_major) + "." +
                    std::to_string(d.cc_minor) + ", " + std::to_string(d.sm_count) + " SMs, CUDA " +
                    cuda_version(d.runtime_version);
  if (d.driver_version != d.runtime_version) out += " (driver " + cuda_version(d.driver_version) + ")";
  return out;
}

// Every device the run used: "NVIDIA H100 80GB HBM3", "two NVIDIA H100 80GB HBM3 GPUs",
// "NVIDIA H100 80GB HBM3 and NVIDIA H200".
std::string devices(const trace::Trace& trace) {
  const std::vector<trace::Device>& d = trace.producer.devices;
  if (d.empty()) throw DocsError("the trace names no device");
  bool alike = true;
  for (const trace::Device& each : d) alike = alike && each.name == d.front().name;
  if (d.size() == 2 && alike) return "two " + d.front().name + " GPUs";
  std::string out;
  for (size_t k = 0; k < d.size(); ++k) out += (k == 0 ? "" : k + 1 == d.size() ? " and " : ", ") + d[k].name;
  return out;
}

std::string number(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 9007199254740992.0)
    return std::to_string(static_cast<int64_t>(value));
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

template <typename Map>
std::string keys_of(const Map& map) {
  std::string out;
  for (const auto& item : map) out += (out.empty() ? "" : ", ") + item.first;
  return out.empty() ? "the trace has none" : "the trace has " + out;
}

std::string parameter(const trace::Trace& trace, const std::string& name) {
  const auto found = trace.parameters.find(name);
  if (found != trace.parameters.end()) return number(found->second);
  throw DocsError("no parameter \"" + name + "\" (" + keys_of(trace.parameters) + ")");
}

std::string clock_resolution(const trace::Trace& trace) {
  if (trace.clock.resolution_ns <= 0) throw DocsError("the trace's clock does not state its resolution");
  return std::to_string(trace.clock.resolution_ns);
}

std::string recorded_date(const trace::Trace& trace) {
  const std::string date = trace.producer.recorded_at.substr(0, trace.producer.recorded_at.find('T'));
  if (date.empty()) throw DocsError("the trace does not say when it was recorded");
  return date;
}

std::string lookup(const trace::Trace& trace, const std::string& key) {
  if (key == "device") return first_device(trace).name;
  if (key == "device.summary") return device_summary(first_device(trace));
  if (key == "devices") return devices(trace);
  if (key == "recorded_at") return recorded_date(trace);
  if (key == "clock.resolution_ns") return clock_resolution(trace);
  if (key.compare(0, kParameterPrefix.size(), kParameterPrefix) == 0)
    return parameter(trace, key.substr(kParameterPrefix.size()));
  const auto found = trace.facts.find(key);
  if (found != trace.facts.end()) return found->second;
  throw DocsError("unknown fact \"" + key +
                  "\": not a built-in (device, device.summary, devices, recorded_at, parameter.NAME, "
                  "clock.resolution_ns) nor a fact of the trace (" +
                  keys_of(trace.facts) + ")");
}

}  // namespace

std::string fact_text(const trace::Trace& trace, const std::string& key) {
  std::string text = lookup(trace, key);
  if (text.find_first_of("\r\n") != std::string::npos || text.find("<!--") != std::string::npos)
    throw DocsError("fact \"" + key + "\" holds a line break or \"<!--\" and cannot be written inline");
  return text;
}

}  // namespace gridlock::docs
