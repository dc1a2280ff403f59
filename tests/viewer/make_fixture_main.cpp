// Writes the fixture traces the viewer's screenshot tests open:
//   viewer_fixture_trace GOOD.json BROKEN.json
// GOOD is a 1024-thread halving tree over 10000 values (see fixture_trace.hpp); BROKEN is the
// same JSON cut off half way, which the viewer must refuse.
#include <fstream>
#include <iostream>

#include "fixture_trace.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: viewer_fixture_trace GOOD.json BROKEN.json\n";
    return 2;
  }
  try {
    const gridlock::trace::Trace t = gridlock::viewer::testing::make_halving_trace(1024, 10000, 7);
    gridlock::trace::write_file(t, argv[1]);
    const std::string json = gridlock::trace::to_json(t);
    std::ofstream broken(argv[2], std::ios::binary);
    broken << json.substr(0, json.size() / 2);
    if (!broken) {
      std::cerr << "viewer_fixture_trace: cannot write " << argv[2] << "\n";
      return 1;
    }
  } catch (const gridlock::trace::TraceError& e) {
    std::cerr << "viewer_fixture_trace: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
