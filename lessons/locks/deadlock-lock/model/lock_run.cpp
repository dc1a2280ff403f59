// Running a lock kernel in the lockstep model and following the lock through the run.
#include "lock_run.hpp"

#include <algorithm>
#include <bitset>
#include <cctype>

namespace l3::model {
namespace {

namespace simt = gridlock::simt;
namespace tr = gridlock::trace;

// The lane that wrote `value` to the lock word in a tick, -1 if none did.
int lane_writing(const simt::Recording& rec, size_t tick, int32_t value) {
  const int lock = rec.start.word_index(kLockWord);
  for (const simt::Transfer& t : rec.ticks[tick].issue.transfers)
    if (t.dst.kind == simt::Place::Kind::word && t.dst.index == lock &&
        rec.ticks[tick].warp.value(t.a) == value)
      return t.lane;
  return -1;
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

// The lanes as the subject of a verb: "lane 0 takes", "lanes 1–31 take".
std::string lanes_do(uint32_t lanes, const std::string& one, const std::string& many) {
  return simt::lanes_text(lanes) + " " + (std::bitset<32>(lanes).count() == 1 ? one : many);
}

std::string pc_text(int pc) { return "pc " + std::to_string(pc); }

// What a branch did to the warp (a sentence without its full stop).
std::string branch_note(const simt::Recording& rec, size_t tick) {
  const simt::Issue& issue = rec.ticks[tick].issue;
  const simt::Instruction& branch = rec.program[static_cast<size_t>(issue.pc)];
  const uint32_t taken = issue.taken, fall = issue.active & ~issue.taken;
  const std::string to_target = " the branch to " + pc_text(branch.target);
  const std::string to_next = " on at " + pc_text(issue.pc + 1);
  if (fall == 0) return capitalized(lanes_do(taken, "takes", "take")) + to_target;
  if (taken == 0) return capitalized(lanes_do(fall, "goes", "go")) + to_next;
  const std::string meet = pc_text(branch.reconverge);
  if (branch.target == branch.reconverge)
    return "The warp diverges: " + lanes_do(fall, "goes", "go") + to_next + " while " +
           lanes_do(taken, "waits", "wait") + " at " + meet + ", the reconvergence point";
  if (issue.pc + 1 == branch.reconverge)
    return "The warp diverges: " + lanes_do(taken, "takes", "take") + to_target + " while " +
           lanes_do(fall, "waits", "wait") + " at " + meet + ", the reconvergence point";
  return "The warp diverges: " + lanes_do(taken, "takes", "take") + to_target + " first, then " +
         lanes_do(fall, "goes", "go") + to_next + "; they meet at " + meet;
}

// Who took the lock with an atomicCAS and who found it taken (a sentence without its full stop).
std::string lock_note(const LockRun& run, size_t tick) {
  const simt::Issue& issue = run.recording.ticks[tick].issue;
  const int taker = run.taken_by[tick];
  const uint32_t failed = taker >= 0 ? issue.active & ~simt::lane_bit(taker) : issue.active;
  std::string note =
      taker >= 0 ? "lane " + std::to_string(taker) + " takes the lock: atomicCAS reads 0 and writes 1" : "";
  if (failed != 0)
    note += (note.empty() ? "" : "; ") + lanes_do(failed, "finds", "find") +
            (note.empty() ? " the lock" : " it") + " taken: atomicCAS reads 1 and writes nothing";
  return capitalized(note);
}

}  // namespace

int32_t LockRun::count() const {
  const simt::Warp& warp = recording.final_warp();
  return warp.words[static_cast<size_t>(warp.word_index(kCountWord))];
}

LockRun run_lock_kernel(const LockKernel& kernel, int64_t step_bound) {
  LockRun run{kernel, simt::record_lockstep(kernel.program, step_bound), {}, {}, {}, {}};
  int holder = -1;
  for (size_t tick = 0; tick < run.recording.ticks.size(); ++tick) {
    run.taken_by.push_back(lane_writing(run.recording, tick, 1));
    run.given_back_by.push_back(lane_writing(run.recording, tick, 0));
    if (run.given_back_by.back() >= 0) holder = -1;
    if (run.taken_by.back() >= 0) {
      holder = run.taken_by.back();
      run.acquisitions.push_back(holder);
    }
    run.holder_after.push_back(holder);
  }
  return run;
}

tr::Category active_lane_category(const LockRun& run, size_t tick, int lane) {
  if (run.holder_before(tick) == lane || run.holder_after[tick] == lane) return tr::Category::critical;
  const auto before = run.taken_by.begin() + static_cast<std::ptrdiff_t>(tick);
  const bool had_the_lock = std::find(run.taken_by.begin(), before, lane) != before;
  const std::vector<int>& loop = run.kernel.spin_loop;
  const bool in_loop = std::find(loop.begin(), loop.end(), run.recording.ticks[tick].issue.pc) != loop.end();
  return in_loop && !had_the_lock ? tr::Category::spin : tr::Category::work;
}

std::string note_of(const LockRun& run, size_t tick) {
  const simt::Recording& rec = run.recording;
  const simt::Tick& now = rec.ticks[tick];
  const simt::Instruction& i = rec.program[static_cast<size_t>(now.issue.pc)];
  std::string note;
  if (i.op == simt::Opcode::branch_if)
    note = branch_note(rec, tick);
  else if (i.op == simt::Opcode::atomic_cas)
    note = lock_note(run, tick);
  else if (run.given_back_by[tick] >= 0)
    note = capitalized(lanes_do(now.issue.active, "gives", "give")) + " the lock back: atomicExch writes 0";
  else if (i.op == simt::Opcode::exit)
    note = capitalized(lanes_do(now.issue.active, "leaves", "leave")) + " the kernel";
  else
    note = capitalized(lanes_do(now.issue.active, "runs", "run")) + " " + simt::to_text(i);
  if (!now.stack.empty() && now.stack.size() < rec.stack_before(tick).size() && i.op != simt::Opcode::exit)
    note += "; the path ends at its reconvergence point, where " +
            lanes_do(now.stack.back().mask & ~now.warp.exited, "goes", "go") + " on at " +
            pc_text(now.stack.back().pc);
  note += ".";
  return note;
}

}  // namespace l3::model
