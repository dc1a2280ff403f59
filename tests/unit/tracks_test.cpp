// The trace builder's rows: each takes the next free id, the blocks sit inside the rows of the SMs
// they ran on (SM rows first, in SM order), warps inside their block and threads inside their warp;
// a slice is its begin and end events.
#include "common/record/tracks.hpp"

#include <gtest/gtest.h>

namespace tr = gridlock::trace;

TEST(Tracks, BlocksSitInsideTheSmsTheyRanOn) {
  tr::Trace t;
  EXPECT_EQ(gridlock::add_track(t, tr::TrackKind::lock, "lock"), 0);
  // Blocks 5, 2 and 7 ran on SMs 9, 3 and 9: SM 3's row, SM 9's row, then the blocks in turn.
  const std::vector<int> rows = gridlock::add_block_rows(t, {5, 2, 7}, {9, 3, 9});
  ASSERT_EQ(t.tracks.size(), 6u);
  EXPECT_EQ(t.tracks[1].name, "SM 3");
  EXPECT_EQ(t.tracks[2].name, "SM 9");
  EXPECT_EQ(t.tracks[1].kind, tr::TrackKind::sm);
  EXPECT_EQ(t.tracks[2].sm, 9);
  EXPECT_EQ(rows, (std::vector<int>{3, 4, 5}));
  const tr::Track& block7 = t.tracks[5];
  EXPECT_EQ(block7.name, "block 7");
  EXPECT_EQ(block7.kind, tr::TrackKind::block);
  EXPECT_EQ(block7.parent, 2);  // SM 9's row
  EXPECT_EQ(block7.block, 7);
  EXPECT_EQ(block7.sm, 9);
  EXPECT_EQ(t.tracks[4].parent, 1);  // block 2, on SM 3
  for (size_t k = 0; k < t.tracks.size(); ++k) EXPECT_EQ(t.tracks[k].id, int(k));
}

TEST(Tracks, WarpsInTheirBlockAndThreadsInTheirWarp) {
  tr::Trace t;
  const int block = gridlock::add_track(t, tr::TrackKind::block, "block 4 (SM 2)", -1, 0, 4, 2);
  const int warp = gridlock::add_warp_track(t, block, 4, 1, 2);
  const int thread = gridlock::add_thread_track(t, warp, 4, 37, 2);
  const tr::Track& w = t.tracks[size_t(warp)];
  EXPECT_EQ(w.name, "warp 1");
  EXPECT_EQ(w.parent, block);
  EXPECT_EQ(w.warp, 1);
  EXPECT_EQ(w.lane, -1);
  const tr::Track& th = t.tracks[size_t(thread)];
  EXPECT_EQ(th.name, "thread 37");
  EXPECT_EQ(th.kind, tr::TrackKind::lane);
  EXPECT_EQ(th.parent, warp);
  EXPECT_EQ(th.block, 4);
  EXPECT_EQ(th.warp, 1);  // thread 37 is lane 5 of warp 1
  EXPECT_EQ(th.lane, 5);
  EXPECT_EQ(th.sm, 2);
}

TEST(Tracks, ASliceIsItsBeginAndItsEnd) {
  std::vector<tr::Event> events;
  gridlock::add_slice(events, 3, 100, 250, "holding the lock", tr::Category::critical, 7);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, tr::EventKind::slice_begin);
  EXPECT_EQ(events[1].kind, tr::EventKind::slice_end);
  EXPECT_EQ(events[0].t_ns, 100);
  EXPECT_EQ(events[1].t_ns, 250);
  for (const tr::Event& e : events) {
    EXPECT_EQ(e.track, 3);
    EXPECT_EQ(e.name, "holding the lock");
    EXPECT_EQ(e.category, tr::Category::critical);
    EXPECT_EQ(e.value, 7);
  }
}

TEST(Tracks, RecordsOfOneBlockEachGetTheirBlocksRows) {
  struct Turn {
    int block = 0;
    unsigned sm = 0;
    int track = -1;
  };
  tr::Trace t;
  std::vector<Turn> turns = {{5, 9}, {2, 3}};
  gridlock::add_block_rows(t, turns);
  EXPECT_EQ(turns[0].track, 2);  // after SM 3's and SM 9's rows
  EXPECT_EQ(turns[1].track, 3);
  EXPECT_EQ(t.tracks[2].name, "block 5");
  const int kernel = gridlock::add_track(t, tr::TrackKind::kernel, "reduce");
  const tr::Track& b = t.tracks[size_t(gridlock::add_block_track(t, kernel, 4, 17))];
  EXPECT_EQ(b.name, "block 4 (SM 17)");
  EXPECT_EQ(b.parent, kernel);
  EXPECT_EQ(b.block, 4);
  EXPECT_EQ(b.sm, 17);
}
