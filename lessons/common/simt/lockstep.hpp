// The pre-Volta lockstep scheduler: the lanes of a warp share one program counter, and a SIMT
// reconvergence stack remembers the paths that diverged until they meet again.
//
// The rules, all of them:
//  1. The warp issues the instruction at the pc of the top entry, for the entry's lanes that have
//     not exited. Exit marks those lanes exited; any other instruction but a branch moves the top
//     entry to the next pc.
//  2. A branch that all of those lanes take, or none, moves the top entry to the target or the next
//     pc. A divergent branch turns the top entry into the reconvergence entry (its pc becomes the
//     branch's reconvergence pc; if the top entry already reconverges at that pc, it is removed
//     instead, as the entry below is that reconvergence entry) and pushes the path that falls
//     through, then the path that takes the branch, each with its lanes and that reconvergence pc;
//     so the taken path (the one that stays in a loop) runs first. A path that starts at the
//     reconvergence pc is not pushed: its lanes wait in the reconvergence entry.
//  3. An entry that reaches its reconvergence pc is popped, and so is an entry whose lanes have all
//     exited; the entry below continues with its lanes. The warp is done when the stack is empty.
#pragma once

#include <cstdint>
#include <vector>

#include "simt/scheduler.hpp"

namespace gridlock::simt {

struct StackEntry {
  int pc = 0;
  uint32_t mask = 0;    // the lanes of this path
  int reconverge = -1;  // where the path meets the others again; -1: never (the warp's first entry)
  bool operator==(const StackEntry& o) const {
    return pc == o.pc && mask == o.mask && reconverge == o.reconverge;
  }
};

class LockstepScheduler : public Scheduler {
 public:
  LockstepScheduler();  // one entry: pc 0, all 32 lanes

  bool finished() const override { return stack_.empty(); }
  Issue issue(const Program& program, Warp& warp) override;
  std::vector<int64_t> state() const override;

  const std::vector<StackEntry>& stack() const { return stack_; }

 private:
  void branch(const Instruction& branch, int pc, uint32_t active, uint32_t taken);
  void pop_finished_entries(uint32_t exited);

  std::vector<StackEntry> stack_;  // back() is the top
};

// The lanes that wait below the top of a stack, grouped by the entry they wait in (top first), and
// the pc they wait at: each lane in the highest entry that holds it. Exited lanes are left out.
struct WaitingLanes {
  int pc = 0;
  uint32_t lanes = 0;
};
std::vector<WaitingLanes> waiting_lanes(const std::vector<StackEntry>& stack, uint32_t exited);

// The pc a lane will run next: that of the highest entry holding it; -1 when none does.
int next_pc_of(const std::vector<StackEntry>& stack, int lane);

}  // namespace gridlock::simt
