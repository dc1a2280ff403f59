// The registry of temporary files and the signal handler that removes them. The handler only
// reads the registry and calls unlink, signal and raise, which are async-signal-safe.
#include "trace/temporary_file.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>

namespace gridlock::trace {
namespace {

constexpr int kSlots = 16;           // files being written at once, across threads
constexpr size_t kPathBytes = 4096;  // PATH_MAX; a longer path is not registered
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

enum SlotState : int { kFree, kFilling, kActive };

struct Slot {
  std::atomic<int> state{kFree};
  char path[kPathBytes];
};

Slot registry[kSlots];

extern "C" void remove_temporaries_and_reraise(int signal) {
  for (Slot& slot : registry)
    if (slot.state.load() == kActive) ::unlink(slot.path);
  std::signal(signal, SIG_DFL);  // SA_RESETHAND did so already; stay safe if it did not
  std::raise(signal);            // delivered, with its default action, once the handler returns
}

// Our handler, for each signal whose action is still the default one.
void install_handlers() {
  for (int signal : kSignals) {
    struct sigaction current {};
    if (::sigaction(signal, nullptr, &current) != 0) continue;
    if ((current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL) continue;
    struct sigaction ours {};
    ours.sa_handler = remove_temporaries_and_reraise;
    sigfillset(&ours.sa_mask);
    ours.sa_flags = SA_RESETHAND;
    ::sigaction(signal, &ours, nullptr);
  }
}

}  // namespace

TemporaryFile::TemporaryFile(std::string path) : path_(std::move(path)) {
  static std::once_flag installed;
  std::call_once(installed, install_handlers);
  std::error_code error;
  const std::string absolute = std::filesystem::absolute(path_, error).string();  // the cwd may change
  if (error || absolute.size() >= kPathBytes) return;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!registry[i].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(registry[i].path, absolute.c_str(), absolute.size() + 1);
    registry[i].state.store(kActive);
    slot_ = i;
    return;
  }
}

void TemporaryFile::release() {
  if (slot_ < 0) return;
  registry[slot_].state.store(kFree);
  slot_ = -1;
}

}  // namespace gridlock::trace
