// What the lock chapter's recordings share: tracks for the SMs with the blocks (or threads) that
// ran on them nested inside, and events built in one call.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::locks {

using trace::make_event;

// Appends one track per SM in `sms` (kind sm), then one per row (a block, or a thread) inside
// its SM's track: row k ran on sms[k] and is named names[k]. Returns the row tracks' ids.
inline std::vector<int> declare_sm_tracks(trace::Trace& t, const std::vector<unsigned>& sms,
                                          const std::vector<std::string>& names, trace::TrackKind row_kind,
                                          const std::vector<int>& blocks) {
  std::map<unsigned, int> sm_track;
  for (unsigned sm : sms) sm_track.emplace(sm, 0);
  for (auto& [sm, id] : sm_track) {
    id = int(t.tracks.size());
    t.tracks.push_back({id, trace::TrackKind::sm, "SM " + std::to_string(sm), -1, 0, -1, -1, -1, int(sm)});
  }
  std::vector<int> rows;
  for (size_t k = 0; k < sms.size(); ++k) {
    const int id = int(t.tracks.size());
    t.tracks.push_back({id, row_kind, names[k], sm_track[sms[k]], 0, blocks[k], -1, -1, int(sms[k])});
    rows.push_back(id);
  }
  return rows;
}

}  // namespace gridlock::locks
