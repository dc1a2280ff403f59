// Reading and writing the viewer's settings file.
#include "model/presenter_settings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  const std::size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

// A float in [low, high] and nothing after it.
bool parse_float(const std::string& text, float low, float high, float& out) {
  try {
    std::size_t used = 0;
    const float v = std::stof(text, &used);
    if (used != text.size() || !std::isfinite(v) || v < low || v > high) return false;
    out = v;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

bool known_panel(const std::string& p) {
  return p == "claims" || p == "timeline" || p == "warps" || p == "lesson" || p == "run";
}

}  // namespace

const char* theme_name(Theme theme) { return theme == Theme::light ? "light" : "dark"; }

bool parse_theme(const std::string& text, Theme& theme) {
  if (text == "dark") {
    theme = Theme::dark;
    return true;
  }
  if (text == "light") {
    theme = Theme::light;
    return true;
  }
  return false;
}

void PresenterSettings::add_recent(const std::string& path) {
  if (path.empty()) return;
  recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
  recent.insert(recent.begin(), path);
  if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

float next_scale(float scale, int steps) {
  // Quarter steps, so 1, 1.25, 1.5 ... 2 are all reached from 1.
  const float stepped = std::round(scale * 4.0f) / 4.0f + 0.25f * static_cast<float>(steps);
  return std::clamp(stepped, PresenterSettings::kMinScale, PresenterSettings::kMaxScale);
}

std::string settings_path(const char* xdg_config_home, const char* home) {
  fs::path base;
  if (xdg_config_home && *xdg_config_home && fs::path(xdg_config_home).is_absolute())
    base = xdg_config_home;
  else if (home && *home)
    base = fs::path(home) / ".config";
  else
    return {};
  return (base / "gridlock" / "viewer.conf").string();
}

std::string settings_path() { return settings_path(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")); }

SettingsLoad load_settings(const std::string& path) {
  SettingsLoad result;
  std::error_code ec;
  if (path.empty() || !fs::exists(path, ec)) return result;
  std::ifstream in(path);
  if (!in) {
    result.message = "settings not read from " + path + ": cannot open it";
    return result;
  }
  PresenterSettings s;
  s.recent.clear();
  std::string line;
  int number = 0;
  auto fail = [&](const std::string& why) {
    result.message =
        "settings ignored (defaults used): " + path + " line " + std::to_string(number) + ": " + why;
    return result;
  };
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos) return fail("expected key = value");
    const std::string key = trim(text.substr(0, eq)), value = trim(text.substr(eq + 1));
    if (key == "scale") {
      if (!parse_float(value, PresenterSettings::kMinScale, PresenterSettings::kMaxScale, s.scale))
        return fail("scale must be a number from 0.5 to 4");
    } else if (key == "theme") {
      if (!parse_theme(value, s.theme)) return fail("theme must be dark or light");
    } else if (key == "panel") {
      if (!known_panel(value)) return fail("panel must be claims, timeline, lesson or run");
      s.panel = value;
    } else if (key == "left_share") {
      if (!parse_float(value, 0.2f, 0.85f, s.left_share)) return fail("left_share must be from 0.2 to 0.85");
    } else if (key == "source_share") {
      if (!parse_float(value, 0.15f, 0.85f, s.source_share))
        return fail("source_share must be from 0.15 to 0.85");
    } else if (key == "recent") {
      if (value.empty()) return fail("recent needs a path");
      if (s.recent.size() < PresenterSettings::kMaxRecent) s.recent.push_back(value);
    } else {
      return fail("unknown key \"" + key + "\"");
    }
  }
  result.settings = s;
  return result;
}

std::string settings_text(const PresenterSettings& s) {
  std::ostringstream out;
  char number[32];
  out << "# gridlock viewer settings, written by the viewer on exit\n";
  std::snprintf(number, sizeof number, "%.2f", static_cast<double>(s.scale));
  out << "scale = " << number << "\n";
  out << "theme = " << theme_name(s.theme) << "\n";
  out << "panel = " << s.panel << "\n";
  std::snprintf(number, sizeof number, "%.3f", static_cast<double>(s.left_share));
  out << "left_share = " << number << "\n";
  std::snprintf(number, sizeof number, "%.3f", static_cast<double>(s.source_share));
  out << "source_share = " << number << "\n";
  for (const std::string& r : s.recent) out << "recent = " << r << "\n";
  return out.str();
}

std::string save_settings(const std::string& path, const PresenterSettings& settings) {
  if (path.empty()) return "settings not saved: no config folder ($XDG_CONFIG_HOME and $HOME unset)";
  std::error_code ec;
  const fs::path file(path);
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  if (ec) return "settings not saved: cannot create " + file.parent_path().string() + ": " + ec.message();
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << settings_text(settings);
    if (!out.flush()) return "settings not saved: cannot write " + temporary;
  }
  fs::rename(temporary, file, ec);
  if (ec) return "settings not saved: cannot replace " + path + ": " + ec.message();
  return {};
}

}  // namespace gridlock::viewer
