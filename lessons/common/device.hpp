// Finding a usable GPU and describing it for the trace.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "trace/trace.hpp"

namespace gridlock {

// The current device's description, or std::nullopt with *why set when no device is usable
// (no driver, no GPU, or a driver too old for this runtime).
std::optional<trace::Device> open_device(std::string* why);

// Device `id`'s description, or std::nullopt with *why set.
std::optional<trace::Device> describe_device(int id, std::string* why);

// The device memory free now (cudaMemGetInfo), or std::nullopt with *why set.
std::optional<int64_t> free_device_memory(std::string* why);

}  // namespace gridlock
