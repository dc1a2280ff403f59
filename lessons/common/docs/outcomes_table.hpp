// The outcomes block of a README: runs of the explorer (lessons/common/explore), written as a
// table the README cannot hold stale numbers in.
#pragma once

#include <string>

namespace gridlock::docs {

// `runs` is one or more model runs separated by ';', each as gridlock-explore takes them
// ("documented-lock --blocks 3 --sms 2 --no-fills"). Writes | kernel | blocks | rules | bound |
// states | deepest run | search | outcomes |, one row a run. Throws DocsError for a run the explorer refuses,
// or one its bounds stop (a README states complete outcome sets only).
std::string outcomes_table(const std::string& runs);

}  // namespace gridlock::docs
