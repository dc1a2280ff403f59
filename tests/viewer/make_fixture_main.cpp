// Writes the fixture traces the viewer's screenshot tests open:
//   viewer_fixture_trace GOOD.json BROKEN.json [GALLERY [UNRECORDED.json]]
// GOOD is a 1024-thread halving tree over 10000 values (see fixture_trace.hpp); BROKEN is the
// same JSON cut off half way, which the viewer must refuse. GALLERY, a folder, receives a lesson
// index and three lessons for the gallery's screenshot: a smaller tree beside a broken file; a
// trace with warp events but no tree beside one with neither; a block counter's racy and atomic
// variants (counter/recorded/{racy,atomic}.json), paired for comparison. UNRECORDED is GOOD
// without the snapshot of its input and with a notice that says so.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "fixture_trace.hpp"

namespace fs = std::filesystem;
namespace trace = gridlock::trace;

namespace {

bool write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) std::cerr << "viewer_fixture_trace: cannot write " << path.string() << "\n";
  return static_cast<bool>(out);
}

bool write_gallery(const fs::path& folder) {
  fs::create_directories(folder / "tree/recorded");
  fs::create_directories(folder / "no-tree/recorded");
  fs::create_directories(folder / "counter/recorded");
  using gridlock::viewer::testing::make_counter_trace;
  trace::write_file(make_counter_trace(96, 12, false, 16), (folder / "counter/recorded/racy.json").string());
  trace::write_file(make_counter_trace(96, 12, true, 32), (folder / "counter/recorded/atomic.json").string());
  trace::Trace tree = gridlock::viewer::testing::make_halving_trace(256, 3000, 11);
  trace::write_file(tree, (folder / "tree/recorded/halving-256.json").string());
  const std::string json = trace::to_json(tree);
  trace::Trace warps = tree;
  warps.technique = "W";
  for (trace::Step& step : warps.steps) {
    step.ops.clear();
    step.live.clear();
    step.snapshots.clear();
  }
  trace::write_file(warps, (folder / "no-tree/recorded/warps-only.json").string());
  for (trace::Step& step : warps.steps) step.events.clear();
  warps.technique.clear();
  trace::write_file(warps, (folder / "no-tree/recorded/nothing-to-draw.json").string());
  return write_text(folder / "tree/recorded/truncated.json", json.substr(0, json.size() / 3)) &&
         write_text(folder / "lessons.txt",
                    "tree\tFixture: a tree, and a file that does not load\ttree\n"
                    "no-tree\tFixture: traces without a tree\tno-tree\n"
                    "counter\tFixture: a block counter, racy and atomic\tcounter\tracy.json,atomic.json\n");
}

// The fixture as a lesson with a large input would record it: the load's operations, but not
// the input's values.
trace::Trace without_input_values(trace::Trace t) {
  std::vector<trace::Snapshot>& load = t.steps.front().snapshots;
  load.erase(load.begin());
  t.notices.push_back("The input (`in`, 10000 values) is not recorded: large inputs are not snapshotted.");
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 5) {
    std::cerr << "usage: viewer_fixture_trace GOOD.json BROKEN.json [GALLERY [UNRECORDED.json]]\n";
    return 2;
  }
  try {
    const trace::Trace t = gridlock::viewer::testing::make_halving_trace(1024, 10000, 7);
    trace::write_file(t, argv[1]);
    const std::string json = trace::to_json(t);
    if (!write_text(argv[2], json.substr(0, json.size() / 2))) return 1;
    if (argc >= 4 && !write_gallery(argv[3])) return 1;
    if (argc == 5) trace::write_file(without_input_values(t), argv[4]);
  } catch (const trace::TraceError& e) {
    std::cerr << "viewer_fixture_trace: " << e.what() << "\n";
    return 1;
  } catch (const fs::filesystem_error& e) {
    std::cerr << "viewer_fixture_trace: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
