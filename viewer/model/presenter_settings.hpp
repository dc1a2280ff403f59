// What the viewer remembers between sessions: the presenter's scale and theme, the panel layout
// and the recently opened files. Kept in a small text file, one "key = value" a line, under
// $XDG_CONFIG_HOME/gridlock (or ~/.config/gridlock). A file that cannot be read as a whole is
// ignored with a message, and the defaults are used.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace gridlock::viewer {

enum class Theme { dark, light };

const char* theme_name(Theme theme);
// "dark" or "light"; false for anything else.
bool parse_theme(const std::string& text, Theme& theme);

struct PresenterSettings {
  static constexpr float kMinScale = 0.5f, kMaxScale = 4.0f;
  static constexpr std::size_t kMaxRecent = 8;

  float scale = 1.0f;               // text, spacing and the data drawn in the views
  Theme theme = Theme::dark;        // the colour scheme
  std::string panel = "claims";     // the tab shown below the source: claims, timeline, lesson, run
  float left_share = 0.60f;         // width of the canvas column, of the window
  float source_share = 0.56f;       // height of the source panel, of the right column
  std::vector<std::string> recent;  // most recent first, at most kMaxRecent

  // Puts `path` first in `recent` (once), dropping the oldest beyond kMaxRecent.
  void add_recent(const std::string& path);
};

// The one scale step the keys take (Ctrl+= / Ctrl+-), and the scale clamped into range.
float next_scale(float scale, int steps);

// The settings file: $XDG_CONFIG_HOME/gridlock/viewer.conf when XDG_CONFIG_HOME is set (and
// absolute), else $HOME/.config/gridlock/viewer.conf; empty when neither is known.
std::string settings_path(const char* xdg_config_home, const char* home);
// The same from the process's environment.
std::string settings_path();

struct SettingsLoad {
  PresenterSettings settings;  // the file's, or the defaults
  std::string message;         // why the file was ignored; empty when it was read or is missing
};

// Reads `path`. A missing file gives the defaults and no message; a file with any line that is
// not a known key with a valid value is ignored as a whole (the defaults, and a message naming
// the file and the line).
SettingsLoad load_settings(const std::string& path);
// The text load_settings reads back as `settings`.
std::string settings_text(const PresenterSettings& settings);
// Writes `settings` to `path` (through a temporary file, so a crash never leaves half a file),
// creating its folder. Returns an error message, or empty.
std::string save_settings(const std::string& path, const PresenterSettings& settings);

}  // namespace gridlock::viewer
