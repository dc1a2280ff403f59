// A host-side watchdog for kernels that spin on other threads: after a time limit it raises a
// flag in mapped host memory; every bounded spin in the kernel polls it and leaves, so a lesson
// whose technique deadlocks still ends and can report who was stuck where.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace gridlock {

class Watchdog {
 public:
  // Arms the watchdog: the flag rises `limit` from now unless disarm() comes first. The
  // environment variable GRIDLOCK_WATCHDOG_MS shortens the limit (watchdog_limit.hpp), so a test
  // can make it fire early.
  explicit Watchdog(std::chrono::milliseconds limit);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // The flag as the kernel sees it (0 = carry on, 1 = leave now).
  const volatile int* device_flag() const { return device_flag_; }
  // Stops the timer; call once the kernel has finished.
  void disarm();
  // Whether the flag was raised, i.e. the kernel was told to give up.
  bool fired() const { return *host_flag_ != 0; }
  // The limit it keeps: the one asked for, or GRIDLOCK_WATCHDOG_MS when that is shorter.
  std::chrono::milliseconds limit() const { return limit_; }

 private:
  std::chrono::milliseconds limit_;
  volatile int* host_flag_ = nullptr;
  const volatile int* device_flag_ = nullptr;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool disarmed_ = false;
  std::thread timer_;
};

}  // namespace gridlock
