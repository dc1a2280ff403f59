// gridlock-explore: every outcome a lesson's kernel can reach in the model, with a shortest run to
// each, the number of states and whether the search was complete.
//   gridlock-explore KERNEL [--blocks N] [--sms M] [--no-fills] [--no-late-writes]
//                    [--in-order-atomics] [--depth D] [--max-states S] [--witness]
//   exit 0: done and complete; 1: stopped at a bound; 2: a usage error
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "explore/kernels.hpp"

namespace ex = gridlock::explore;

namespace {

constexpr const char* kUsage =
    "usage: %s KERNEL [--blocks N] [--sms M] [--no-fills] [--no-late-writes] [--in-order-atomics] [--depth "
    "D]\n"
    "       [--max-states S] [--witness]\n"
    "  KERNEL: racy-counter, racy-counter-atomic, documented-lock, ordered-lock, documented-guard, "
    "acquire-guard\n"
    "  --blocks N (default 2) blocks on --sms M SMs (default: one each), block b on SM b %% M\n";

int usage(const char* program, const std::string& why) {
  std::fprintf(stderr, "%s: %s\n", program, why.c_str());
  std::fprintf(stderr, kUsage, program);
  return 2;
}

// A whole number in [low, high], or false.
bool number(const char* text, int64_t low, int64_t high, int64_t* out) {
  char* end = nullptr;
  const long long v = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || v < low || v > high) return false;
  *out = v;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string kernel;
  int64_t blocks = 2, sms = 0;
  ex::Bounds bounds;
  bool fills = true, late_writes = true, in_order_atomics = false, witness = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&](int64_t low, int64_t high, int64_t* out) {
      return i + 1 < argc && number(argv[++i], low, high, out);
    };
    int64_t depth = 0;
    if (arg == "--help" || arg == "-h") {
      std::printf(kUsage, argv[0]);
      return 0;
    } else if (arg == "--blocks") {
      if (!value(1, 8, &blocks)) return usage(argv[0], "--blocks takes a whole number from 1 to 8");
    } else if (arg == "--sms") {
      if (!value(1, 8, &sms)) return usage(argv[0], "--sms takes a whole number from 1 to 8");
    } else if (arg == "--depth") {
      if (!value(1, 100000, &depth)) return usage(argv[0], "--depth takes a whole number from 1 to 100000");
      bounds.depth = static_cast<int>(depth);
    } else if (arg == "--max-states") {
      if (!value(1, 50'000'000, &bounds.states))
        return usage(argv[0], "--max-states takes a whole number from 1 to 50000000");
    } else if (arg == "--no-fills") {
      fills = false;
    } else if (arg == "--no-late-writes") {
      late_writes = false;
    } else if (arg == "--in-order-atomics") {
      in_order_atomics = true;
    } else if (arg == "--witness") {
      witness = true;
    } else if (!arg.empty() && arg[0] == '-') {
      return usage(argv[0], "unknown option " + arg);
    } else if (kernel.empty()) {
      kernel = arg;
    } else {
      return usage(argv[0], "one kernel at a time (" + kernel + ", then " + arg + ")");
    }
  }
  if (kernel.empty()) return usage(argv[0], "name a kernel");
  try {
    const ex::ModelKernel k = ex::model_kernel(kernel, static_cast<int>(blocks));
    ex::Placement placement = ex::spread(static_cast<int>(blocks), static_cast<int>(sms > 0 ? sms : blocks));
    placement.fills = fills;
    placement.late_writes = late_writes;
    placement.in_order_atomics = in_order_atomics;
    ex::Explorer explorer(ex::Machine(k.program, placement), k.outcome, bounds);
    while (!explorer.advance(100000)) {
    }
    std::printf("%s (%s): %lld blocks on %d SMs%s%s%s\n", k.name.c_str(), k.summary.c_str(),
                static_cast<long long>(blocks), placement.sms(), fills ? "" : ", no line fills",
                late_writes ? "" : ", no late writes",
                in_order_atomics ? ", atomics after the SM's writes" : "");
    std::printf(
        "states: %lld, deepest run: %d moves, %s\n", static_cast<long long>(explorer.states()),
        explorer.depth(),
        explorer.complete() ? "complete (every reachable state visited)" : explorer.why_stopped().c_str());
    for (const ex::Outcome& o : explorer.outcomes()) {
      std::printf("outcome: %s (%lld final states; shortest run %zu moves)\n", o.label.c_str(),
                  static_cast<long long>(o.ends), o.witness.size());
      if (witness)
        for (const std::string& move : o.witness) std::printf("  %s\n", move.c_str());
    }
    return explorer.complete() ? 0 : 1;
  } catch (const std::exception& e) {
    return usage(argv[0], e.what());
  }
}
