// The lockstep scheduler's rules (lockstep.hpp), one function each.
#include "simt/lockstep.hpp"

#include <stdexcept>

namespace gridlock::simt {

LockstepScheduler::LockstepScheduler() : stack_{{0, kAllLanes, -1}} {}

Issue LockstepScheduler::issue(const Program& program, Warp& warp) {
  if (finished()) throw std::logic_error("the warp has finished: nothing to issue");
  StackEntry& top = stack_.back();
  Issue issue;
  issue.pc = top.pc;
  issue.active = top.mask & ~warp.exited;
  const Instruction& instruction = program.at(static_cast<size_t>(top.pc));
  if (instruction.op == Opcode::branch_if) {
    for (int lane : lanes_of(issue.active))
      if (takes_branch(instruction, warp, lane)) issue.taken |= lane_bit(lane);
    branch(instruction, issue.pc, issue.active, issue.taken);
  } else if (instruction.op == Opcode::exit) {
    warp.exited |= issue.active;
  } else {
    issue.transfers = execute(instruction, issue.active, warp);
    ++top.pc;
  }
  pop_finished_entries(warp.exited);
  return issue;
}

void LockstepScheduler::branch(const Instruction& branch, int pc, uint32_t active, uint32_t taken) {
  StackEntry& top = stack_.back();
  if (taken == active || taken == 0) {
    top.pc = taken == active ? branch.target : pc + 1;
    return;
  }
  // The top entry becomes the reconvergence entry, unless it reconverges there already: then the
  // entry below it is that entry, and the two paths take the top's place.
  if (top.reconverge == branch.reconverge)
    stack_.pop_back();
  else
    top.pc = branch.reconverge;
  const StackEntry fall_through{pc + 1, active & ~taken, branch.reconverge};
  const StackEntry taken_path{branch.target, taken, branch.reconverge};
  for (const StackEntry& path : {fall_through, taken_path})
    if (path.pc != path.reconverge) stack_.push_back(path);
}

void LockstepScheduler::pop_finished_entries(uint32_t exited) {
  while (!stack_.empty() &&
         (stack_.back().pc == stack_.back().reconverge || (stack_.back().mask & ~exited) == 0))
    stack_.pop_back();
}

std::vector<int64_t> LockstepScheduler::state() const {
  std::vector<int64_t> numbers;
  for (const StackEntry& e : stack_) numbers.insert(numbers.end(), {e.pc, e.mask, e.reconverge});
  return numbers;
}

std::vector<WaitingLanes> waiting_lanes(const std::vector<StackEntry>& stack, uint32_t exited) {
  std::vector<WaitingLanes> waiting;
  if (stack.empty()) return waiting;
  uint32_t placed = stack.back().mask | exited;
  for (auto e = stack.rbegin() + 1; e != stack.rend(); ++e) {
    const uint32_t lanes = e->mask & ~placed;
    if (lanes != 0) waiting.push_back({e->pc, lanes});
    placed |= lanes;
  }
  return waiting;
}

int next_pc_of(const std::vector<StackEntry>& stack, int lane) {
  for (auto e = stack.rbegin(); e != stack.rend(); ++e)
    if (has_lane(e->mask, lane)) return e->pc;
  return -1;
}

}  // namespace gridlock::simt
