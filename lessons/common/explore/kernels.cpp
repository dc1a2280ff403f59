// The model programs. Each is what thread 0 of one block runs, in the order the real kernel runs
// it; registers are the kernel's own variables.
#include "explore/kernels.hpp"

#include <algorithm>
#include <stdexcept>

#include "explore/kernel_parts.hpp"

namespace gridlock::explore {
namespace parts {

OutcomeOf count_outcome(int word) {
  return [word](const Machine& m, const State& s) {
    const int32_t count = m.memory(s, m.element_of(word, 0));
    const int lost = m.placement().blocks() - count;
    return "count = " + std::to_string(count) +
           (lost == 0 ? ": exact"
                      : ": " + std::to_string(lost) + (lost == 1 ? " update lost" : " updates lost"));
  };
}

}  // namespace parts

namespace {

using namespace parts;

ModelKernel racy_counter(bool atomic) {
  // Registers: seen, next. Words: count.
  Program p{atomic ? "racy-counter-atomic" : "racy-counter", {"seen", "next"}, -1, {{"count", 1, 0}}, {}};
  if (atomic) {
    p.code = {with(on(at(Op::atomic_add, kRacy, 40, "const int seen = atomicAdd(count, 1);"), 0), 0, -1, 1),
              exit_at(kRacy, 43)};
  } else {
    p.code = {with(on(at(Op::load, kRacy, 24, "const int seen = *count;"), 0), 0),
              with(at(Op::add, kRacy, 25, "*count = seen + 1;"), 1, 0, 1),
              on(with(at(Op::store, kRacy, 25, "*count = seen + 1;"), -1, 1), 0), exit_at(kRacy, 28)};
  }
  return {p.name,
          "racy-counter",
          atomic ? "thread 0 of each block adds one with atomicAdd"
                 : "thread 0 of each block adds one with a plain load and store",
          p,
          count_outcome(0),
          "locks/racy-counter/kernels.cuh",
          atomic ? "l1::count_blocks_with_atomic<false>" : "l1::count_blocks_without_lock<false>"};
}

ModelKernel lock_counter(bool ordered) {
  // Registers: old, seen, next. Words: the lock's state, count.
  Program p{ordered ? "ordered-lock" : "documented-lock",
            {"old", "seen", "next"},
            -1,
            {{"state", 1, 0}, {"count", 1, 0}},
            {}};
  Instruction cas = ordered ? at(Op::atomic_cas, kLocks, 49,
                                 "compare_exchange_strong(expected, 1, cuda::memory_order_acquire")
                            : at(Op::atomic_cas, kLocks, 29, "atomicCAS(state, 0, 1) == 0");
  cas = with(on(cas, 0), 0, -1, 0);
  cas.imm2 = 1;
  cas.order = ordered ? Order::acquire : Order::relaxed;
  Instruction spin = with(at(Op::branch_if, kLocks, ordered ? 54 : 32, "while (!try_lock())"), -1, 0, 0);
  spin.compare = Compare::not_equal;
  spin.target = 0;
  Instruction unlock = ordered
                           ? at(Op::atomic_exch, kLocks, 58, "word().store(0, cuda::memory_order_release)")
                           : at(Op::atomic_exch, kLocks, 36, "atomicExch(state, 0)");
  unlock = on(unlock, 0);
  unlock.order = ordered ? Order::release : Order::relaxed;
  p.code = {cas,
            spin,
            with(on(at(Op::load, kCritical, 34, "const int seen = *count;"), 1), 1),
            with(at(Op::add, kCritical, 35, "*count = seen + 1;"), 2, 1, 1),
            on(with(at(Op::store, kCritical, 35, "*count = seen + 1;"), -1, 2), 1),
            unlock,
            exit_at(kCritical, 42)};
  return {p.name,
          "critical-section",
          ordered ? "thread 0 of each block adds one inside the lock with acquire and release"
                  : "thread 0 of each block adds one inside the documented lock (relaxed atomics)",
          p,
          count_outcome(1),
          "locks/critical-section/kernels.cuh",
          ordered ? "l2::count_blocks_with_lock<gridlock::locks::OrderedLock, false>"
                  : "l2::count_blocks_with_lock<gridlock::locks::DocumentedLock, false>"};
}

ModelKernel guard(bool acquire, int blocks) {
  // Registers: block, partial, ticket, i, v, total. Words: partials, tickets.
  enum { kBlock, kPartial, kTicket, kI, kV, kTotal };
  Program p{acquire ? "acquire-guard" : "documented-guard",
            {"blockIdx.x", "partial", "ticket", "i", "v", "total"},
            kBlock,
            {{"partials", blocks, 0}, {"tickets", 1, 0}},
            {}};
  p.outcome_registers = {kTicket, kTotal};
  Instruction last = with(at(Op::branch_if, kGuardLesson, 114, "if (last) {"), -1, kTicket, blocks - 1);
  last.compare = Compare::not_equal;
  Instruction loop =
      with(at(Op::branch_if, kGuardLesson, 43, "for (int i = idx; i < count; i += B) {"), -1, kI, blocks);
  loop.compare = Compare::not_equal;
  Instruction sum = with(at(Op::add, kGuardLesson, 45, "acc += v;"), kTotal, kTotal);
  sum.b = kV;
  p.code = {
      // Block b's partial is b + 1: distinct, and never the 0 the partials hold before the launch.
      with(at(Op::add, kGuardLesson, 91, "const int partial = block_sum<B>("), kPartial, kBlock, 1),
      on(with(at(Op::store, kGuardLesson, 92, "partials[blockIdx.x] = partial;"), -1, kPartial), 0, kBlock),
      at(Op::fence, kGuard, 35, "__threadfence();  // release"),
      with(on(at(Op::atomic_add, kGuard, 48, "atomicAdd(tickets, 1u)"), 1), kTicket, -1, 1), last};
  if (acquire) p.code.push_back(at(Op::fence, kGuard, 53, "__threadfence();  // acquire"));
  const int top = static_cast<int>(p.code.size()) + 2;
  loop.target = top;
  // The block's threads load the partials between them; one thread does here. They share the
  // SM's cache, so what they can read is the same.
  p.code.push_back(with(at(Op::set, kGuardLesson, 43, "int i = idx"), kI));
  p.code.push_back(with(at(Op::set, kGuardLesson, 42, "int acc = 0;"), kTotal));
  p.code.push_back(with(on(at(Op::load, kGuardLesson, 44, "const int v = values[i];"), 0, kI), kV));
  p.code.push_back(sum);
  p.code.push_back(with(at(Op::add, kGuardLesson, 43, "i += B"), kI, kI, 1));
  p.code.push_back(loop);
  p.code.push_back(exit_at(kGuardLesson, 119));
  p.code[4].target = static_cast<int>(p.code.size()) - 1;  // blocks that are not last leave
  const OutcomeOf outcome = [blocks](const Machine& m, const State& s) {
    const int32_t expected = blocks * (blocks + 1) / 2;
    for (int b = 0; b < m.placement().blocks(); ++b)
      if (m.reg(s, b, kTicket) == blocks - 1) {
        const int32_t total = m.reg(s, b, kTotal);
        return "the merge reads " + std::to_string(total) + " of " + std::to_string(expected) +
               (total == expected ? ": every partial" : ": stale partials");
      }
    return std::string("no block merged");
  };
  return {p.name,
          "last-block-guard",
          acquire ? "the last block fences again before it reads the partials (acquire)"
                  : "the documented guard: a fence before the ticket, none after",
          p,
          outcome,
          "interblock/last-block-guard/kernels.cuh",
          acquire ? "g1::partial_then_merge<gridlock::interblock::Guard::acquire, 256, false>"
                  : "g1::partial_then_merge<gridlock::interblock::Guard::syncthreads_or, 256, false>"};
}

ModelKernel kernel_named(const std::string& name, int blocks, int lanes) {
  if (name == "racy-counter") return racy_counter(false);
  if (name == "racy-counter-atomic") return racy_counter(true);
  if (name == "documented-lock") return lock_counter(false);
  if (name == "ordered-lock") return lock_counter(true);
  if (name == "documented-guard") return guard(false, blocks);
  if (name == "acquire-guard") return guard(true, blocks);
  if (name == "lock-in-every-thread") return lock_in_every_thread(false, lanes);
  if (name == "lock-inside-the-loop") return lock_in_every_thread(true, lanes);
  if (name == "warp-sum-documented") return warp_sum(false, lanes);
  if (name == "warp-sum-syncwarp") return warp_sum(true, lanes);
  if (name == "work-queue") return work_queue(true, 2);
  if (name == "work-queue-no-barrier") return work_queue(false, 2);
  std::string names;
  for (const std::string& n : model_kernel_names()) names += (names.empty() ? "" : ", ") + n;
  throw std::invalid_argument("no model kernel \"" + name + "\" (" + names + ")");
}

}  // namespace

std::vector<std::string> model_kernel_names() {
  return {"racy-counter",        "racy-counter-atomic", "documented-lock",      "ordered-lock",
          "documented-guard",    "acquire-guard",       "lock-in-every-thread", "lock-inside-the-loop",
          "warp-sum-documented", "warp-sum-syncwarp",   "work-queue",           "work-queue-no-barrier"};
}

ModelKernel model_kernel(const std::string& name, int blocks, int lanes) {
  if (blocks < 1) throw std::invalid_argument("the model needs at least one block");
  // The default first, to learn the kernel's lane choices.
  ModelKernel k = kernel_named(name, blocks, 0);
  if (lanes == 0 || lanes == k.lanes) return k;
  const std::vector<int>& choices = k.lane_choices;
  if (std::find(choices.begin(), choices.end(), lanes) == choices.end()) {
    std::string list;
    for (size_t i = 0; i < choices.size(); ++i)
      list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::to_string(choices[i]);
    throw std::invalid_argument(name + " runs " + list +
                                (choices.size() == 1 && choices[0] == 1 ? " thread" : " threads") +
                                " a block in the model, not " + std::to_string(lanes));
  }
  return kernel_named(name, blocks, lanes);
}

}  // namespace gridlock::explore
