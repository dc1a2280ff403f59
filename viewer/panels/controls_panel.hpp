// Playback controls: first, back, play/pause, forward, last; a scrubber with a marker where
// each phase (trace::phase_of the step label) starts; the speed. Keys: Space, ←/→, Home/End, −/+.
#pragma once

#include "model/playback.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// One row of controls across the current window's width.
void draw_controls(Playback& playback, const trace::Trace& trace, const Fonts& fonts);

// Applies this frame's playback keys. Does nothing while a text field has the keyboard.
void handle_playback_keys(Playback& playback);

}  // namespace gridlock::viewer
