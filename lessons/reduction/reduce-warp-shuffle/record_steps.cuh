// R9 recording: one launch of the chosen form's recording instantiation on the first seed's input,
// lane by lane (reduction/common/single_warp_trace.hpp rebuilds the steps from what each lane
// logged): the load into registers, five shuffles, every lane receives lane 0's v, the write.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <string>

#include "common/lesson.hpp"
#include "reduction/common/single_warp_trace.hpp"
#include "reduction/common/warp_measure.hpp"

namespace r9 {

namespace tr = gridlock::trace;

// "Lanes 0–30 combine their v with the v of lane + 1 (their own past lane 31).", from a step's
// operation.
inline std::string shuffle_note(const tr::Operation& op, const char* op_sign) {
  int64_t k = 0;
  for (size_t i = 0; i < op.a.size() && k == 0; ++i) k = op.b[i] - op.a[i];
  return std::string("Every lane sets v = v ") + op_sign + " (the v of lane + " + std::to_string(k) +
         ", received with __shfl_down_sync; a lane past 31 receives its own).";
}

// Lanes whose v is still a part of lane 0's result after shuffle `step` (1..5).
inline tr::LiveRange live_after(const std::string& form, int step) {
  if (form == "halving-product") return {0, 0, 32 >> step, 1};
  return {0, 0, 32 >> step, int64_t(1) << step};
}

template <typename Op>
void record_form(gridlock::LessonRun& run, const std::string& form, const char* op_sign) {
  gridlock::reduction::SingleWarpSteps how;
  how.kernel = "reduce_one_warp<" + form + ">";
  how.load_label = "PHASE 1: every lane loads one value into its register v";
  how.fold_label =
      form == "halving-product"
          ? "PHASE 2: combine with the value of lane + 16, 8, 4, 2, 1 (R6's order, order not kept)"
          : "PHASE 2: combine with the value of lane + 1, 2, 4, 8, 16 (__shfl_down_sync), then receive lane "
            "0's";
  how.write_label = "PHASE 3: every lane writes what it was returned";
  how.registers = true;
  how.work_name = "v";
  how.load_note = "Lane i loads in[i] into its v.";
  how.read_note = "Every lane receives lane 0's v with __shfl_sync.";
  how.fold_note = [op_sign](const tr::Operation& op, int) { return shuffle_note(op, op_sign); };
  how.live = [form](int step) { return live_after(form, step); };
  const std::vector<typename Op::T> input = gridlock::reduction::warp_input<Op>(32, run.options().seed);
  gridlock::reduction::record_single_warp<Op>(
      run, how, input,
      [&](const typename Op::T* in, typename Op::T* out, Recorder<true, typename Op::T> rec) {
        with_order(form, [&](auto O) { reduce_one_warp<Op, O.value, true><<<1, 32>>>(in, out, rec); });
      });
}

inline void record_steps(gridlock::LessonRun& run, const std::string& form) {
  if (form == "sum")
    record_form<Sum>(run, form, "+");
  else
    record_form<MatMul>(run, form, "\xC2\xB7");
}

}  // namespace r9
