// The model's machine: its state, the moves a state allows, and what each move does.
#include "explore/memory_model.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace gridlock::explore {
namespace {

// The deepest reconvergence stack a warp may have in the model.
constexpr int kMostStackEntries = 8;

// An instruction that touches no memory and waits for no one: it commutes with every other move.
bool is_local(Op op) { return op == Op::set || op == Op::add || op == Op::branch_if || op == Op::exit; }

bool is_atomic(Op op) { return op == Op::atomic_add || op == Op::atomic_cas || op == Op::atomic_exch; }

// "0", "1, 2", "0-3": lane numbers, runs of three or more joined.
std::string numbers(const std::vector<int>& n) {
  std::string out;
  for (size_t i = 0; i < n.size();) {
    size_t j = i;
    while (j + 1 < n.size() && n[j + 1] == n[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(n[i]);
    if (j >= i + 2)
      out += "-" + std::to_string(n[j]), i = j + 1;
    else
      ++i;
  }
  return out;
}

std::string file_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

const std::vector<std::string>& model_rules() {
  static const std::vector<std::string> rules = {
      "Memory holds every word. Each SM has a cache of lines (one word a line) and a buffer of pending "
      "writes (one a word: a later store to the same word replaces the earlier one).",
      "A plain load reads this SM's pending write of the word if there is one, else its cached line, else "
      "memory, and keeps what it read from memory as a cached line.",
      "A plain store leaves its value pending on its SM (and in the SM's cached line, if any); a pending "
      "write lands in memory at any later time, writes to different words in any order.",
      "A line may be filled from memory at any time, whether or not a load asked for it (the cache fetches "
      "ahead and refreshes), except while its SM has a write of it pending: it then holds what memory holds "
      "at that moment.",
      "Atomics read and write memory itself, never a cache or a pending write. A fence (__threadfence) lands "
      "its SM's pending writes and drops its cached lines. A release store or exchange lands the SM's "
      "pending writes before its own value; an acquire compare-and-swap that succeeds drops the SM's cached "
      "lines after it.",
      "Shared memory is read and written directly by the threads of its block. A barrier waits until every "
      "thread of its warp (__syncwarp) or block (__syncthreads) that has not exited is at one, then lets "
      "them all go on.",
      "The kernel ends when every thread has exited and every pending write has landed, or at once when a "
      "thread indexes outside an array (on a GPU: a fault, or another allocation's data).",
      "Threads are scheduled one of two ways: independently (each thread steps on its own: Volta and later), "
      "or in lockstep (the lanes of a warp share one pc and a reconvergence stack, as before Volta: "
      "lessons/common/simt/lockstep.hpp states its rules). A move is one thread (or, in lockstep, one warp) "
      "running one instruction, one pending write landing, or one line filled."};
  return rules;
}

int Placement::sms() const {
  return sm_of_block.empty() ? 0 : 1 + *std::max_element(sm_of_block.begin(), sm_of_block.end());
}

Placement spread(int blocks, int sms) {
  Placement p;
  for (int b = 0; b < blocks; ++b) p.sm_of_block.push_back(b % std::max(sms, 1));
  return p;
}

int Machine::stack_size() { return 1 + 3 * kMostStackEntries; }

Machine::Machine(Program program, Placement placement)
    : program_(std::move(program)), placement_(std::move(placement)) {
  check_program(program_);
  if (placement_.blocks() < 1) throw std::invalid_argument("the model needs at least one block");
  for (int sm : placement_.sm_of_block)
    if (sm < 0) throw std::invalid_argument("an SM number is negative");
  thread_size_ = 1 + static_cast<int>(program_.registers.size());
  for (const Word& w : program_.words) {
    first_element_.push_back(elements_);
    elements_ += w.count * (w.shared ? placement_.blocks() : 1);
  }
  for (int b = 0; b < placement_.blocks(); ++b) {
    std::map<int, int> warp_of_id;
    for (int id : program_.thread_ids) {
      const int t = static_cast<int>(block_of_.size());
      block_of_.push_back(b);
      const auto found = warp_of_id.find(id / 32);
      if (found == warp_of_id.end()) {
        warp_of_id[id / 32] = static_cast<int>(warps_.size());
        warps_.push_back({b, {}});
      }
      const int w = warp_of_id[id / 32];
      warp_of_.push_back(w);
      warps_[static_cast<size_t>(w)].threads.push_back(t);
    }
  }
  for (WarpOf& w : warps_)
    std::sort(w.threads.begin(), w.threads.end(), [&](int a, int b) { return thread_id(a) < thread_id(b); });
  reconverge_ = reconvergence_points(program_);
  // The stores each instruction can reach, by a search over the program's branches.
  const int size = static_cast<int>(program_.code.size());
  stores_ahead_.assign(static_cast<size_t>(size), {});
  for (int from = 0; from < size; ++from) {
    std::vector<bool> seen(static_cast<size_t>(size), false);
    std::vector<int> todo{from};
    while (!todo.empty()) {
      const int i = todo.back();
      todo.pop_back();
      if (i >= size || seen[static_cast<size_t>(i)]) continue;
      seen[static_cast<size_t>(i)] = true;
      const Instruction& in = program_.code[static_cast<size_t>(i)];
      if (in.op == Op::store || is_atomic(in.op)) stores_ahead_[static_cast<size_t>(from)].push_back(i);
      if (in.op == Op::exit) continue;
      if (in.op == Op::branch_if) todo.push_back(in.target);
      if (!(in.op == Op::branch_if && in.compare == Compare::always)) todo.push_back(i + 1);
    }
  }
  live_ = live_registers(program_);
  loaded_.assign(static_cast<size_t>(elements_), false);
  for (const Instruction& in : program_.code)
    if (in.op == Op::load && !program_.words[static_cast<size_t>(in.word)].shared) {
      const Word& w = program_.words[static_cast<size_t>(in.word)];
      for (int i = 0; i < w.count; ++i) loaded_[static_cast<size_t>(element_of(in.word, i))] = true;
    }
}

int Machine::thread_id(int thread) const {
  return program_.thread_ids[static_cast<size_t>(thread) % program_.thread_ids.size()];
}

const char* Machine::called(size_t count) const {
  if (program_.thread_ids.size() == 1) return count == 1 ? "block" : "blocks";
  return count == 1 ? "thread" : "threads";
}

std::string Machine::thread_name(int thread) const {
  const std::string block = "block " + std::to_string(block_of(thread));
  return program_.thread_ids.size() == 1 ? block : block + " thread " + std::to_string(thread_id(thread));
}

int Machine::element_of(int word, int index, int block) const {
  const Word& w = program_.words[static_cast<size_t>(word)];
  return first_element_[static_cast<size_t>(word)] + (w.shared ? block * w.count : 0) + index;
}

bool Machine::is_shared(int element) const {
  for (size_t w = program_.words.size(); w-- > 0;)
    if (element >= first_element_[w]) return program_.words[w].shared;
  return false;
}

std::string Machine::element_name(int element) const {
  for (size_t w = program_.words.size(); w-- > 0;)
    if (element >= first_element_[w]) {
      const Word& word = program_.words[w];
      const int at = element - first_element_[w];
      const int index = at % word.count, block = at / word.count;
      std::string name = word.count == 1 ? word.name : word.name + "[" + std::to_string(index) + "]";
      if (word.shared && placement_.blocks() > 1) name += " (block " + std::to_string(block) + ")";
      return name;
    }
  return "?";
}

State Machine::initial() const {
  const size_t stacks = placement_.lockstep ? warps_.size() * static_cast<size_t>(stack_size()) : 0;
  State s(static_cast<size_t>(threads_size() + elements_ * (1 + 2 * placement_.sms())) + stacks, kNone);
  for (int t = 0; t < threads(); ++t) {
    s[static_cast<size_t>(t * thread_size_)] = 0;
    for (size_t r = 0; r < program_.registers.size(); ++r)
      s[static_cast<size_t>(t * thread_size_ + 1) + r] = 0;
    if (program_.block_register >= 0)
      s[static_cast<size_t>(t * thread_size_ + 1 + program_.block_register)] = block_of(t);
    if (program_.lane_register >= 0)
      s[static_cast<size_t>(t * thread_size_ + 1 + program_.lane_register)] = thread_id(t);
    if (program_.warp_register >= 0)
      s[static_cast<size_t>(t * thread_size_ + 1 + program_.warp_register)] = thread_id(t) / 32;
  }
  for (size_t w = 0; w < program_.words.size(); ++w) {
    const Word& word = program_.words[w];
    for (int e = 0; e < word.count * (word.shared ? placement_.blocks() : 1); ++e)
      s[memory_at(first_element_[w] + e)] = word.initial;
  }
  if (placement_.lockstep)
    for (size_t w = 0; w < warps_.size(); ++w) {
      // One entry: pc 0, every lane, never reconverging.
      const size_t at = stack_at(static_cast<int>(w));
      s[at] = 1;
      s[at + 1] = 0;
      s[at + 2] = static_cast<int32_t>((1u << warps_[w].threads.size()) - 1);
      s[at + 3] = -1;
    }
  return s;
}

bool Machine::ended(const State& s) const {
  if (!fault(s).empty()) return true;
  for (int t = 0; t < threads(); ++t)
    if (pc(s, t) != kExited) return false;
  for (int sm = 0; sm < placement_.sms(); ++sm)
    for (int e = 0; e < elements_; ++e)
      if (pending(s, sm, e) != kNone) return false;
  return true;
}

State Machine::canonical(State s) const {
  std::vector<bool> kept(program_.registers.size(), false);
  for (int r : program_.outcome_registers) kept[static_cast<size_t>(r)] = true;
  for (int t = 0; t < threads(); ++t) {
    const int at = pc(s, t);
    if (at <= kFaultedAt) continue;  // the fault names its index register
    const std::vector<bool>& live = at == kExited ? kept : live_[static_cast<size_t>(at)];
    for (size_t r = 0; r < live.size(); ++r)
      if (!live[r]) s[static_cast<size_t>(t * thread_size_ + 1) + r] = 0;
  }
  return s;
}

std::string Machine::fault(const State& s) const {
  for (int t = 0; t < threads(); ++t)
    if (pc(s, t) <= kFaultedAt) {
      const Instruction& in = program_.code[static_cast<size_t>(kFaultedAt - pc(s, t))];
      const Word& w = program_.words[static_cast<size_t>(in.word)];
      return thread_name(t) + ", " + file_name(in.file) + ":" + std::to_string(in.line) + ": " + w.name +
             "[" + std::to_string(reg(s, t, in.index)) + "] is outside " + w.name;
    }
  return "";
}

int Machine::next_pc(const State& s, int thread) const {
  if (!placement_.lockstep) return pc(s, thread);
  const size_t at = stack_at(warp_of_[static_cast<size_t>(thread)]);
  return s[at] == 0 ? kExited : s[at + 3 * static_cast<size_t>(s[at] - 1) + 1];
}

bool Machine::waits_to_reconverge(const State& s, int thread) const {
  if (!placement_.lockstep || pc(s, thread) == kExited) return false;
  const int w = warp_of_[static_cast<size_t>(thread)];
  const size_t at = stack_at(w);
  const std::vector<int>& lanes = warps_[static_cast<size_t>(w)].threads;
  const int lane = static_cast<int>(std::find(lanes.begin(), lanes.end(), thread) - lanes.begin());
  return s[at] == 0 ||
         !((static_cast<uint32_t>(s[at + 3 * static_cast<size_t>(s[at] - 1) + 2]) >> lane) & 1u);
}

std::string Machine::where_threads_are(const State& s) const {
  // Threads grouped by the line they are at and whether they wait to reconverge.
  std::map<std::pair<int, bool>, std::vector<int>> at;
  for (int t = 0; t < threads(); ++t)
    if (pc(s, t) >= 0) at[{pc(s, t), waits_to_reconverge(s, t)}].push_back(t);
  std::string out;
  const bool one_thread = program_.thread_ids.size() == 1;
  for (const auto& [where, ts] : at) {
    const Instruction& in = program_.code[static_cast<size_t>(where.first)];
    // "blocks 0, 1", "threads 1, 2" or, with more than one block, "block 0 threads 1, 2, block 1 thread 0".
    std::map<int, std::vector<int>> by_block;
    for (int t : ts) by_block[one_thread ? 0 : block_of(t)].push_back(number_of(t));
    std::string who;
    for (const auto& [block, ids] : by_block) {
      const std::string what = std::string(called(ids.size())) + " ";
      who += (who.empty() ? "" : ", ") +
             (one_thread || placement_.blocks() == 1 ? "" : "block " + std::to_string(block) + " ") + what +
             numbers(ids);
    }
    out += (out.empty() ? "" : "; ") + who + " at " + file_name(in.file) + ":" + std::to_string(in.line) +
           (where.second ? " (waits for its warp to reconverge)" : "");
  }
  return out.empty() ? "every thread has exited" : out;
}

std::vector<int> Machine::barrier_group(int thread, Scope scope) const {
  if (scope == Scope::warp) return warps_[static_cast<size_t>(warp_of_[static_cast<size_t>(thread)])].threads;
  std::vector<int> group;
  for (int t = 0; t < threads(); ++t)
    if (block_of(t) == block_of(thread)) group.push_back(t);
  return group;
}

bool Machine::barrier_open(const State& s, int thread) const {
  const Scope scope = program_.code[static_cast<size_t>(next_pc(s, thread))].scope;
  for (int t : barrier_group(thread, scope)) {
    const int at = next_pc(s, t);
    if (at == kExited) continue;
    const Instruction& in = program_.code[static_cast<size_t>(at)];
    if (in.op != Op::barrier || in.scope != scope || waits_to_reconverge(s, t)) return false;
  }
  return true;
}

bool Machine::reads_settled_shared(const State& s, int thread) const {
  const int at = pc(s, thread);
  if (at < 0) return false;
  const Instruction& in = program_.code[static_cast<size_t>(at)];
  if (in.op != Op::load || !program_.words[static_cast<size_t>(in.word)].shared) return false;
  const int e = element_at(s, thread, in);
  if (e < 0) return false;
  for (int u = 0; u < threads(); ++u) {
    if (u == thread || block_of(u) != block_of(thread) || pc(s, u) < 0) continue;
    for (int i : stores_ahead_[static_cast<size_t>(pc(s, u))]) {
      const Instruction& store = program_.code[static_cast<size_t>(i)];
      if (store.word != in.word) continue;
      // Where u's store lands, when the program says it for certain: its own thread's or block's
      // element, or a fixed one; any element else.
      const int index = store.index < 0 ? 0 : store.index == program_.lane_register ? thread_id(u) : -1;
      if (index < 0 || element_of(store.word, index, block_of(u)) == e) return false;
    }
  }
  return true;
}

std::vector<Move> Machine::moves(const State& s, bool reduce) const {
  if (!fault(s).empty()) return {};
  // The units that step: each thread, or in lockstep the first thread of each warp.
  std::vector<int> units;
  if (placement_.lockstep) {
    for (const WarpOf& w : warps_) units.push_back(w.threads.front());
  } else {
    for (int t = 0; t < threads(); ++t) units.push_back(t);
  }
  // A unit about to run a local instruction runs it first: every order of it and the other
  // moves leads to the same states, so one order is enough (and the search stays small).
  for (int u : units) {
    const int at = next_pc(s, u);
    if (reduce && at != kExited && is_local(program_.code[static_cast<size_t>(at)].op))
      return {{Move::Kind::step, u, 0}};
  }
  // So does a load of shared memory no other thread can still store to (threads scheduled
  // independently: in lockstep the warp's other lanes load with it).
  for (int u : units)
    if (reduce && !placement_.lockstep && reads_settled_shared(s, u)) return {{Move::Kind::step, u, 0}};
  std::vector<Move> out;
  std::vector<bool> sm_running(static_cast<size_t>(placement_.sms()), false);
  for (int u : units) {
    const int at = next_pc(s, u);
    if (at == kExited) continue;
    sm_running[static_cast<size_t>(sm_of(u))] = true;
    if (program_.code[static_cast<size_t>(at)].op == Op::barrier && !barrier_open(s, u)) continue;
    out.push_back({Move::Kind::step, u, 0});
  }
  for (int sm = 0; sm < placement_.sms(); ++sm)
    for (int e = 0; e < elements_; ++e)
      if (pending(s, sm, e) != kNone) out.push_back({Move::Kind::land, sm, e});
  if (!placement_.fills) return out;
  for (int sm = 0; sm < placement_.sms(); ++sm) {
    if (!sm_running[static_cast<size_t>(sm)]) continue;  // no load of it is left to read a line
    for (int e = 0; e < elements_; ++e)
      if (loaded_[static_cast<size_t>(e)] && cached(s, sm, e) != memory(s, e) && pending(s, sm, e) == kNone)
        out.push_back({Move::Kind::fill, sm, e});
  }
  return out;
}

int Machine::element_at(const State& s, int thread, const Instruction& in) const {
  const int index = in.index < 0 ? 0 : reg(s, thread, in.index);
  const int count = program_.words[static_cast<size_t>(in.word)].count;
  return index < 0 || index >= count ? -1 : element_of(in.word, index, block_of(thread));
}

void Machine::land_all(State& s, int sm) const {
  for (int e = 0; e < elements_; ++e)
    if (pending(s, sm, e) != kNone) {
      s[memory_at(e)] = pending(s, sm, e);
      s[pending_at(sm, e)] = kNone;
    }
}

void Machine::drop_lines(State& s, int sm) const {
  for (int e = 0; e < elements_; ++e) s[cache_at(sm, e)] = kNone;
}

int Machine::execute(State& s, int thread, std::string* said) const {
  const size_t base = static_cast<size_t>(thread * thread_size_);
  const int at = s[base];
  const Instruction& in = program_.code[static_cast<size_t>(at)];
  const int sm = sm_of(thread);
  const auto r = [&](int i) -> int32_t& { return s[base + 1 + static_cast<size_t>(i)]; };
  // Wrapping int arithmetic, as on the GPU.
  const auto wrap = [](int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); };
  int next = at + 1;
  if (is_atomic(in.op) && placement_.in_order_atomics) land_all(s, sm);
  const bool touches_word = in.op == Op::load || in.op == Op::store || is_atomic(in.op);
  if (touches_word && element_at(s, thread, in) < 0) {
    *said = "indexes outside " + program_.words[static_cast<size_t>(in.word)].name;
    return kFaultedAt - at;
  }
  switch (in.op) {
    case Op::set:
      r(in.dst) = in.imm;
      break;
    case Op::add:
      r(in.dst) = wrap(int64_t(r(in.a)) + (in.b >= 0 ? int64_t(r(in.b)) : int64_t(in.imm)));
      break;
    case Op::load: {
      const int e = element_at(s, thread, in);
      std::string from;
      if (is_shared(e)) {
        r(in.dst) = memory(s, e);
        from = "shared memory";
      } else if (pending(s, sm, e) != kNone) {
        r(in.dst) = pending(s, sm, e);
        from = "its SM's own pending write";
      } else if (cached(s, sm, e) != kNone) {
        r(in.dst) = cached(s, sm, e);
        from = cached(s, sm, e) == memory(s, e) ? "its SM's cached line" : "its SM's cached line, stale";
      } else {
        r(in.dst) = memory(s, e);
        s[cache_at(sm, e)] = memory(s, e);
        from = "memory";
      }
      *said = "reads " + std::to_string(r(in.dst)) + " from " + from;
      break;
    }
    case Op::store: {
      const int e = element_at(s, thread, in);
      if (in.order == Order::release) land_all(s, sm);
      if (is_shared(e) || in.order == Order::release || !placement_.late_writes)
        s[memory_at(e)] = r(in.a);
      else
        s[pending_at(sm, e)] = r(in.a);
      if (cached(s, sm, e) != kNone) s[cache_at(sm, e)] = r(in.a);
      *said = "writes " + std::to_string(r(in.a)) +
              (s[pending_at(sm, e)] != kNone ? ", pending on its SM"
               : is_shared(e)                ? " to shared memory"
                                             : " to memory");
      break;
    }
    case Op::atomic_add: {
      const int e = element_at(s, thread, in);
      r(in.dst) = memory(s, e);
      s[memory_at(e)] = wrap(int64_t(memory(s, e)) + in.imm);
      *said = "gets " + std::to_string(r(in.dst));
      break;
    }
    case Op::atomic_cas: {
      const int e = element_at(s, thread, in);
      const int32_t old = memory(s, e);
      r(in.dst) = old;
      if (old == in.imm) s[memory_at(e)] = in.imm2;
      if (old == in.imm && in.order == Order::acquire) drop_lines(s, sm);
      *said = old == in.imm ? "succeeds" : "fails (reads " + std::to_string(old) + ")";
      break;
    }
    case Op::atomic_exch: {
      const int e = element_at(s, thread, in);
      if (in.order == Order::release) land_all(s, sm);
      s[memory_at(e)] = in.imm;
      break;
    }
    case Op::fence:
      land_all(s, sm);
      drop_lines(s, sm);
      break;
    case Op::branch_if:
      if (holds(in.compare, in.a >= 0 ? r(in.a) : 0, in.b >= 0 ? r(in.b) : in.imm)) next = in.target;
      break;
    case Op::exit:
      next = kExited;
      break;
    case Op::barrier:
      break;  // opened for the whole group by open_barrier
  }
  return next;
}

void Machine::open_barrier(State& s, int thread, std::string* what) const {
  const Instruction& in = program_.code[static_cast<size_t>(next_pc(s, thread))];
  std::vector<int> met;
  for (int t : barrier_group(thread, in.scope))
    if (pc(s, t) != kExited) {
      met.push_back(number_of(t));
      if (!placement_.lockstep) ++s[static_cast<size_t>(t * thread_size_)];
    }
  if (placement_.lockstep) {
    // Every warp of the group moves its path on past the barrier.
    std::vector<int> warps;
    for (int t : barrier_group(thread, in.scope)) warps.push_back(warp_of_[static_cast<size_t>(t)]);
    warps.erase(std::unique(warps.begin(), warps.end()), warps.end());
    for (int w : warps) {
      const size_t at = stack_at(w);
      if (s[at] > 0) ++s[at + 3 * static_cast<size_t>(s[at] - 1) + 1];
      settle_stack(s, w);
    }
  }
  if (what)
    *what = "block " + std::to_string(block_of(thread)) + ", line " + std::to_string(in.line) + ": " +
            to_text(program_, in) + ": threads " + numbers(met) + " meet and go on";
}

void Machine::step(State& s, int thread, std::string* what) const {
  const Instruction& in = program_.code[static_cast<size_t>(pc(s, thread))];
  if (in.op == Op::barrier) return open_barrier(s, thread, what);
  std::string said;
  s[static_cast<size_t>(thread * thread_size_)] = execute(s, thread, &said);
  if (what) {
    *what = thread_name(thread) + " (SM " + std::to_string(sm_of(thread)) + "), line " +
            std::to_string(in.line) + ": " + to_text(program_, in);
    if (!said.empty()) *what += ": " + said;
  }
}

// Pops the paths that have reached where they reconverge or whose lanes have all exited, and sets
// each lane's pc to that of the highest entry holding it.
void Machine::settle_stack(State& s, int warp) const {
  const std::vector<int>& lanes = warps_[static_cast<size_t>(warp)].threads;
  const size_t at = stack_at(warp);
  uint32_t exited = 0;
  for (size_t l = 0; l < lanes.size(); ++l)
    if (pc(s, lanes[l]) <= kExited) exited |= 1u << l;
  while (s[at] > 0) {
    const size_t top = at + 3 * static_cast<size_t>(s[at] - 1);
    const bool done = (static_cast<uint32_t>(s[top + 2]) & ~exited) == 0;
    if (!done && s[top + 1] != s[top + 3]) break;
    s[top + 1] = s[top + 2] = s[top + 3] = kNone;
    --s[at];
  }
  for (size_t l = 0; l < lanes.size(); ++l) {
    if ((exited >> l) & 1u) continue;
    int next = kExited;
    for (int e = s[at]; e-- > 0 && next == kExited;) {
      const size_t entry = at + 3 * static_cast<size_t>(e);
      if ((static_cast<uint32_t>(s[entry + 2]) >> l) & 1u) next = s[entry + 1];
    }
    if (next == static_cast<int>(program_.code.size()))
      throw std::logic_error(program_.name + ": a lane reached the kernel's end without exiting");
    s[static_cast<size_t>(lanes[l] * thread_size_)] = next;
  }
}

void Machine::step_warp(State& s, int warp, std::string* what) const {
  const std::vector<int>& lanes = warps_[static_cast<size_t>(warp)].threads;
  const size_t at = stack_at(warp);
  const size_t top = at + 3 * static_cast<size_t>(s[at] - 1);
  const int here = s[top + 1];
  const uint32_t mask = static_cast<uint32_t>(s[top + 2]);
  const Instruction& in = program_.code[static_cast<size_t>(here)];
  if (in.op == Op::barrier) return open_barrier(s, lanes.front(), what);
  // The path's lanes run the instruction one after another, lane 0 first.
  uint32_t active = 0, taken = 0;
  std::vector<std::string> said;
  std::vector<int> ran;
  for (size_t l = 0; l < lanes.size(); ++l) {
    if (!((mask >> l) & 1u) || pc(s, lanes[l]) == kExited) continue;
    active |= 1u << l;
    ran.push_back(thread_id(lanes[l]));
    std::string lane_said;
    const int next = execute(s, lanes[l], &lane_said);
    if (next <= kFaultedAt) s[static_cast<size_t>(lanes[l] * thread_size_)] = next;
    if (in.op == Op::branch_if && next == in.target) taken |= 1u << l;
    if (in.op == Op::exit) s[static_cast<size_t>(lanes[l] * thread_size_)] = kExited;
    if (!lane_said.empty()) said.push_back("thread " + std::to_string(thread_id(lanes[l])) + " " + lane_said);
  }
  if (in.op == Op::branch_if && taken != 0 && taken != active) {
    // A divergent branch: the entry waits where the paths meet, and each path that does not start
    // there is pushed.
    const int meet = reconverge_[static_cast<size_t>(here)];
    if (s[top + 3] == meet) {
      s[top + 1] = s[top + 2] = s[top + 3] = kNone;
      --s[at];
    } else {
      s[top + 1] = meet;
    }
    // Pushed second, run first: the taken path, unless the placement asks for the other.
    std::pair<int, uint32_t> first{here + 1, active & ~taken}, second{in.target, taken};
    if (placement_.fall_through_first) std::swap(first, second);
    for (const auto& [pc_of_path, lanes_of_path] : {first, second}) {
      if (pc_of_path == meet) continue;
      if (s[at] == kMostStackEntries)
        throw std::runtime_error(program_.name + ": the reconvergence stack is deeper than " +
                                 std::to_string(kMostStackEntries));
      const size_t entry = at + 3 * static_cast<size_t>(s[at]);
      s[entry + 1] = pc_of_path;
      s[entry + 2] = static_cast<int32_t>(lanes_of_path);
      s[entry + 3] = meet;
      ++s[at];
    }
  } else if (in.op != Op::exit) {
    s[top + 1] = in.op == Op::branch_if && taken != 0 ? in.target : here + 1;
  }
  settle_stack(s, warp);
  if (what) {
    std::string list;
    for (const std::string& one : said) list += (list.empty() ? "" : "; ") + one;
    *what = "block " + std::to_string(block_of(lanes.front())) + " warp " +
            std::to_string(thread_id(lanes.front()) / 32) + (ran.size() == 1 ? " (thread " : " (threads ") +
            numbers(ran) + "), line " + std::to_string(in.line) + ": " + to_text(program_, in) +
            (list.empty() ? "" : ": " + list);
    if (in.op == Op::branch_if && taken != 0 && taken != active) *what += " (the warp splits)";
  }
}

State Machine::apply(const State& state, const Move& move, std::string* what) const {
  State s = state;
  switch (move.kind) {
    case Move::Kind::step:
      if (placement_.lockstep)
        step_warp(s, warp_of_[static_cast<size_t>(move.who)], what);
      else
        step(s, move.who, what);
      break;
    case Move::Kind::land:
      s[memory_at(move.element)] = pending(s, move.who, move.element);
      s[pending_at(move.who, move.element)] = kNone;
      if (what)
        *what = "SM " + std::to_string(move.who) + "'s write of " + element_name(move.element) + " = " +
                std::to_string(memory(s, move.element)) + " lands in memory";
      break;
    case Move::Kind::fill:
      s[cache_at(move.who, move.element)] = memory(s, move.element);
      if (what)
        *what = "SM " + std::to_string(move.who) + " fills its line of " + element_name(move.element) +
                " from memory (" + std::to_string(memory(s, move.element)) + ")";
      break;
  }
  return s;
}

}  // namespace gridlock::explore
