// Model runs from words, and explored to the end.
#include "explore/model_run.hpp"

#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace gridlock::explore {
namespace {

int64_t whole_number(const std::string& option, const std::string& text, int64_t low, int64_t high) {
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v < low || v > high)
    throw std::invalid_argument(option + " takes a whole number from " + std::to_string(low) + " to " +
                                std::to_string(high));
  return v;
}

}  // namespace

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

Placement ModelRun::placement() const {
  Placement p = spread(blocks, sms > 0 ? sms : blocks);
  p.fills = fills;
  p.late_writes = late_writes;
  p.in_order_atomics = in_order_atomics;
  p.lockstep = lockstep;
  p.fall_through_first = fall_through_first;
  return p;
}

std::string ModelRun::where() const {
  const int on = placement().sms();
  const int threads = model_kernel(kernel, blocks, lanes).lanes;
  // One thread a block: its scheduling cannot matter.
  if (threads == 1)
    return std::to_string(blocks) + (blocks == 1 ? " block on " : " blocks on ") + std::to_string(on) +
           (on == 1 ? " SM" : " SMs");
  return std::to_string(blocks) + (blocks == 1 ? " block of " : " blocks of ") + std::to_string(threads) +
         " threads on " + std::to_string(on) + (on == 1 ? " SM" : " SMs") +
         (!lockstep            ? ", threads scheduled independently"
          : fall_through_first ? ", warps in lockstep, the path that falls through first"
                               : ", warps in lockstep");
}

std::string ModelRun::rules() const {
  std::string out;
  const auto add = [&](const char* rule) { out += (out.empty() ? "" : "; ") + std::string(rule); };
  if (!fills) add("lines filled by loads only");
  if (!late_writes) add("stores land at once");
  if (in_order_atomics) add("atomics after the SM's writes");
  return out;
}

ModelRun parse_model_run(const std::vector<std::string>& words) {
  ModelRun run;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    const auto value = [&]() -> const std::string& {
      if (i + 1 == words.size()) throw std::invalid_argument(w + " needs a value");
      return words[++i];
    };
    if (w == "--blocks") {
      run.blocks = static_cast<int>(whole_number(w, value(), 1, 8));
    } else if (w == "--sms") {
      run.sms = static_cast<int>(whole_number(w, value(), 1, 8));
    } else if (w == "--lanes") {
      run.lanes = static_cast<int>(whole_number(w, value(), 1, 8));
    } else if (w == "--lockstep") {
      run.lockstep = true;
    } else if (w == "--fall-through-first") {
      run.fall_through_first = true;
    } else if (w == "--depth") {
      run.bounds.depth = static_cast<int>(whole_number(w, value(), 1, 100000));
    } else if (w == "--max-states") {
      run.bounds.states = whole_number(w, value(), 1, 50'000'000);
    } else if (w == "--no-fills") {
      run.fills = false;
    } else if (w == "--no-late-writes") {
      run.late_writes = false;
    } else if (w == "--in-order-atomics") {
      run.in_order_atomics = true;
    } else if (w == "--witness") {
      run.witness = true;
    } else if (!w.empty() && w[0] == '-') {
      throw std::invalid_argument("unknown option " + w);
    } else if (run.kernel.empty()) {
      run.kernel = w;
    } else {
      throw std::invalid_argument("one kernel at a time (" + run.kernel + ", then " + w + ")");
    }
  }
  if (run.kernel.empty()) throw std::invalid_argument("name a kernel");
  if (run.fall_through_first && !run.lockstep)
    throw std::invalid_argument("--fall-through-first orders a lockstep warp's paths: it needs --lockstep");
  model_kernel(run.kernel, run.blocks, run.lanes);  // throws for a kernel or lanes the model does not have
  return run;
}

Explorer explore_to_end(const ModelRun& run) {
  const ModelKernel k = model_kernel(run.kernel, run.blocks, run.lanes);
  Explorer explorer(Machine(k.program, run.placement()), k.outcome, run.bounds);
  while (!explorer.advance(100000)) {
  }
  return explorer;
}

}  // namespace gridlock::explore
