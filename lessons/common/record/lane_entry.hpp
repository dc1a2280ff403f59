// What LaneRecorder writes for one lane and step, shared by the device hooks and the host that
// replays it (no CUDA here, so the replay can be tested on any machine).
#pragma once

namespace gridlock {

// Where an operand lives; the host maps each space to a trace buffer.
enum LaneSpace : int {
  kInputSpace = 0,        // the kernel's input, in global memory
  kAccumulatorSpace = 1,  // one register per thread that folds input elements (a LoadRun)
  kSharedSpace = 2,       // the shared array the technique works on
  kRegisterSpace = 3,     // one register per lane that the technique works on (shuffles)
  kReturnedSpace = 4,     // what each lane's call returned
};
inline constexpr int kLaneSpaces = 5;

// What a lane did: dst = a op b, a copy dst = a, or dst = the operator's identity.
enum LaneOpKind : int { kLaneNothing = 0, kLaneCombine = 1, kLaneCopy = 2, kLaneIdentity = 3 };

// One operation of one lane in one step. Items index their space; the operands of a combine
// are items of the destination's space. a_value and b_value are what the lane read, result what
// it wrote.
template <typename T>
struct LaneEntry {
  int kind;
  int dst_space, dst;
  int a_space, a;
  int b;
  T a_value, b_value, result;
};

}  // namespace gridlock
