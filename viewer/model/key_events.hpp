// Key presses as events, so that a tap shorter than a frame still counts. Dear ImGui 1.86's
// GLFW backend keeps only whether a key is down: a press and its release that arrive in the same
// poll leave the key up, and IsKeyPressed never sees them (a clicker's PageDown often is such a
// tap). The window's key callback records every press and repeat here; each frame takes the
// presses that arrived since the last and asks them.
#pragma once

#include <vector>

namespace gridlock::viewer {

struct KeyEvent {
  int key = 0;          // the GLFW key code (ImGui 1.86's key index for its GLFW backend)
  int mods = 0;         // kShift, kCtrl, kAlt, kSuper, as GLFW's mods
  bool repeat = false;  // an auto-repeat while held, not a new press
};

class KeyEvents {
 public:
  static constexpr int kShift = 0x1, kCtrl = 0x2, kAlt = 0x4, kSuper = 0x8;

  // From the key callback: a press or a repeat (releases are not needed).
  void push(const KeyEvent& event) { pending_.push_back(event); }
  // At the start of a frame: the events since the last frame become this frame's.
  void begin_frame();
  // Whether `key` was pressed this frame (and, with `repeat`, auto-repeated) with exactly the
  // modifiers `mods` among Ctrl, Alt and Super (Shift is ignored: '+' needs it on most layouts).
  bool pressed(int key, bool repeat = false, int mods = 0) const;
  // Whether `key` was pressed this frame without Ctrl, Alt or Super, and with Shift held or not
  // as `shift` says: V and Shift+V as two keys.
  bool pressed_plain(int key, bool shift) const;
  // Marks this frame's presses of `key` as used, so a second handler does not act on them too.
  void consume(int key);
  const std::vector<KeyEvent>& frame() const { return frame_; }

 private:
  std::vector<KeyEvent> pending_, frame_;
};

// The viewer's one queue: filled by main.cpp's key callback, read by the panels.
KeyEvents& frame_keys();

}  // namespace gridlock::viewer
