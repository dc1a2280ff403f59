// L3's two kernels (kernels.cuh) transcribed into the SIMT model's program form, for the model of
// the pre-Volta lockstep scheduler.
#pragma once

#include <string>
#include <vector>

#include "simt/program.hpp"

namespace l3::model {

// This file's path in the repository: traces of the model carry it as their second source.
inline constexpr const char* kProgramsFile = "lessons/locks/deadlock-lock/model/programs.cpp";
inline constexpr const char* kLockWord = "lock.state";
inline constexpr const char* kCountWord = "*count";

struct LockKernel {
  std::string name;  // the kernel's name in kernels.cuh
  gridlock::simt::Program program;
  std::vector<int> spin_loop;  // the pcs of the loop that tries the lock
};

// count_with_a_lock_in_every_thread: every lane takes the lock, lane 0 counts, every lane gives
// the lock back.
LockKernel every_thread_kernel();

// count_with_the_lock_inside_the_loop: the lane that takes the lock counts and gives it back in
// the same pass of the spin loop.
LockKernel inside_the_loop_kernel();

}  // namespace l3::model
