// R6 recording: one launch of the chosen form's recording instantiation on the first seed's
// input, lane by lane (reduction/common/single_warp_trace.hpp rebuilds the steps from what each
// lane logged): the load, five folds, every lane reads the sum, every lane writes it.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <string>

#include "common/lesson.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/common/single_warp_trace.hpp"

namespace r6 {

namespace tr = gridlock::trace;

// The step label of each recordable form's folds: its phase comment in kernels.cuh.
inline const char* fold_label(const std::string& form) {
  if (form == "documented") return "PHASE 2: fold halves, lanes tested, no barrier (documented)";
  if (form == "simplified")
    return "PHASE 2: lanes 0-15 fold every step, no lane tests, no barrier (documented)";
  if (form == "syncwarp")
    return "PHASE 2: fold halves, lanes tested, __syncwarp() between the steps (corrected)";
  return "PHASE 2: shuffle down 16, 8, 4, 2, 1 between registers (corrected)";
}

// "Lanes 0–7 add s[lane + 8].", from a fold step's operation.
inline std::string fold_note(const tr::Operation& op, bool registers) {
  const int64_t first = op.thread.front(), last = op.thread.back(), k = op.b.front() - op.a.front();
  const std::string who = first == last
                              ? "Lane " + std::to_string(first)
                              : "Lanes " + std::to_string(first) + "\xE2\x80\x93" + std::to_string(last);
  const std::string verb = first == last ? " adds " : " add ";
  return who + verb +
         (registers ? "the v of lane + " + std::to_string(k) + " (a lane past 31 gets its own)"
                    : "s[lane + " + std::to_string(k) + "]") +
         ".";
}

inline void record_steps(gridlock::LessonRun& run, const std::string& form) {
  const bool registers = form == "shuffle";
  gridlock::reduction::SingleWarpSteps how;
  how.kernel = "sum_one_warp<" + form + ">";
  how.load_label = "PHASE 1: every lane loads one value and stores it in s";
  how.fold_label = fold_label(form);
  how.write_label = "PHASE 3: every lane writes what it was returned";
  how.registers = registers;
  how.work_name = registers ? "v" : "s";
  how.load_note =
      registers ? "Lane i loads in[i] into its v (s is not used)." : "Lane i copies in[i] into s[i].";
  how.read_note = registers ? "Every lane receives lane 0's v with __shfl_sync." : "Every lane reads s[0].";
  how.fold_note = [registers](const tr::Operation& op, int) { return fold_note(op, registers); };
  how.live = [](int step) { return tr::LiveRange{0, 0, 32 >> step, 1}; };
  const std::vector<int> input =
      gridlock::reduction::input_for<gridlock::reduction::Sum>(32, run.options().seed);
  gridlock::reduction::record_single_warp<gridlock::reduction::Sum>(
      run, how, input, [&](const int* in, int* out, Recorder<true> rec) {
        with_form(form, [&](auto F) { sum_one_warp<F.value, true><<<1, 32>>>(in, out, rec); });
      });
}

}  // namespace r6
