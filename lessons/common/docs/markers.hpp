// The markers of a lesson README (README.md beside this file lists them): where each generated
// block begins and ends. Finding them reads nothing but the README.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "docs/problem.hpp"

namespace gridlock::docs {

enum class BlockKind { code, claims, timings, fact, lessons, outcomes };

// A generated block: the README's bytes [begin, end) are the tool's to write.
struct Block {
  BlockKind kind = BlockKind::code;
  int line = 0;      // the line of its opening marker
  std::string file;  // code: the source file; claims, timings, fact: the trace ("" = the default)
  std::string name;  // code: the region; fact: the key; lessons: the chapter ("" = every lesson);
                     // outcomes: the model runs
  size_t begin = 0;
  size_t end = 0;
};

struct Markers {
  std::string trace;          // the default trace as written in <!-- trace: PATH -->; "" when there is none
  std::vector<Block> blocks;  // in file order
  std::vector<Problem> problems;
};

// Markers inside fenced code blocks and inline code spans are text, not markers.
Markers find_markers(std::string_view readme);

// Whether a line is one of the whole-line markers (trace, code, claims, timings, lessons,
// outcomes, or a closing one).
bool is_marker_line(std::string_view line);

// "code block kernels.cuh#strided-load", "claims block", "fact \"key\"", ... for messages.
std::string describe(const Block& block);

}  // namespace gridlock::docs
