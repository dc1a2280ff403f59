// Writes a lockstep recording as trace buffers, tracks and steps (trace_steps.hpp).
#include "simt/trace_steps.hpp"

#include <algorithm>
#include <stdexcept>

namespace gridlock::simt {
namespace {

namespace tr = gridlock::trace;

// The run's buffers, by id: memory words, registers, the stack's three columns at a fixed depth,
// and the constants and lane bits the operations copy from.
struct Layout {
  explicit Layout(const Recording& run);

  int words, registers, depth;
  std::vector<int32_t> constants;  // ascending: -1 (no pc), every pc, every immediate
  int reg(int r) const { return words + r; }
  int stack_pc() const { return words + registers; }
  int stack_mask() const { return stack_pc() + 1; }
  int stack_reconverge() const { return stack_pc() + 2; }
  int constant_buffer() const { return stack_pc() + 3; }
  int lane_bits() const { return stack_pc() + 4; }
  int64_t constant_item(int32_t value) const {
    return std::lower_bound(constants.begin(), constants.end(), value) - constants.begin();
  }
};

Layout::Layout(const Recording& run)
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

void declare_buffers(const Layout& l, const Warp& warp, tr::Trace& t) {
  using tr::ElementType, tr::MemorySpace;
  for (int w = 0; w < l.words; ++w)
    t.buffers.push_back(
        {w, warp.word_names[static_cast<size_t>(w)], ElementType::i32, {1}, MemorySpace::global, -1});
  for (int r = 0; r < l.registers; ++r)
    t.buffers.push_back({l.reg(r),
                         warp.register_names[static_cast<size_t>(r)],
                         ElementType::i32,
                         {kLanes},
                         MemorySpace::registers,
                         -1});
  t.buffers.push_back({l.stack_pc(), "stack: pc", ElementType::i32, {l.depth}, MemorySpace::registers, -1});
  t.buffers.push_back(
      {l.stack_mask(), "stack: active mask", ElementType::u32, {l.depth}, MemorySpace::registers, -1});
  t.buffers.push_back({l.stack_reconverge(),
                       "stack: reconvergence pc",
                       ElementType::i32,
                       {l.depth},
                       MemorySpace::registers,
                       -1});
  t.buffers.push_back({l.constant_buffer(),
                       "constants",
                       ElementType::i32,
                       {static_cast<int64_t>(l.constants.size())},
                       MemorySpace::registers,
                       -1});
  t.buffers.push_back({l.lane_bits(), "lane bits", ElementType::u32, {kLanes}, MemorySpace::registers, -1});
}

void declare_tracks(const Warp& warp, tr::Trace& t) {
  t.tracks.push_back({kWarpTrack, tr::TrackKind::warp, "warp 0", -1, -1, 0, 0, -1, -1});
  for (int lane = 0; lane < kLanes; ++lane)
    t.tracks.push_back({lane_track(lane), tr::TrackKind::lane, "lane " + std::to_string(lane), kWarpTrack, -1,
                        0, 0, lane, -1});
  for (size_t w = 0; w < warp.word_names.size(); ++w)
    t.tracks.push_back(
        {word_track(static_cast<int>(w)), tr::TrackKind::memory, warp.word_names[w], -1, -1, -1, -1, -1, -1});
}

// ---- snapshots ----------------------------------------------------------------------------------

StackEntry entry_at(const std::vector<StackEntry>& stack, int d) {
  return d < static_cast<int>(stack.size()) ? stack[static_cast<size_t>(d)] : StackEntry{-1, 0, -1};
}

void snapshot_state(const Layout& l, const Warp& warp, const std::vector<StackEntry>& stack, tr::Step& s) {
  for (int w = 0; w < l.words; ++w)
    s.snapshots.push_back({w, {}, {double(warp.words[static_cast<size_t>(w)])}});
  for (int r = 0; r < l.registers; ++r) {
    const auto& values = warp.registers[static_cast<size_t>(r)];
    s.snapshots.push_back({l.reg(r), {}, {values.begin(), values.end()}});
  }
  tr::Snapshot pcs{l.stack_pc(), {}, {}}, masks{l.stack_mask(), {}, {}},
      reconverge{l.stack_reconverge(), {}, {}};
  for (int d = 0; d < l.depth; ++d) {
    const StackEntry e = entry_at(stack, d);
    pcs.values.push_back(e.pc);
    masks.values.push_back(e.mask);
    reconverge.values.push_back(e.reconverge);
  }
  s.snapshots.insert(s.snapshots.end(), {pcs, masks, reconverge});
}

void snapshot_constants(const Layout& l, tr::Step& s) {
  s.snapshots.push_back({l.constant_buffer(), {}, {l.constants.begin(), l.constants.end()}});
  tr::Snapshot bits{l.lane_bits(), {}, {}};
  for (int lane = 0; lane < kLanes; ++lane) bits.values.push_back(lane_bit(lane));
  s.snapshots.push_back(bits);
}

// ---- operations ---------------------------------------------------------------------------------

// Appends entries to a step's operations, extending the last operation when it has the same
// operator and buffers, so the order of the entries is the order of the writes.
void add_entry(tr::Step& s, tr::Operator op, std::pair<int, int64_t> dst, std::pair<int, int64_t> a,
               std::pair<int, int64_t> b, int thread) {
  const bool copy = op == tr::Operator::copy;
  if (s.ops.empty() || s.ops.back().op != op || s.ops.back().dst_buffer != dst.first ||
      s.ops.back().a_buffer != a.first || s.ops.back().b_buffer != (copy ? -1 : b.first))
    s.ops.push_back({op, dst.first, a.first, copy ? -1 : b.first, {}, {}, {}, {}});
  tr::Operation& o = s.ops.back();
  o.dst.push_back(dst.second);
  o.a.push_back(a.second);
  if (!copy) o.b.push_back(b.second);
  o.thread.push_back(thread);
}

std::pair<int, int64_t> item_of(const Layout& l, const Place& p) {
  switch (p.kind) {
    case Place::Kind::word:
      return {p.index, 0};
    case Place::Kind::reg:
      return {l.reg(p.index), p.lane};
    case Place::Kind::constant:
      return {l.constant_buffer(), l.constant_item(p.index)};
  }
  return {};
}

void add_transfers(const Layout& l, const std::vector<Transfer>& transfers, tr::Step& s) {
  for (const Transfer& t : transfers)
    add_entry(s, t.kind == Transfer::Kind::add ? tr::Operator::add : tr::Operator::copy, item_of(l, t.dst),
              item_of(l, t.a), item_of(l, t.b), t.lane);
}

// The scheduler (thread -1) copies a pc from the constants. A mask is a sum that starts at add's
// identity (-1 as an operand: 0) and to which each of its lanes adds its own bit.
void set_stack_pc(const Layout& l, int buffer, int d, int32_t pc, tr::Step& s) {
  add_entry(s, tr::Operator::copy, {buffer, d}, {l.constant_buffer(), l.constant_item(pc)}, {}, -1);
}

void set_stack_mask(const Layout& l, int d, uint32_t mask, tr::Step& s) {
  const std::vector<int> lanes = lanes_of(mask);
  if (lanes.empty())
    return add_entry(s, tr::Operator::add, {l.stack_mask(), d}, {l.lane_bits(), -1}, {l.lane_bits(), -1}, -1);
  add_entry(s, tr::Operator::add, {l.stack_mask(), d}, {l.lane_bits(), -1}, {l.lane_bits(), lanes[0]},
            lanes[0]);
  for (size_t k = 1; k < lanes.size(); ++k)
    add_entry(s, tr::Operator::add, {l.stack_mask(), d}, {l.stack_mask(), d}, {l.lane_bits(), lanes[k]},
              lanes[k]);
}

void add_stack_writes(const Layout& l, const std::vector<StackEntry>& before,
                      const std::vector<StackEntry>& after, tr::Step& s) {
  for (int d = 0; d < l.depth; ++d) {
    const StackEntry old = entry_at(before, d), now = entry_at(after, d);
    if (now.pc != old.pc) set_stack_pc(l, l.stack_pc(), d, now.pc, s);
    if (now.mask != old.mask) set_stack_mask(l, d, now.mask, s);
    if (now.reconverge != old.reconverge) set_stack_pc(l, l.stack_reconverge(), d, now.reconverge, s);
  }
}

// ---- events -------------------------------------------------------------------------------------

void add_slice(tr::Step& s, int track, int64_t begin, const std::string& name, tr::Category category) {
  s.events.push_back({track, tr::EventKind::slice_begin, begin, name, category, 0, {}, {}});
  s.events.push_back({track, tr::EventKind::slice_end, begin + 1, name, category, 0, {}, {}});
}

void add_slices(const Recording& run, size_t tick, const ActiveLaneCategory& category, tr::Step& s) {
  const Issue& issue = run.ticks[tick].issue;
  const auto t = static_cast<int64_t>(tick);
  const std::string what = "pc " + std::to_string(issue.pc) + ": " + to_text(run.program[size_t(issue.pc)]);
  tr::Step lanes;
  std::vector<tr::Category> active;
  for (int lane = 0; lane < kLanes; ++lane) {
    if (has_lane(run.warp_before(tick).exited, lane)) continue;
    if (has_lane(issue.active, lane)) {
      active.push_back(category(tick, lane));
      add_slice(lanes, lane_track(lane), t, what, active.back());
    } else {
      const int pc = next_pc_of(run.stack_before(tick), lane);
      add_slice(lanes, lane_track(lane), t, "wait at pc " + std::to_string(pc), tr::Category::wait);
    }
  }
  // The warp's slice has its lanes' category where they all agree.
  const bool alike =
      std::all_of(active.begin(), active.end(), [&](tr::Category c) { return c == active[0]; });
  add_slice(s, kWarpTrack, t, what, alike && !active.empty() ? active[0] : tr::Category::work);
  s.events.insert(s.events.end(), lanes.events.begin(), lanes.events.end());
}

void add_counters(const Recording& run, size_t tick, tr::Step& s) {
  const Warp& before = run.warp_before(tick);
  const Warp& after = run.ticks[tick].warp;
  for (size_t w = 0; w < after.words.size(); ++w) {
    const int track = word_track(static_cast<int>(w));
    if (tick == 0)
      s.events.push_back({track,
                          tr::EventKind::counter,
                          0,
                          before.word_names[w],
                          tr::Category::other,
                          double(before.words[w]),
                          {},
                          {}});
    if (after.words[w] != before.words[w])
      s.events.push_back({track,
                          tr::EventKind::counter,
                          int64_t(tick) + 1,
                          after.word_names[w],
                          tr::Category::other,
                          double(after.words[w]),
                          {},
                          {}});
  }
}

std::string detail_of(const Recording& run, size_t tick) {
  const Issue& issue = run.ticks[tick].issue;
  return "pc " + std::to_string(issue.pc) + ": " + to_text(run.program[size_t(issue.pc)]) + " \u00b7 " +
         lanes_text(issue.active) + " active \u00b7 stack depth " +
         std::to_string(run.stack_before(tick).size());
}

tr::Step new_step(const Recording& run, size_t tick, const tr::Trace& t, int launch) {
  const Instruction& i = run.program[size_t(run.ticks[tick].issue.pc)];
  const tr::LineRange lines = tr::find_phase_lines(t.sources.at(0).text, i.phase);
  if (lines.begin == 0)
    throw std::invalid_argument("\"" + i.phase + "\" is not one phase comment of " + t.sources[0].file);
  tr::Step s;
  s.label = i.phase;
  s.detail = detail_of(run, tick);
  s.line_begin = lines.begin;
  s.line_end = lines.end;
  s.launch = launch;
  return s;
}

}  // namespace

void add_steps(const Recording& run, const ActiveLaneCategory& category, int launch, trace::Trace& t) {
  const Layout layout(run);
  declare_buffers(layout, run.start, t);
  declare_tracks(run.start, t);
  for (size_t tick = 0; tick < run.ticks.size(); ++tick) {
    tr::Step s = new_step(run, tick, t, launch);
    if (tick == 0) snapshot_constants(layout, s);
    add_transfers(layout, run.ticks[tick].issue.transfers, s);
    add_stack_writes(layout, run.stack_before(tick), run.ticks[tick].stack, s);
    snapshot_state(layout, run.ticks[tick].warp, run.ticks[tick].stack, s);
    add_slices(run, tick, category, s);
    add_counters(run, tick, s);
    t.steps.push_back(std::move(s));
  }
}

}  // namespace gridlock::simt
