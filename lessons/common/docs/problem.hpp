// What gridlock-readme reports about a README: a problem located by line, and the error type.
#pragma once

#include <stdexcept>
#include <string>

namespace gridlock::docs {

// Raised while generating a block; the caller locates it at the block's marker.
class DocsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Problem {
  int line = 0;  // 1-based line of the README; 0 when it concerns the file as a whole
  std::string message;
};

}  // namespace gridlock::docs
