// The model's machine: a few threads of each block, the blocks placed on SMs, and one memory model
// for every kernel. Its rules, all of them:
//  1. Memory holds every word. Each SM has a cache of lines (one word a line) and a buffer of
//     pending writes (one a word: a later store to the same word replaces the earlier one).
//  2. A plain load reads this SM's pending write of the word if there is one, else its cached
//     line, else memory, and keeps what it read from memory as a cached line.
//  3. A plain store leaves its value pending on its SM (and in the SM's cached line, if any); a
//     pending write lands in memory at any later time, writes to different words in any order.
//  4. A line may be filled from memory at any time, whether or not a load asked for it (the cache
//     fetches ahead and refreshes), except while its SM has a write of it pending: it then holds
//     what memory holds at that moment.
//  5. Atomics read and write memory itself, never a cache or a pending write. A fence
//     (__threadfence) lands its SM's pending writes and drops its cached lines. A release store
//     or exchange lands the SM's pending writes before its own value; an acquire compare-and-swap
//     that succeeds drops the SM's cached lines after it.
//  6. Shared memory is read and written directly by the threads of its block. A barrier waits
//     until every thread of its warp (__syncwarp) or block (__syncthreads) that has not exited is
//     at one, then lets them all go on.
//  7. The kernel ends when every thread has exited and every pending write has landed, or at once
//     when a thread indexes outside an array (on a GPU: a fault, or another allocation's data).
// Threads are scheduled one of two ways: independently (each thread steps on its own: Volta and
// later), or in lockstep (the lanes of a warp share one pc and a reconvergence stack, as before
// Volta: lessons/common/simt/lockstep.hpp states its rules). A move is one thread (or, in
// lockstep, one warp) running one instruction, one pending write landing, or one line filled.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "explore/program.hpp"

namespace gridlock::explore {

// Where the blocks run, and which rules hold: without `fills` (rule 4) or `late_writes` (rule 3:
// stores land at once), or with `in_order_atomics` (an SM's pending writes land before its next
// atomic, as if its stores and atomics took one path to memory), the model is stronger, for
// showing what each rule makes possible. `lockstep` picks the scheduler.
struct Placement {
  std::vector<int> sm_of_block;  // block b runs on SM sm_of_block[b]
  bool fills = true;
  bool late_writes = true;
  bool in_order_atomics = false;
  bool lockstep = false;
  // In lockstep, a divergent branch runs the path that takes it first (the loop's, as the hardware
  // did), or with this the path that falls through.
  bool fall_through_first = false;
  int blocks() const { return static_cast<int>(sm_of_block.size()); }
  int sms() const;
};

// The rules above, one a string (the last: how threads are scheduled), for the screen and the
// command line; a test holds them to this comment.
const std::vector<std::string>& model_rules();

// Every block on its own SM; or `blocks` blocks over `sms` SMs, block b on SM b % sms.
Placement spread(int blocks, int sms);

struct Move {
  enum class Kind { step, land, fill };
  Kind kind = Kind::step;
  int who = 0;      // step: the thread (in lockstep, the first thread of its warp); land, fill: the SM
  int element = 0;  // land, fill: the word's element
  bool operator==(const Move& o) const { return kind == o.kind && who == o.who && element == o.element; }
};

// The whole state as one vector of ints (what the explorer hashes). Layout: per thread its pc
// (kExited once it left) and registers; then memory; then per SM its cached lines and its
// pending writes (kNone where there is none); then, in lockstep, per warp its reconvergence stack.
using State = std::vector<int32_t>;

inline constexpr int32_t kNone = INT32_MIN;
inline constexpr int32_t kExited = -1;
// A thread that indexed outside an array at pc p holds kFaultedAt - p as its pc.
inline constexpr int32_t kFaultedAt = -2;

class Machine {
 public:
  Machine(Program program, Placement placement);  // throws std::invalid_argument on a bad program

  const Program& program() const { return program_; }
  const Placement& placement() const { return placement_; }

  State initial() const;
  // The moves possible in `state`, threads (or warps) first; none once the kernel has ended, and
  // none when every thread left waits at a barrier that cannot open. With `reduce`, a thread whose
  // next instruction touches no memory is the only move offered (it commutes with all others, so a
  // search loses no outcome); without, every move is (for a student choosing).
  std::vector<Move> moves(const State& state, bool reduce = true) const;
  // The state after `move`; *what (when given) says what happened, for a student to read.
  State apply(const State& state, const Move& move, std::string* what = nullptr) const;
  bool ended(const State& state) const;
  // The state with every register that is read no more set to 0: states with the same future
  // become one (what the explorer keeps).
  State canonical(State state) const;
  // "" unless a thread indexed outside an array; else what it did: "block 0 thread 32,
  // kernels.cuh:72: out[-1] is outside out".
  std::string fault(const State& state) const;

  // The threads: block-major, then in the order of Program::thread_ids.
  int threads() const { return static_cast<int>(block_of_.size()); }
  int block_of(int thread) const { return block_of_[static_cast<size_t>(thread)]; }
  int thread_id(int thread) const;            // its threadIdx.x
  std::string thread_name(int thread) const;  // "block 1", or "block 0 thread 2" with more a block
  // The number a thread goes by in lists: its block with one thread a block, else its
  // threadIdx.x; and the word for `count` of them: "block", "blocks", "thread", "threads".
  int number_of(int thread) const {
    return program_.thread_ids.size() == 1 ? block_of(thread) : thread_id(thread);
  }
  const char* called(size_t count) const;
  // In lockstep: whether the thread waits for its warp's other path (it is not in the path that
  // runs next). Never, when threads are scheduled independently.
  bool waits_to_reconverge(const State& s, int thread) const;
  // Where every thread not yet exited is, in words: "thread 0 at kernels.cuh:45 (waits for its
  // warp to reconverge); threads 1, 2 at locks.cuh:29".
  std::string where_threads_are(const State& s) const;

  // Reading a state.
  int pc(const State& s, int thread) const { return s[static_cast<size_t>(thread * thread_size_)]; }
  int32_t reg(const State& s, int thread, int r) const {
    return s[static_cast<size_t>(thread * thread_size_ + 1 + r)];
  }
  int32_t memory(const State& s, int element) const { return s[memory_at(element)]; }
  int32_t cached(const State& s, int sm, int element) const { return s[cache_at(sm, element)]; }
  int32_t pending(const State& s, int sm, int element) const { return s[pending_at(sm, element)]; }

  int elements() const { return elements_; }
  // A shared word's element in `block`'s copy; a global word's (block is then not looked at).
  int element_of(int word, int index, int block = 0) const;
  bool is_shared(int element) const;
  std::string element_name(int element) const;  // "count", "partials[2]", "s[1] (block 0)"

 private:
  struct WarpOf {
    int block = 0;
    std::vector<int> threads;  // lane order
  };
  size_t memory_at(int e) const { return static_cast<size_t>(threads_size() + e); }
  size_t cache_at(int sm, int e) const {
    return static_cast<size_t>(threads_size() + elements_ * (1 + 2 * sm) + e);
  }
  size_t pending_at(int sm, int e) const { return cache_at(sm, e) + static_cast<size_t>(elements_); }
  size_t stack_at(int warp) const {
    return static_cast<size_t>(threads_size() + elements_ * (1 + 2 * placement_.sms()) + warp * stack_size());
  }
  int threads_size() const { return threads() * thread_size_; }
  static int stack_size();
  int sm_of(int thread) const { return placement_.sm_of_block[static_cast<size_t>(block_of(thread))]; }
  int element_at(const State& s, int thread, const Instruction& in) const;
  void land_all(State& s, int sm) const;
  void drop_lines(State& s, int sm) const;
  // The pc the unit (a thread, or in lockstep its warp) runs next; kExited when it has none.
  int next_pc(const State& s, int thread) const;
  bool barrier_open(const State& s, int thread) const;
  std::vector<int> barrier_group(int thread, Scope scope) const;
  // Runs a data or branch instruction in one thread; returns the pc it goes to next.
  int execute(State& s, int thread, std::string* said) const;
  void step(State& s, int thread, std::string* what) const;
  void step_warp(State& s, int warp, std::string* what) const;
  void open_barrier(State& s, int thread, std::string* what) const;
  void settle_stack(State& s, int warp) const;

  Program program_;
  Placement placement_;
  int thread_size_ = 0;  // pc and registers
  int elements_ = 0;
  std::vector<int> first_element_;
  std::vector<int> block_of_;  // per thread
  std::vector<int> warp_of_;   // per thread
  std::vector<WarpOf> warps_;
  std::vector<int> reconverge_;                 // per branch: where its paths meet (code.size(): at the end)
  std::vector<std::vector<bool>> live_;         // per instruction: the registers still to be read
  std::vector<std::vector<int>> stores_ahead_;  // per instruction: the stores reachable from it
  // Whether thread t's next instruction is a load of shared memory that no other thread of its
  // block can store to any more: it then commutes with every other move.
  bool reads_settled_shared(const State& s, int thread) const;
  std::vector<bool> loaded_;  // elements some plain load may read (the only lines a fill matters for)
};

}  // namespace gridlock::explore
