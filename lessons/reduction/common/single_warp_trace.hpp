// The recording of a single-warp lesson (R6, R8, R9): one launch of <<<1, 32>>> whose lanes log
// what they read and wrote, rebuilt on the host into the steps every such kernel has: the lanes
// load their values, five folds, every lane reads the result, every lane writes it out. A launch
// whose lanes did not read what lockstep gives is launched again (the facts say how often).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/lesson.hpp"
#include "reduction/common/reference.hpp"
#include "reduction/common/volatile_matrix.cuh"
#include "reduction/common/warp_trace.hpp"

namespace gridlock::reduction {

// What a lesson says about the steps of the form it records.
struct SingleWarpSteps {
  std::string kernel;      // the launch's name
  std::string load_label;  // phase comments: the load, the folds (and the read), the write
  std::string fold_label;
  std::string write_label;
  bool registers = false;  // the work buffer is a register per lane (shuffles), else shared memory
  int work_items = 32;     // items of the work buffer (48 with R8's padding)
  std::string work_name;   // "s", "v"
  std::string load_note, read_note;
  std::function<std::string(const trace::Operation&, int step)> fold_note;  // what fold step 1..5 did
  std::function<trace::LiveRange(int step)> live;                           // partial results after it
};

// The trace's element type and shape for n values of T.
template <typename T>
trace::ElementType element_type() {
  if constexpr (std::is_same_v<T, int>)
    return trace::ElementType::i32;
  else
    return trace::ElementType::u32;
}
template <typename T>
std::vector<int64_t> shape_of(int64_t n) {
  if constexpr (std::is_same_v<T, Mat2>)
    return {n, 2, 2};
  else
    return {n};
}
template <typename T>
std::vector<double> values_of(const std::vector<T>& v) {
  using gridlock::append_values;  // the scalars'; Mat2's is this namespace's own
  std::vector<double> out;
  for (const T& x : v) append_values(out, x);
  return out;
}

inline constexpr int kSingleWarpAttempts = 10;

// What the recorded launch returned to each of its 32 lanes, as a series whose reference is the
// CPU's answer (its matches are the lanes that were right): each lane's value where it is one
// number; where it is a matrix, 1 for a lane that was returned the CPU's matrix and 0 for one that
// was not.
template <typename T>
int add_lanes_series(trace::Trace& t, const std::vector<T>& answers, const T& expected) {
  trace::Series lanes;
  lanes.has_reference = true;
  if constexpr (std::is_same_v<T, Mat2>) {
    lanes.name = "lanes of the recorded launch returned the CPU's matrix (1) or another (0)";
    lanes.unit = "lanes";
    lanes.reference = 1;
    for (const T& a : answers) lanes.values.push_back(a == expected ? 1 : 0);
  } else {
    lanes.name = "what each lane of the recorded launch was returned (the reference: the CPU's answer)";
    lanes.unit = "value";
    lanes.reference = double(expected);
    for (const T& a : answers) lanes.values.push_back(double(a));
  }
  return trace::add_series(t, std::move(lanes));
}

// Records one launch: launch(in, out, recorder) launches the recording instantiation of the
// form; `input` holds its 32 values. Buffers: 0 in, 1 the work buffer, 2 what each lane was
// returned, 3 out; tracks: 0 the block, 1 its warp. Facts: recorded.result, recorded.expected,
// recorded.launches, recorded.warp_time, recorded.right_lanes; series: the recording's launches
// (add_launches_fact) and what each lane was returned (add_lanes_series).
template <typename Op, typename Launch>
void record_single_warp(LessonRun& run, const SingleWarpSteps& how, const std::vector<typename Op::T>& input,
                        Launch launch) {
  using T = typename Op::T;
  constexpr int kIn = 0, kWork = 1, kReturned = 2, kOut = 3, kReadStep = 6, kSteps = 7;
  std::array<SpaceBuffer, kLaneSpaces> spaces;
  spaces[kInputSpace] = {kIn, 32, "in"};
  spaces[how.registers ? kRegisterSpace : kSharedSpace] = {kWork, how.work_items, how.work_name};
  spaces[kReturnedSpace] = {kReturned, 32, "returned"};

  std::optional<LaneRecording<T>> rec;
  std::vector<ReplayedStep> replayed;
  std::vector<T> answers;
  run.clock().origin_ns();
  const LockstepAttempts attempts = record_in_lockstep(kSingleWarpAttempts, [&] {
    rec.emplace(typename LaneRecording<T>::Shape{1, 32, kSteps, 2});
    DeviceBuffer<T> in(input), out(32);
    launch(in.get(), out.get(), rec->device_view());
    CUDA_CHECK_LAUNCH();
    rec->download();
    answers = out.download();
    LaneReplay<Op> replay(spaces);
    replay.know(kInputSpace, input);
    replayed = replay_steps(replay, *rec, 0, 0, kSteps);
    return replay.surprises();
  });
  trace::Trace& t = run.trace();

  const trace::ElementType type = element_type<T>();
  t.buffers = {{kIn, "in", type, shape_of<T>(32), trace::MemorySpace::global, 0},
               {kWork, how.work_name, type, shape_of<T>(how.work_items),
                how.registers ? trace::MemorySpace::registers : trace::MemorySpace::shared, 0},
               {kReturned, "returned", type, shape_of<T>(32), trace::MemorySpace::registers, 0},
               {kOut, "out", type, shape_of<T>(32), trace::MemorySpace::global, 0}};
  declare_block_and_warps(t, 0, rec->sm_of(0), 1);
  const int id = run.add_launch(how.kernel, 1, 32);
  WarpTimeline<T> timeline(*rec, 0, 1, run.clock());
  auto add = [&](const std::string& label, const std::string& detail, const std::string& note, int step,
                 const std::string& slice) -> trace::Step& {
    trace::Step& s = run.add_step(label, detail, note, id);
    s.ops = replayed[size_t(step)].ops;
    s.snapshots = replayed[size_t(step)].snapshots;
    s.events = timeline.work(step, slice);
    return s;
  };

  const size_t first = t.steps.size();
  trace::Step& load = add(how.load_label, "", how.load_note, 0, "load");
  load.snapshots.insert(load.snapshots.begin(), trace::Snapshot{kIn, {}, values_of(input)});
  load.live.push_back({kWork, 0, 32, 1});
  for (int step = 1; step <= 5; ++step) {
    trace::Step& s =
        add(how.fold_label, "step " + std::to_string(step) + " of 5",
            how.fold_note(replayed[size_t(step)].ops.front(), step), step, "step " + std::to_string(step));
    trace::LiveRange live = how.live(step);
    live.buffer = kWork;
    s.live.push_back(live);
  }
  add(how.fold_label, "every lane reads the result", how.read_note, kReadStep, "read the result")
      .live.push_back({kReturned, 0, 32, 1});

  trace::Step& done = run.add_step(how.write_label, "", "Lane i copies what it was returned to out[i].", id);
  trace::Operation copy{trace::Operator::copy, kOut, kReturned, -1, {}, {}, {}, {}};
  for (int l = 0; l < 32; ++l) {
    copy.dst.push_back(l);
    copy.a.push_back(l);
    copy.thread.push_back(l);
  }
  done.ops.push_back(copy);
  done.snapshots.push_back({kOut, {}, values_of(answers)});
  done.live.push_back({kOut, 0, 32, 1});
  const auto [begin, end] = timeline.span();
  t.steps[first].events.insert(
      t.steps[first].events.begin(),
      make_event(0, trace::EventKind::slice_begin, begin, t.tracks[0].name, trace::Category::kernel));
  done.events.push_back(
      make_event(0, trace::EventKind::slice_end, end, t.tracks[0].name, trace::Category::kernel));

  const int last_step = int(t.steps.size()) - 1;
  // What lane 0 was returned: out[0] in the last step's snapshot (a matrix's four words, or one
  // number); the right answer: the input's snapshot folded in lane order, as the CPU does.
  trace::set_fact(t, "recorded.result", trace::snapshot_item_fact(t, last_step, kOut, 0));
  trace::set_fact(t, "recorded.expected", trace::snapshot_fold_fact(t, int(first), kIn, Op::kTraceOp));
  add_launches_fact(t, attempts);
  // The warp's time: from the kernel slice's begin to its end, as the steps hold them.
  trace::set_fact(t, "recorded.warp_time",
                  trace::duration_fact(t, {int(first), 0}, {last_step, int(t.steps.back().events.size()) - 1},
                                       trace::FactUnit::ns, 0));
  trace::set_fact(t, "recorded.right_lanes",
                  trace::series_matches_fact(t, add_lanes_series(t, answers, cpu_reduce<Op>(input))));
}

}  // namespace gridlock::reduction
