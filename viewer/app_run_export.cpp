// The App's Run on this GPU window and its exports: what they ask of the shown trace or comparison.
#include <filesystem>
#include <iostream>

#include "app.hpp"

namespace gridlock::viewer {

namespace {

std::string stem_of(const std::string& path) { return std::filesystem::path(path).stem().string(); }

}  // namespace

const Document* App::shown_document() const {
  if (showing_ == Showing::comparison && comparison_) return &comparison_->document(0);
  if (showing_ != Showing::trace || current_ < 0 || current_ >= static_cast<int>(traces_.size()))
    return nullptr;
  return &traces_[static_cast<std::size_t>(current_)]->document();
}

void App::open_run_panel() {
  adopt_incoming();
  if (const Document* d = shown_document()) gridlock::viewer::open_run_panel(run_panel_, *d);
}

void App::run_panel() {
  const std::optional<RunOutcome> outcome = draw_run_panel(run_panel_, fonts_);
  if (!outcome) return;
  std::cout << "gridlock-viewer: comparing " << outcome->recorded << " with " << outcome->fresh << std::endl;
  StartAt end;
  end.step = -1;
  compare_files(outcome->recorded, outcome->fresh, end);
}

void App::export_menu() {
  std::string stem;
  int steps = 0;
  if (TraceScreen* screen = current_trace()) {
    stem = stem_of(screen->document().path);
    steps = screen->playback().step_count();
  } else if (showing_ == Showing::comparison && comparison_) {
    stem = "compare-" + stem_of(comparison_->document(0).path) + "-" + stem_of(comparison_->document(1).path);
    steps = static_cast<int>(comparison_->cursor().stops().size());
  }
  if (std::optional<ExportRequest> request = draw_export_menu(export_menu_, config_.open_folder, stem, steps))
    export_request_ = std::move(request);
}

std::optional<ExportRequest> App::take_export_request() {
  std::optional<ExportRequest> request = std::move(export_request_);
  export_request_.reset();
  return request;
}

// A move to `step` of the trace shown now, or to time `t` of the comparison shown now. An export
// is made a frame at a time while the window keeps taking input: a move finds its playback or
// cursor again, and does nothing once another trace, comparison or the gallery is shown.
Move App::move_to_step(int step) {
  const Playback* shown = &current_trace()->playback();
  return [this, shown, step] {
    if (TraceScreen* screen = current_trace(); screen && &screen->playback() == shown)
      screen->playback().seek(step);
  };
}

Move App::move_to_time(int64_t t) {
  const CompareCursor* shown = &comparison_->cursor();
  return [this, shown, t] {
    if (showing_ == Showing::comparison && comparison_ && &comparison_->cursor() == shown)
      comparison_->cursor().seek_time(t);
  };
}

std::vector<Move> App::animation_moves(const ExportRange& range) {
  adopt_incoming();
  std::vector<Move> moves;
  if (TraceScreen* screen = current_trace()) {
    Playback& playback = screen->playback();
    playback.pause();
    for (int step : steps_in_range(playback.times(), range)) moves.push_back(move_to_step(step));
  } else if (showing_ == Showing::comparison && comparison_) {
    CompareCursor& cursor = comparison_->cursor();
    cursor.pause();
    for (int64_t t : stops_in_range(cursor.stops(), range)) moves.push_back(move_to_time(t));
  }
  return moves;
}

Move App::current_moment() {
  if (TraceScreen* screen = current_trace()) return move_to_step(screen->playback().step());
  if (showing_ == Showing::comparison && comparison_) return move_to_time(comparison_->cursor().time_ns());
  return [] {};
}

void App::notify(const std::string& message, bool error) {
  notices_.push_back({message, error});
  last_notice_ = message;
  popup_requested_ = true;
}

}  // namespace gridlock::viewer
