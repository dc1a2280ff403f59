// The frame's key presses.
#include "model/key_events.hpp"

#include <algorithm>

namespace gridlock::viewer {

void KeyEvents::begin_frame() {
  frame_.swap(pending_);
  pending_.clear();
}

bool KeyEvents::pressed(int key, bool repeat, int mods) const {
  const int relevant = kCtrl | kAlt | kSuper;
  return std::any_of(frame_.begin(), frame_.end(), [&](const KeyEvent& e) {
    return e.key == key && (repeat || !e.repeat) && (e.mods & relevant) == (mods & relevant);
  });
}

bool KeyEvents::pressed_plain(int key, bool shift) const {
  const int relevant = kShift | kCtrl | kAlt | kSuper;
  return std::any_of(frame_.begin(), frame_.end(), [&](const KeyEvent& e) {
    return e.key == key && !e.repeat && (e.mods & relevant) == (shift ? kShift : 0);
  });
}

void KeyEvents::consume(int key) {
  frame_.erase(std::remove_if(frame_.begin(), frame_.end(), [&](const KeyEvent& e) { return e.key == key; }),
               frame_.end());
}

KeyEvents& frame_keys() {
  static KeyEvents keys;
  return keys;
}

}  // namespace gridlock::viewer
