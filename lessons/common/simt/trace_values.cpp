// Buffers, snapshots and operations of a lockstep run's trace (trace_values.hpp).
#include "simt/trace_values.hpp"

#include <algorithm>
#include <string>

namespace gridlock::simt {
namespace {

namespace tr = gridlock::trace;

using Item = std::pair<int, int64_t>;  // a buffer id and an item of it

tr::Buffer buffer(int id, const std::string& name, tr::ElementType type, int64_t length,
                  tr::MemorySpace space = tr::MemorySpace::registers) {
  return {id, name, type, {length}, space, -1};
}

int64_t constant_item(const TraceLayout& l, int32_t value) {
  return std::lower_bound(l.constants.begin(), l.constants.end(), value) - l.constants.begin();
}

StackEntry entry_at(const std::vector<StackEntry>& stack, int depth) {
  return depth < static_cast<int>(stack.size()) ? stack[static_cast<size_t>(depth)] : StackEntry{-1, 0, -1};
}

// Appends an entry to the step's operations, extending the last operation when it has the same
// operator and buffers, so the entries stay in the order the values were written.
void add_entry(tr::Step& s, tr::Operator op, Item dst, Item a, Item b, int thread) {
  const bool copy = op == tr::Operator::copy;
  const int b_buffer = copy ? -1 : b.first;
  if (s.ops.empty() || s.ops.back().op != op || s.ops.back().dst_buffer != dst.first ||
      s.ops.back().a_buffer != a.first || s.ops.back().b_buffer != b_buffer)
    s.ops.push_back({op, dst.first, a.first, b_buffer, {}, {}, {}, {}});
  tr::Operation& o = s.ops.back();
  o.dst.push_back(dst.second);
  o.a.push_back(a.second);
  if (!copy) o.b.push_back(b.second);
  o.thread.push_back(thread);
}

Item item_of(const TraceLayout& l, const Place& p) {
  switch (p.kind) {
    case Place::Kind::word:
      return {p.index, 0};
    case Place::Kind::reg:
      return {l.reg(p.index), p.lane};
    case Place::Kind::constant:
      return {l.constant_buffer(), constant_item(l, p.index)};
  }
  return {};
}

void set_stack_pc(const TraceLayout& l, int buffer, int depth, int32_t pc, tr::Step& s) {
  add_entry(s, tr::Operator::copy, {buffer, depth}, {l.constant_buffer(), constant_item(l, pc)}, {}, -1);
}

void set_stack_mask(const TraceLayout& l, int depth, uint32_t mask, tr::Step& s) {
  const Item entry{l.stack_mask(), depth}, identity{l.lane_bits(), -1};
  const std::vector<int> lanes = lanes_of(mask);
  if (lanes.empty()) return add_entry(s, tr::Operator::add, entry, identity, identity, -1);
  add_entry(s, tr::Operator::add, entry, identity, {l.lane_bits(), lanes[0]}, lanes[0]);
  for (size_t k = 1; k < lanes.size(); ++k)
    add_entry(s, tr::Operator::add, entry, entry, {l.lane_bits(), lanes[k]}, lanes[k]);
}

}  // namespace

TraceLayout::TraceLayout(const Recording& run)
    : words(static_cast<int>(run.start.words.size())),
      registers(static_cast<int>(run.start.registers.size())),
      depth(static_cast<int>(run.start_stack.size())) {
  for (const Tick& tick : run.ticks) depth = std::max(depth, static_cast<int>(tick.stack.size()));
  constants.push_back(-1);
  for (int pc = 0; pc < static_cast<int>(run.program.size()); ++pc) constants.push_back(pc);
  for (const Instruction& i : run.program) constants.insert(constants.end(), {i.imm, i.imm2});
  std::sort(constants.begin(), constants.end());
  constants.erase(std::unique(constants.begin(), constants.end()), constants.end());
}

void declare_buffers(const TraceLayout& l, const Warp& warp, tr::Trace& t) {
  using tr::ElementType;
  for (int w = 0; w < l.words; ++w)
    t.buffers.push_back(buffer(w, warp.word_names[size_t(w)], ElementType::i32, 1, tr::MemorySpace::global));
  for (int r = 0; r < l.registers; ++r)
    t.buffers.push_back(buffer(l.reg(r), warp.register_names[size_t(r)], ElementType::i32, kLanes));
  t.buffers.push_back(buffer(l.stack_pc(), "stack: pc", ElementType::i32, l.depth));
  t.buffers.push_back(buffer(l.stack_mask(), "stack: active mask", ElementType::u32, l.depth));
  t.buffers.push_back(buffer(l.stack_reconverge(), "stack: reconvergence pc", ElementType::i32, l.depth));
  t.buffers.push_back(
      buffer(l.constant_buffer(), "constants", ElementType::i32, int64_t(l.constants.size())));
  t.buffers.push_back(buffer(l.lane_bits(), "lane bits", ElementType::u32, kLanes));
}

void snapshot_constants(const TraceLayout& l, tr::Step& s) {
  s.snapshots.push_back({l.constant_buffer(), {}, {l.constants.begin(), l.constants.end()}});
  tr::Snapshot bits{l.lane_bits(), {}, {}};
  for (int lane = 0; lane < kLanes; ++lane) bits.values.push_back(lane_bit(lane));
  s.snapshots.push_back(bits);
}

void snapshot_state(const TraceLayout& l, const Warp& warp, const std::vector<StackEntry>& stack,
                    tr::Step& s) {
  for (int w = 0; w < l.words; ++w) s.snapshots.push_back({w, {}, {double(warp.words[size_t(w)])}});
  for (int r = 0; r < l.registers; ++r) {
    const auto& values = warp.registers[size_t(r)];
    s.snapshots.push_back({l.reg(r), {}, {values.begin(), values.end()}});
  }
  tr::Snapshot pc{l.stack_pc(), {}, {}}, mask{l.stack_mask(), {}, {}},
      reconverge{l.stack_reconverge(), {}, {}};
  for (int d = 0; d < l.depth; ++d) {
    const StackEntry e = entry_at(stack, d);
    pc.values.push_back(e.pc);
    mask.values.push_back(e.mask);
    reconverge.values.push_back(e.reconverge);
  }
  s.snapshots.insert(s.snapshots.end(), {pc, mask, reconverge});
}

void add_transfers(const TraceLayout& l, const std::vector<Transfer>& transfers, tr::Step& s) {
  for (const Transfer& t : transfers)
    add_entry(s, t.kind == Transfer::Kind::add ? tr::Operator::add : tr::Operator::copy, item_of(l, t.dst),
              item_of(l, t.a), item_of(l, t.b), t.lane);
}

void add_stack_writes(const TraceLayout& l, const std::vector<StackEntry>& before,
                      const std::vector<StackEntry>& after, tr::Step& s) {
  for (int d = 0; d < l.depth; ++d) {
    const StackEntry old = entry_at(before, d), now = entry_at(after, d);
    if (now.pc != old.pc) set_stack_pc(l, l.stack_pc(), d, now.pc, s);
    if (now.mask != old.mask) set_stack_mask(l, d, now.mask, s);
    if (now.reconverge != old.reconverge) set_stack_pc(l, l.stack_reconverge(), d, now.reconverge, s);
  }
}

}  // namespace gridlock::simt
