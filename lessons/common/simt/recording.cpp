// Recording a lockstep run tick by tick.
#include "simt/recording.hpp"

namespace gridlock::simt {

Recording record_lockstep(const Program& program, int64_t step_bound) {
  LockstepScheduler scheduler;
  Warp warp(program);
  Recording rec{program, warp, scheduler.stack(), {}, {}};
  rec.result = run(program, scheduler, warp, step_bound, [&](const Issue& issue) {
    rec.ticks.push_back({issue, warp, scheduler.stack()});
  });
  return rec;
}

}  // namespace gridlock::simt
