// Every key the viewer answers, in one table: the Help menu lists it, and a test holds it to
// the keys the code asks for (tests/viewer/key_help_test.sh).
#pragma once

#include <vector>

namespace gridlock::viewer {

struct KeyHelp {
  const char* keys;  // as a person reads them: "Ctrl+PageDown", "V  Shift+V"
  const char* what;
};

const std::vector<KeyHelp>& key_help();

}  // namespace gridlock::viewer
