// The model programs with more than one thread a block: what each thread runs, in the order the
// real kernel runs it; registers are the kernel's own variables.
#include <stdexcept>

#include "explore/kernel_parts.hpp"

namespace gridlock::explore::parts {
namespace {

std::vector<int> first_lanes(int lanes) {
  std::vector<int> ids;
  for (int l = 0; l < lanes; ++l) ids.push_back(l);
  return ids;
}

}  // namespace

ModelKernel lock_in_every_thread(bool in_the_loop, int lanes) {
  if (lanes == 0) lanes = 2;
  // Registers: threadIdx.x, old, seen, next, done. Words: the lock's state, count.
  enum { kLane, kOld, kSeen, kNext, kDone };
  Program p{in_the_loop ? "lock-inside-the-loop" : "lock-in-every-thread",
            {"threadIdx.x", "old", "seen", "next", "done"},
            -1,
            {{"state", 1, 0}, {"count", 1, 0}},
            {},
            first_lanes(lanes),
            kLane};
  Instruction cas = with(on(at(Op::atomic_cas, kLocks, 29, "atomicCAS(state, 0, 1) == 0"), 0), kOld, -1, 0);
  cas.imm2 = 1;
  const Instruction unlock = on(at(Op::atomic_exch, kLocks, 36, "atomicExch(state, 0)"), 0);
  // Thread 0 of the block counts: load, add, store, as `*count = *count + 1` compiles.
  const auto count = [&](int line, int past) {
    const char* text = "if (threadIdx.x == 0) *count = *count + 1;";
    return std::vector<Instruction>{
        branch(at(Op::branch_if, kDeadlock, line, text), kLane, Compare::not_equal, 0, past),
        with(on(at(Op::load, kDeadlock, line, text), 1), kSeen),
        with(at(Op::add, kDeadlock, line, text), kNext, kSeen, 1),
        on(with(at(Op::store, kDeadlock, line, text), -1, kNext), 1)};
  };
  if (!in_the_loop) {
    // lock.lock(): spin until the CAS wins; count; unlock.
    p.code = {cas,
              branch(at(Op::branch_if, kLocks, 32, "while (!try_lock())"), kOld, Compare::not_equal, 0, 0)};
    for (const Instruction& in : count(33, 6)) p.code.push_back(in);
    p.code.push_back(unlock);
    p.code.push_back(exit_at(kDeadlock, 40));
  } else {
    // for (done = false; !done;) { if (try_lock()) { count; unlock; done = true; } }
    p.code = {cas, branch(at(Op::branch_if, kDeadlock, 57, "if (lock.try_lock()) {"), kOld,
                          Compare::not_equal, 0, 8)};
    for (const Instruction& in : count(59, 6)) p.code.push_back(in);
    p.code.push_back(unlock);
    p.code.push_back(with(at(Op::set, kDeadlock, 62, "done = true;"), kDone, -1, 1));
    p.code.push_back(branch(at(Op::branch_if, kDeadlock, 56, "for (bool done = false; !done;) {"), kDone,
                            Compare::equal, 0, 0));
    p.code.push_back(exit_at(kDeadlock, 68));
  }
  ModelKernel k{p.name,
                "deadlock-lock",
                in_the_loop ? "every thread tries the lock; the winner counts and unlocks inside the loop"
                            : "every thread spins in lock(), thread 0 counts, every thread unlocks",
                p,
                count_outcome(1),
                "locks/deadlock-lock/kernels.cuh",
                in_the_loop ? "l3::count_with_the_lock_inside_the_loop<false>"
                            : "l3::count_with_a_lock_in_every_thread<false>"};
  k.lane_choices = {1, 2, 3, 4};
  k.lanes = lanes;
  return k;
}

ModelKernel warp_sum(bool syncwarp, int lanes) {
  if (lanes == 0) lanes = 4;
  if (lanes != 2 && lanes != 4 && lanes != 8) throw std::invalid_argument("a warp sum takes 2, 4 or 8 lanes");
  // Registers: threadIdx.x, x, a, at, b, sum, total. Words: s, the warp's ints in shared memory.
  enum { kLane, kX, kA, kAt, kB, kSum, kTotal };
  Program p{syncwarp ? "warp-sum-syncwarp" : "warp-sum-documented",
            {"threadIdx.x", "x", "a", "at", "b", "sum", "total"},
            -1,
            {{"s", lanes, 0, true}},
            {},
            first_lanes(lanes),
            kLane};
  p.outcome_registers = {kTotal};
  const auto barrier = [](int line) {
    Instruction in = at(Op::barrier, kWarpSum, line, "__syncwarp();");
    in.scope = Scope::warp;
    return in;
  };
  // PHASE 1: in[lane] holds lane + 1 in the model.
  p.code = {with(at(Op::add, kWarpSum, 189, "const int x = in[lane];"), kX, kLane, 1),
            on(with(at(Op::store, kWarpSum, 191, "s[lane] = x;"), -1, kX), 0, kLane)};
  if (syncwarp) p.code.push_back(barrier(95));
  // PHASE 2: the folds of k = lanes / 2 .. 1; the real kernel's fold of k is its (16 / k)-th call.
  int fold = 0;
  for (int k = 16; k >= 1; k /= 2, ++fold) {
    if (k >= lanes) continue;
    const int line = syncwarp ? 96 + 2 * fold : 56 + fold;
    if (syncwarp && k < lanes / 2) p.code.push_back(barrier(line - 1));
    const std::string call =
        "fold(s, lane, " + std::to_string(k) + ", " + std::to_string(fold + 1) + ", rec)";
    const int past = static_cast<int>(p.code.size()) + 6;
    p.code.push_back(branch(at(Op::branch_if, kWarpSum, line, call), kLane, Compare::greater_equal, k, past));
    p.code.push_back(with(on(at(Op::load, kWarpSum, line, call), 0, kLane), kA));
    p.code.push_back(with(at(Op::add, kWarpSum, line, call), kAt, kLane, k));
    p.code.push_back(with(on(at(Op::load, kWarpSum, line, call), 0, kAt), kB));
    Instruction sum = with(at(Op::add, kWarpSum, line, call), kSum, kA);
    sum.b = kB;
    p.code.push_back(sum);
    p.code.push_back(on(with(at(Op::store, kWarpSum, line, call), -1, kSum), 0, kLane));
  }
  if (syncwarp) p.code.push_back(barrier(105));
  p.code.push_back(with(on(at(Op::load, kWarpSum, 36, "const int total = s[0];"), 0), kTotal));
  p.code.push_back(exit_at(kWarpSum, 204));
  const int32_t sum = lanes * (lanes + 1) / 2;
  const OutcomeOf outcome = [sum](const Machine& m, const State& s) {
    int wrong = 0;
    for (int t = 0; t < m.threads(); ++t) wrong += m.reg(s, t, kTotal) != sum;
    if (wrong == 0) return "every lane returns the sum " + std::to_string(sum);
    return std::to_string(wrong) + " of " + std::to_string(m.threads()) + " lanes return a wrong sum";
  };
  ModelKernel k{p.name,
                "reduce-warp-volatile",
                syncwarp ? "one warp sums in shared memory with __syncwarp() between the folds"
                         : "one warp sums in shared memory with no barrier (the documented form)",
                p,
                outcome,
                "reduction/reduce-warp-volatile/kernels.cuh",
                syncwarp ? "r6::sum_one_warp<r6::Form::syncwarp, false>"
                         : "r6::sum_one_warp<r6::Form::documented, false>"};
  k.lane_choices = {2, 4, 8};
  k.lanes = lanes;
  return k;
}

ModelKernel work_queue(bool barrier, int items) {
  // Threads 0 and 32: lane 0 of each of two warps. Registers: threadIdx.x, warp (threadIdx.x / 32),
  // index, total, item, at, h, slot, old. Words: the queue's next index and size, the block's shared
  // item slot, out (one per item and warp), visits (one per item).
  enum { kLane, kWarp, kIndex, kTotal, kItem, kAt, kH, kSlot, kOld };
  Program p{barrier ? "work-queue" : "work-queue-no-barrier",
            {"threadIdx.x", "warp", "index", "total", "item.index", "at", "h", "slot", "old"},
            -1,
            {{"current", 1, 0},
             {"total", 1, items},
             {"item", 1, 0, true},
             {"out", 2 * items, 0},
             {"visits", items, 0}},
            {},
            {0, 32},
            kLane};
  p.warp_register = kWarp;
  enum { kCurrent, kTotalWord, kSlotWord, kOut, kVisits };
  const char* fetch = "item = index < unsigned(*total) ? items[index] : WorkItem::none();";
  const char* out = "out[item.index * (B / 32) + threadIdx.x / 32] = h;";
  const char* visit = "if (threadIdx.x == 0) atomicAdd(visits + item.index, 1u);";
  Instruction add_index = with(at(Op::add, kQueue, 72, out), kSlot, kAt);
  add_index.b = kAt;  // item.index * 2 (two warps)
  Instruction add_warp = with(at(Op::add, kQueue, 72, out), kSlot, kSlot);
  add_warp.b = kWarp;
  Instruction sync_fetch = at(Op::barrier, kQueue, 57, "__syncthreads();");
  p.code = {
      // PHASE 1: thread 0 takes an index and fills the shared slot (the item's index is its place
      // in the queue); every thread meets at the barrier and reads the slot.
      branch(at(Op::branch_if, kQueue, 53, "if (threadIdx.x == 0) {"), kLane, Compare::not_equal, 0, 6),  // 0
      with(on(at(Op::atomic_add, kQueue, 54, "atomicAdd(current, 1u)"), kCurrent), kIndex, -1, 1),        // 1
      with(on(at(Op::load, kQueue, 55, fetch), kTotalWord), kTotal),                                      // 2
      [&] {
        Instruction in = branch(at(Op::branch_if, kQueue, 55, fetch), kIndex, Compare::less, 0, 5);
        in.b = kTotal;
        return in;
      }(),                                                                                           // 3
      with(at(Op::set, kQueue, 55, "WorkItem::none()"), kIndex, -1, -1),                             // 4
      on(with(at(Op::store, kQueue, 55, fetch), -1, kIndex), kSlotWord),                             // 5
      sync_fetch,                                                                                    // 6
      with(on(at(Op::load, kQueue, 107, "if (item.is_none()) {"), kSlotWord), kItem),                // 7
      branch(at(Op::branch_if, kQueue, 107, "if (item.is_none()) {"), kItem, Compare::less, 0, -1),  // 8
      // PHASE 2: the work's result (h: the item it began with, + 1) goes to out[item.index][warp],
      // with item.index read from the slot again, as the compiled kernel does.
      with(at(Op::add, kQueue, 69, "unsigned h = unsigned(item.index) * 0x9E3779B9u + threadIdx.x;"), kH,
           kItem, 1),
      with(on(at(Op::load, kQueue, 72, out), kSlotWord), kAt),                         // 10
      add_index,                                                                       // 11
      add_warp,                                                                        // 12
      on(with(at(Op::store, kQueue, 72, out), -1, kH), kOut, kSlot),                   // 13
      branch(at(Op::branch_if, kQueue, 73, visit), kLane, Compare::not_equal, 0, 17),  // 14
      with(on(at(Op::load, kQueue, 73, visit), kSlotWord), kAt),                       // 15
      with(on(at(Op::atomic_add, kQueue, 73, visit), kVisits, kAt), kOld, -1, 1),      // 16
  };
  // PHASE 3: the block meets before thread 0 fetches again.
  if (barrier) p.code.push_back(at(Op::barrier, kQueue, 124, "__syncthreads();"));
  p.code.push_back(branch(at(Op::branch_if, kQueue, 92, "for (;;) {"), -1, Compare::always, 0, 0));
  p.code.push_back(at(Op::exit, kQueue, 109, "break;"));
  p.code[8].target = static_cast<int>(p.code.size()) - 1;
  p.code[14].target = 17;  // the barrier, or with none the loop's jump back
  const OutcomeOf outcome = [items](const Machine& m, const State& s) {
    // out[i][w] holds h, the item warp w began its work with, + 1: i + 1 when in place.
    std::string missing, misplaced;
    for (int w = 0; w < 2; ++w)
      for (int i = 0; i < items; ++i) {
        const int32_t h = m.memory(s, m.element_of(kOut, 2 * i + w));
        const std::string what = "warp " + std::to_string(w) + " item " + std::to_string(i);
        if (h == 0) missing += (missing.empty() ? "" : ", ") + what;
        if (h != 0 && h != i + 1)
          misplaced += (misplaced.empty() ? "" : ", ") + what + " holds item " + std::to_string(h - 1) + "'s";
      }
    if (missing.empty() && misplaced.empty())
      return std::string("every item's result in place, from each warp");
    return (missing.empty() ? "" : "result missing: " + missing) +
           (misplaced.empty()
                ? ""
                : (missing.empty() ? "" : "; ") + std::string("result misplaced: ") + misplaced);
  };
  ModelKernel k{p.name,
                "work-queue",
                barrier ? "thread 0 fetches into the shared slot; the block meets before the next fetch"
                        : "the same without the barrier before the next fetch",
                p,
                outcome,
                "interblock/work-queue/kernels.cuh",
                "g2::work_from_queue<64, false, g2::Mistake::none>"};
  if (!barrier)
    k.edits = {{"interblock/work-queue/kernels.cuh", 124, "__syncthreads();", "/* no barrier */"}};
  k.lane_choices = {2};
  k.lanes = 2;
  return k;
}

}  // namespace gridlock::explore::parts
