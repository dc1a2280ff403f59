// What a scheduler of the SIMT model does: pick the next warp instruction and the lanes that run
// it. The lockstep scheduler (lockstep.hpp) is the one there is; others (independent thread
// scheduling) would implement the same interface.
#pragma once

#include <cstdint>
#include <vector>

#include "simt/program.hpp"
#include "simt/warp.hpp"

namespace gridlock::simt {

// One warp instruction issued: where, by whom, and what it did.
struct Issue {
  int pc = 0;
  uint32_t active = 0;              // the lanes that ran it
  uint32_t taken = 0;               // a branch: the active lanes that took it
  std::vector<Transfer> transfers;  // the values it moved, in the order they were moved
};

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  virtual bool finished() const = 0;
  // Issues the next warp instruction of `program` on `warp`. Not to be called once finished().
  virtual Issue issue(const Program& program, Warp& warp) = 0;
  // Everything the scheduler keeps, as numbers: with Warp::state() it decides all that follows.
  virtual std::vector<int64_t> state() const = 0;
};

}  // namespace gridlock::simt
