// The model's machine: thread 0 of each block, the blocks placed on SMs, and one memory model for
// every kernel. Its rules, all of them:
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
//  6. The kernel ends when every thread has exited and every pending write has landed.
// A move is one thread running one instruction, one pending write landing, or one line filled.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "explore/program.hpp"

namespace gridlock::explore {

// Where the blocks run, and which rules hold: without `fills` (rule 4) or `late_writes` (rule 3:
// stores land at once), or with `in_order_atomics` (an SM's pending writes land before its next
// atomic, as if its stores and atomics took one path to memory), the model is stronger, for
// showing what each rule makes possible.
struct Placement {
  std::vector<int> sm_of_block;  // block b runs on SM sm_of_block[b]
  bool fills = true;
  bool late_writes = true;
  bool in_order_atomics = false;
  int blocks() const { return static_cast<int>(sm_of_block.size()); }
  int sms() const;
};

// Every block on its own SM; or `blocks` blocks over `sms` SMs, block b on SM b % sms.
Placement spread(int blocks, int sms);

struct Move {
  enum class Kind { step, land, fill };
  Kind kind = Kind::step;
  int who = 0;      // step: the block; land, fill: the SM
  int element = 0;  // land, fill: the word's element
  bool operator==(const Move& o) const { return kind == o.kind && who == o.who && element == o.element; }
};

// The whole state as one vector of ints (what the explorer hashes). Layout: per block its pc
// (kExited once it left) and registers; then memory; then per SM its cached lines and its
// pending writes (kNone where there is none).
using State = std::vector<int32_t>;

inline constexpr int32_t kNone = INT32_MIN;
inline constexpr int32_t kExited = -1;

class Machine {
 public:
  Machine(Program program, Placement placement);  // throws std::invalid_argument on a bad program

  const Program& program() const { return program_; }
  const Placement& placement() const { return placement_; }

  State initial() const;
  // The moves possible in `state`, threads first; none once the kernel has ended. With `reduce`,
  // a thread whose next instruction touches no memory is the only move offered (it commutes with
  // all others, so a search loses no outcome); without, every move is (for a student choosing).
  std::vector<Move> moves(const State& state, bool reduce = true) const;
  // The state after `move`; *what (when given) says what happened, for a student to read.
  State apply(const State& state, const Move& move, std::string* what = nullptr) const;
  bool ended(const State& state) const;

  // Reading a state.
  int pc(const State& s, int block) const { return s[static_cast<size_t>(block * thread_size_)]; }
  int32_t reg(const State& s, int block, int r) const {
    return s[static_cast<size_t>(block * thread_size_ + 1 + r)];
  }
  int32_t memory(const State& s, int element) const { return s[memory_at(element)]; }
  int32_t cached(const State& s, int sm, int element) const { return s[cache_at(sm, element)]; }
  int32_t pending(const State& s, int sm, int element) const { return s[pending_at(sm, element)]; }

  int elements() const { return elements_; }
  int element_of(int word, int index) const { return first_element_[static_cast<size_t>(word)] + index; }
  std::string element_name(int element) const;  // "count", "partials[2]"

 private:
  size_t memory_at(int e) const { return static_cast<size_t>(threads_size() + e); }
  size_t cache_at(int sm, int e) const {
    return static_cast<size_t>(threads_size() + elements_ * (1 + 2 * sm) + e);
  }
  size_t pending_at(int sm, int e) const { return cache_at(sm, e) + static_cast<size_t>(elements_); }
  int threads_size() const { return placement_.blocks() * thread_size_; }
  int element_at(const State& s, int block, const Instruction& in) const;
  void land_all(State& s, int sm) const;
  void drop_lines(State& s, int sm) const;
  void step(State& s, int block, std::string* what) const;

  Program program_;
  Placement placement_;
  int thread_size_ = 0;  // pc and registers
  int elements_ = 0;
  std::vector<int> first_element_;
  std::vector<bool> loaded_;  // elements some plain load may read (the only lines a fill matters for)
};

}  // namespace gridlock::explore
