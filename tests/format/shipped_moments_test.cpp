// The moments the shipped traces record: every lesson that exists for one holds it where the
// lesson says (the lost update, the overlap, the waiting holder, the double fetch), and each one,
// forged or moved, is caught by the checker (check_moments), so the checker is known to look.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "shipped_lessons.hpp"
#include "trace/moment.hpp"
#include "trace/trace.hpp"

namespace fs = std::filesystem;
namespace tr = gridlock::trace;

namespace {

// The moment made false in the way that suits its kind: a value it cannot have, or a moment it
// cannot stand at.
void forge(tr::Event& e) {
  switch (e.category) {
    case tr::Category::lost_update:
      e.value += 1e9;  // more than any write it could have replaced
      break;
    case tr::Category::overlap:
      e.value = 1e6;  // more kernels than the trace has tracks
      break;
    case tr::Category::double_fetch:
      e.t_ns += 1;  // where no item starts
      break;
    case tr::Category::waiting_holder:
    case tr::Category::stale_read:
      e.t_ns = -(int64_t(1) << 40);  // before anything it could rest on
      break;
    default:
      break;
  }
}

// file name -> the moment categories it holds
std::map<std::string, std::set<tr::Category>> moments_by_file() {
  std::map<std::string, std::set<tr::Category>> out;
  for (const fs::path& p : shipped_trace_paths()) {
    const tr::Trace t = tr::read_file(p.string());
    for (const tr::Step& s : t.steps)
      for (const tr::Event& e : s.events)
        if (tr::is_moment(e.category)) out[p.filename().string()].insert(e.category);
  }
  return out;
}

}  // namespace

TEST(ShippedMoments, EveryForgedOrMovedMomentIsCaught) {
  int moments = 0;
  for (const fs::path& p : shipped_trace_paths()) {
    SCOPED_TRACE(p.string());
    const tr::Trace t = tr::read_file(p.string());
    std::vector<std::string> clean;
    tr::check_moments(t, clean);
    EXPECT_TRUE(clean.empty()) << clean.front();
    for (size_t si = 0; si < t.steps.size(); ++si)
      for (size_t ei = 0; ei < t.steps[si].events.size(); ++ei) {
        if (!tr::is_moment(t.steps[si].events[ei].category)) continue;
        ++moments;
        tr::Trace forged = t;
        forge(forged.steps[si].events[ei]);
        std::vector<std::string> problems;
        tr::check_moments(forged, problems);
        EXPECT_FALSE(problems.empty()) << "a forged " << tr::to_string(t.steps[si].events[ei].category)
                                       << " in steps[" << si << "] passed the checker";
      }
  }
  EXPECT_GT(moments, 0);
}

// What each lesson exists to show, recorded in the traces a class opens; and the runs that have
// nothing of the kind to show (the atomic counter, one stream, the acquire form, the queue).
TEST(ShippedMoments, EachLessonRecordsItsMoment) {
  struct Expected {
    const char* file;
    tr::Category moment;
    bool holds;
  };
  const Expected expected[] = {
      {"critical-section.classroom.json", tr::Category::lost_update, true},
      {"racy-counter.classroom.json", tr::Category::lost_update, true},
      {"racy-counter.json", tr::Category::lost_update, true},
      {"concurrent-kernels.classroom.json", tr::Category::overlap, true},
      {"concurrent-kernels.json", tr::Category::overlap, true},
      {"deadlock-lock.lockstep.json", tr::Category::waiting_holder, true},
      {"last-block-guard.stale-read.json", tr::Category::stale_read, true},
      {"work-queue.two-fetches-no-barrier.json", tr::Category::double_fetch, true},
      {"racy-counter.atomic.json", tr::Category::lost_update, false},
      {"critical-section.atomic.json", tr::Category::lost_update, false},
      {"concurrent-kernels.serial.json", tr::Category::overlap, false},
      {"last-block-guard.stale-read-acquire.json", tr::Category::stale_read, false},
      {"work-queue.json", tr::Category::double_fetch, false},
  };
  const auto by_file = moments_by_file();
  for (const Expected& e : expected) {
    const auto found = by_file.find(e.file);
    const bool holds = found != by_file.end() && found->second.count(e.moment) > 0;
    EXPECT_EQ(holds, e.holds) << e.file << (e.holds ? " holds no " : " holds a ") << tr::to_string(e.moment);
  }
}
