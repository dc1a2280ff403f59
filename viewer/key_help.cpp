// The viewer's keys, for the Help menu.
#include "key_help.hpp"

namespace gridlock::viewer {

const std::vector<KeyHelp>& key_help() {
  static const std::vector<KeyHelp> keys = {
      {"Space", "play / pause"},
      {"\xE2\x86\x90 \xE2\x86\x92  PageUp PageDown", "step back / forward"},
      {"Home  End", "first / last step"},
      {"[ ]  Shift+N N", "previous / next marked event (the scrubber's triangles)"},
      {"M", "PageUp PageDown jump between marked events, or step again"},
      {"\xE2\x88\x92 +", "slower / faster"},
      {"V  Shift+V", "next / previous view tab"},
      {"1 2 3 4 5", "claims, step timeline, lesson, run panel; source (small window)"},
      {"P", "the picture alone: source, claims and playback bar hidden, the caption kept"},
      {"Q", "the trace's next question: predict the outcome (hidden until R)"},
      {"R", "reveal the question's answer"},
      {"C", "the comparison the lesson declares with this trace; again: back"},
      {"Ctrl+PageDown  Ctrl+PageUp", "next / previous open trace or comparison"},
      {"G", "the gallery"},
      {"gallery: PageUp PageDown  Home End  \xE2\x86\x91 \xE2\x86\x93", "scroll a page, to an end, a line"},
      {"lecture: PageDown PageUp", "next / previous stop (a clicker's keys)"},
      {"lecture: H", "hide / show what to say"},
      {"tree: \xE2\x86\x91 \xE2\x86\x93  0", "zoom in / out, fit"},
      {"tree: T", "tree order / memory order"},
      {"tree: F  Shift+F", "follow the next / previous thread"},
      {"tree: wheel, drag, double-click", "zoom, pan (up and down: levels that do not fit), fit"},
      {"charts, lanes: wheel", "scroll rows that do not fit (a bar at the right edge shows them)"},
      {"timeline: Ctrl+wheel, drag, click", "zoom, pan, set the time"},
      {"lock: Ctrl+wheel, drag, click, double-click",
       "zoom, pan, set the time, the whole run; hover: a lane's state"},
      {"explore: 1 2 â¦ 9", "take the move with that number"},
      {"explore: Space  Backspace  Home", "a random move (seeded), undo, start again"},
      {"explore: E", "search every outcome the model allows"},
      {"explore: R", "random moves (seeded) until the kernel ends or spins"},
      {"explore: T", "the challenge again on its corrected kernel"},
      {"Ctrl+O", "open a trace"},
      {"Ctrl+R  F5", "reload the trace from disk"},
      {"Ctrl+=  Ctrl+\xE2\x88\x92  Ctrl+0", "larger, smaller, normal size"},
      {"L", "light / dark theme"},
      {"F11", "full screen"},
      {"Esc", "close the open menu or dialog"},
      {"Enter", "acknowledge a message"},
      {"Ctrl+Q", "quit"},
  };
  return keys;
}

}  // namespace gridlock::viewer
