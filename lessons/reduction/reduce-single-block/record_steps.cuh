// R1 recording: one launch of the Record=true instantiation on the first seed's input, turned
// into trace steps whose labels are the kernel's phase comments, and the facts the README quotes.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "common/units.hpp"
#include "reduction/common/reference.hpp"
#include "reduction/common/trace_parts.hpp"

namespace r1 {

namespace tr = gridlock::trace;
using gridlock::reduction::Sum;

constexpr int kInput = 0, kAccumulators = 1, kShared = 2, kOut = 3;
constexpr int kBlockTrack = 0, kFirstWarpTrack = 1;
constexpr int64_t kLargestRecordedInput = 1 << 16;  // larger inputs are not copied into the trace

// "threads 0–783 fold 10 elements each, threads 784–1023 fold 9", from what each thread loaded.
inline std::string fold_counts(const gridlock::TreeRecording<int>& rec, int block) {
  std::string text;
  for (int first = 0; first < block;) {
    const size_t count = rec.loads_of(0, first).size();
    int last = first;
    while (last + 1 < block && rec.loads_of(0, last + 1).size() == count) ++last;
    const std::string who = first == last
                                ? "thread " + std::to_string(first)
                                : "threads " + std::to_string(first) + "\xE2\x80\x93" + std::to_string(last);
    const std::string what = text.empty() ? " elements each" : "";
    text += (text.empty() ? "" : ", ") + who + " fold " + std::to_string(count) + what;
    first = last + 1;
  }
  return text;
}

inline void declare_buffers_and_tracks(tr::Trace& t, int64_t n, int block, unsigned sm, int warps) {
  using gridlock::int_buffer;
  t.buffers = {int_buffer(kInput, "in", n, tr::MemorySpace::global),
               int_buffer(kAccumulators, "acc", block, tr::MemorySpace::registers),
               int_buffer(kShared, "r", block, tr::MemorySpace::shared),
               int_buffer(kOut, "out", 1, tr::MemorySpace::global)};
  gridlock::add_block_track(t, -1, 0, int(sm));  // kBlockTrack, then the warps from kFirstWarpTrack
  for (int w = 0; w < warps; ++w) gridlock::add_warp_track(t, kBlockTrack, 0, w, int(sm));
}

inline void record_steps(gridlock::LessonRun& run) {
  const auto& o = run.options();
  const int levels = __builtin_ctz(unsigned(o.block));
  const bool input_recorded = o.n <= kLargestRecordedInput;
  const std::vector<int> host = gridlock::reduction::input_for<Sum>(o.n, o.seed);
  gridlock::DeviceBuffer<int> in(host), out(1);
  out.poison();
  gridlock::TreeRecording<int> rec(
      {/*grid=*/1, o.block, /*steps=*/1 + levels, input_recorded ? int((o.n + o.block - 1) / o.block) : 0});
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  gridlock::with_block_size(o.block, [&](auto B) {
    reduce_single_block<B, true, Sum><<<1, B.value>>>(in.get(), int(o.n), out.get(), rec.device_view());
  });
  CUDA_CHECK_LAUNCH();
  rec.download();
  const int result = out.download_one();
  if (result != gridlock::reduction::cpu_reduce<Sum>(host))
    run.check_failed("the recorded run's sum differs from the CPU reference");

  tr::Trace& t = run.trace();
  declare_buffers_and_tracks(t, o.n, o.block, rec.sm_of(0), rec.warps_per_block());
  const int launch = run.add_launch("reduce_single_block<" + std::to_string(o.block) + ">", 1, o.block);
  if (rec.dropped() > 0 && input_recorded)
    t.notices.push_back(std::to_string(rec.dropped()) +
                        " recorded events did not fit their log and are missing");
  const auto [block_begin, block_end] = rec.block_span(0, clock);

  const size_t load_step = t.steps.size();
  tr::Step& load = run.add_step("PHASE 1: strided load", input_recorded ? fold_counts(rec, o.block) : "",
                                "Thread i folds in[i], in[i + " + std::to_string(o.block) +
                                    "], ... into its accumulator on its own, then stores it in r[i].",
                                launch);
  if (!rec.loads_even())
    run.check_failed("a thread's loads were not evenly spaced: the strided load is broken");
  if (input_recorded) {
    load.snapshots.push_back({kInput, {}, {host.begin(), host.end()}});
    load.ops.push_back(rec.fold_ops(Sum::kTraceOp, kAccumulators, kInput, 0));
  } else {
    t.notices.push_back("the input (" + std::to_string(o.n) + " elements, more than " +
                        std::to_string(kLargestRecordedInput) +
                        ") is not recorded: the load step's values cannot be checked against it");
  }
  tr::Operation store{tr::Operator::copy, kShared, kAccumulators, -1, {}, {}, {}, {}};
  for (int i = 0; i < o.block; ++i) {
    store.dst.push_back(i);
    store.a.push_back(i);
    store.thread.push_back(i);
  }
  load.ops.push_back(store);
  load.snapshots.push_back(rec.snapshot(kShared, 0, 0));
  load.live.push_back({kShared, 0, o.block, 1});
  load.events = rec.warp_events(0, 0, kFirstWarpTrack, "strided load", clock);

  // One value per addition made at a level where only warp 0 adds, the level's number: how many
  // levels (and additions) a warp-level reduction could do without a barrier.
  tr::Series warp0_alone{"tree level of each addition made while warp 0 alone adds", "level", {}};
  for (int level = 1, size = o.block / 2; size > 0; ++level, size /= 2) {
    tr::Step& s = run.add_step(
        "PHASE 2: halving tree",
        "level " + std::to_string(level) + " of " + std::to_string(levels) + ", size " + std::to_string(size),
        "Threads 0.." + std::to_string(size - 1) + " each add r[i + " + std::to_string(size) +
            "] into r[i]; the other threads only wait at the barrier.",
        launch);
    s.snapshots.push_back(rec.snapshot(kShared, 0, level));
    s.ops.push_back(rec.combines(Sum::kTraceOp, kShared, 0, level));
    s.live.push_back({kShared, 0, size, 1});
    s.events = rec.warp_events(0, level, kFirstWarpTrack, "level " + std::to_string(level), clock);
    const std::vector<int64_t>& threads = s.ops.back().thread;
    if (!threads.empty() && *std::max_element(threads.begin(), threads.end()) < 32)
      warp0_alone.values.insert(warp0_alone.values.end(), threads.size(), double(level));
  }
  gridlock::reduction::add_slice(t, load_step, load_step + size_t(levels), kBlockTrack,
                                 {block_begin, block_end}, t.tracks[0].name);

  tr::Step& done = run.add_step("PHASE 3: write the result", "",
                                "Thread 0 copies r[0] to out: " + std::to_string(result) + ".", launch);
  done.ops.push_back({tr::Operator::copy, kOut, kShared, -1, {0}, {0}, {}, {0}});
  done.snapshots.push_back({kOut, {}, {double(result)}});
  done.live.push_back({kShared, 0, 1, 1});

  // Facts the README quotes, each taken from what holds it: the block's slice begins at its start;
  // the warps' loads end at the first barrier; the levels between barriers; what each thread
  // folded and which levels warp 0 ran alone, as series.
  const tr::EventRef started =
      tr::find_event(t, kBlockTrack, block_begin, tr::EventKind::slice_begin, tr::Category::kernel);
  tr::EventRef first_done{int(load_step), -1}, last_done{int(load_step), -1};
  const std::vector<tr::Event>& loads = t.steps[load_step].events;  // `load` no longer refers to it
  for (size_t e = 0; e < loads.size(); ++e)
    if (loads[e].category == tr::Category::work && loads[e].kind == tr::EventKind::slice_end) {
      if (first_done.event < 0 || loads[e].t_ns < loads[size_t(first_done.event)].t_ns)
        first_done.event = int(e);
      if (last_done.event < 0 || loads[e].t_ns > loads[size_t(last_done.event)].t_ns)
        last_done.event = int(e);
    }
  const auto us = [&](tr::EventRef from, tr::EventRef to) {
    return tr::duration_fact(t, from, to, tr::FactUnit::us, 2);
  };
  // The elements each thread folded: its load run, recorded whether or not the input is.
  tr::Series folds{"elements each thread folded in the strided load", "elements", {}};
  for (int i = 0; i < o.block; ++i) folds.values.push_back(double(rec.load_run(0, i).count));
  const int per_thread = tr::add_series(t, folds);
  tr::set_fact(t, "load.folds", tr::series_range_fact(t, per_thread));
  tr::set_fact(t, "load.folds.most_often", tr::series_mode_fact(t, per_thread));
  tr::set_fact(t, "load.folds.most_often.threads", tr::series_mode_count_fact(t, per_thread));
  tr::set_fact(t, "load.first_warp_done", us(started, first_done));
  tr::set_fact(t, "load.last_warp_done", us(started, last_done));
  const gridlock::reduction::TreeLevelTimes level_times =
      gridlock::reduction::add_tree_level_times(t, int(load_step) + 1, levels);
  const auto by_value = [](const tr::FactValue& a, const tr::FactValue& b) { return a.value < b.value; };
  tr::set_fact(t, "tree.levels", tr::series_count_fact(t, level_times.series));
  tr::set_fact(t, "tree.shortest_level",
               *std::min_element(level_times.spans.begin(), level_times.spans.end(), by_value));
  tr::set_fact(t, "tree.longest_level",
               *std::max_element(level_times.spans.begin(), level_times.spans.end(), by_value));
  // The values run from the lowest such level up, so the first is where warp 0 starts alone.
  const int alone = tr::add_series(t, warp0_alone);
  tr::set_fact(t, "tree.single_warp_from", tr::series_value_fact(t, alone, 0, false));
  tr::set_fact(t, "tree.single_warp_levels", tr::series_distinct_fact(t, alone));
  tr::set_fact(t, "tree.single_warp_adds", tr::series_count_fact(t, alone));
  // The block's slice, from its first warp's start to its last warp's leave.
  tr::set_fact(
      t, "tree.last_leave",
      us(started, tr::find_event(t, kBlockTrack, block_end, tr::EventKind::slice_end, tr::Category::kernel)));
  tr::set_fact(t, "result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kOut, 0));
}

}  // namespace r1
