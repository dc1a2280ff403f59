// R8 recording: one launch of the chosen form's recording instantiation on the first seed's 32
// matrices, lane by lane (reduction/common/single_warp_trace.hpp rebuilds the steps from what each
// lane logged): the load (and the padding), five folds, every lane reads s[0], every lane writes it.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <string>

#include "common/lesson.hpp"
#include "reduction/common/single_warp_trace.hpp"
#include "reduction/common/warp_measure.hpp"

namespace r8 {

namespace tr = gridlock::trace;

// The step label of each recordable form's folds: its phase comment in kernels.cuh.
inline const char* fold_label(const std::string& form) {
  if (form == "documented")
    return "PHASE 2: lanes at multiples of 2, 4, 8, 16 fold in their right neighbour, no barrier "
           "(documented)";
  if (form == "padded")
    return "PHASE 2: every lane folds every step, s[32..47] padded, no barrier (documented)";
  if (form == "syncwarp") return "PHASE 2: the same folds, __syncwarp() between the steps (corrected)";
  return "PHASE 2: R6's pattern, lanes below 16, 8, 4, 2, 1 fold in s[lane + 16, 8, ...] (order not kept)";
}

// "Lanes 0, 4, ..., 28 set s[lane] = s[lane] · s[lane + 2].", from a fold step's operation.
inline std::string fold_note(const tr::Operation& op) {
  const int64_t k = op.b.front() - op.a.front();
  std::string lanes;
  if (op.thread.size() == 1)
    lanes = "Lane " + std::to_string(op.thread.front()) + " sets";
  else
    lanes = "Lanes " + std::to_string(op.thread[0]) + ", " + std::to_string(op.thread[1]) +
            ", \xE2\x80\xA6, " + std::to_string(op.thread.back()) + " set";
  return lanes + " s[lane] = s[lane] \xC2\xB7 s[lane + " + std::to_string(k) + "].";
}

// Which items of s hold partial products after fold `step` (1..5).
inline tr::LiveRange live_after(const std::string& form, int step) {
  if (form == "commutative-pattern") return {0, 0, 32 >> step, 1};
  if (form == "padded") return {0, 0, 1, 1};  // s[0] is the only item whose product is the one meant
  return {0, 0, 32 >> step, int64_t(1) << step};
}

inline void record_steps(gridlock::LessonRun& run, const std::string& form) {
  gridlock::reduction::SingleWarpSteps how;
  how.kernel = "reduce_one_warp<" + form + ">";
  how.load_label =
      "PHASE 1: every lane loads one matrix and stores it in s (the padded forms also set s[32..47])";
  how.fold_label = fold_label(form);
  how.write_label = "PHASE 3: every lane writes what it was returned";
  how.work_items = kWarpItems;
  how.work_name = "s";
  how.load_note = is_padded_name(form)
                      ? "Lane i copies in[i] into s[i]; lanes 0-15 set s[32 + i] to the identity."
                      : "Lane i copies in[i] into s[i].";
  how.read_note = "Every lane reads s[0].";
  how.fold_note = [](const tr::Operation& op, int) { return fold_note(op); };
  how.live = [form](int step) { return live_after(form, step); };
  const std::vector<Mat2> input = gridlock::reduction::warp_input<MatMul>(32, run.options().seed);
  gridlock::reduction::record_single_warp<MatMul>(
      run, how, input, [&](const Mat2* in, Mat2* out, Recorder<true> rec) {
        with_form(form, [&](auto F) { reduce_one_warp<F.value, true><<<1, 32>>>(in, out, rec); });
      });
}

}  // namespace r8
