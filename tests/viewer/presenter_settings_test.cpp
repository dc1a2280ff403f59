// The presenter's settings file and the key events, without a window.
#include "model/presenter_settings.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "model/key_events.hpp"

namespace gv = gridlock::viewer;
namespace fs = std::filesystem;

namespace {

fs::path fresh_folder(const std::string& name) {
  const fs::path folder =
      fs::temp_directory_path() / ("gridlock-settings-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  return folder;
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

TEST(PresenterSettings, PathFollowsXdgThenHome) {
  EXPECT_EQ(gv::settings_path("/x/config", "/home/a"), "/x/config/gridlock/viewer.conf");
  EXPECT_EQ(gv::settings_path(nullptr, "/home/a"), "/home/a/.config/gridlock/viewer.conf");
  EXPECT_EQ(gv::settings_path("", "/home/a"), "/home/a/.config/gridlock/viewer.conf");
  EXPECT_EQ(gv::settings_path("relative", "/home/a"), "/home/a/.config/gridlock/viewer.conf");
  EXPECT_EQ(gv::settings_path(nullptr, nullptr), "");
}

TEST(PresenterSettings, SaveThenLoadGivesTheSameSettings) {
  const fs::path folder = fresh_folder("round-trip");
  const std::string path = (folder / "gridlock" / "viewer.conf").string();
  gv::PresenterSettings s;
  s.scale = 1.5f;
  s.theme = gv::Theme::light;
  s.panel = "lesson";
  s.left_share = 0.625f;
  s.source_share = 0.375f;
  s.add_recent("/traces/a.json");
  s.add_recent("/traces/b.json");
  ASSERT_EQ(gv::save_settings(path, s), "");
  const gv::SettingsLoad loaded = gv::load_settings(path);
  EXPECT_EQ(loaded.message, "");
  EXPECT_FLOAT_EQ(loaded.settings.scale, 1.5f);
  EXPECT_EQ(loaded.settings.theme, gv::Theme::light);
  EXPECT_EQ(loaded.settings.panel, "lesson");
  EXPECT_FLOAT_EQ(loaded.settings.left_share, 0.625f);
  EXPECT_FLOAT_EQ(loaded.settings.source_share, 0.375f);
  EXPECT_EQ(loaded.settings.recent, (std::vector<std::string>{"/traces/b.json", "/traces/a.json"}));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  fs::remove_all(folder);
}

TEST(PresenterSettings, MissingFileGivesDefaultsQuietly) {
  const gv::SettingsLoad loaded = gv::load_settings((fresh_folder("missing") / "viewer.conf").string());
  EXPECT_EQ(loaded.message, "");
  EXPECT_FLOAT_EQ(loaded.settings.scale, 1.0f);
  EXPECT_EQ(loaded.settings.theme, gv::Theme::dark);
  EXPECT_TRUE(loaded.settings.recent.empty());
}

TEST(PresenterSettings, BadFileIsIgnoredWithAMessage) {
  const fs::path folder = fresh_folder("bad");
  const struct {
    const char* text;
    const char* why;
  } cases[] = {
      {"scale = 1.5\ntheme = purple\n", "line 2: theme must be dark or light"},
      {"scale = huge\n", "line 1: scale must be a number"},
      {"scale = 9\n", "line 1: scale must be a number"},
      {"# comment\nno equals sign\n", "line 2: expected key = value"},
      {"zoom = 2\n", "line 1: unknown key \"zoom\""},
      {"left_share = 0.01\n", "line 1: left_share"},
      {"\x89PNG\x0d\x0a\x1a\x0a binary", "line 1:"},
  };
  for (const auto& c : cases) {
    const fs::path path = folder / "viewer.conf";
    write(path, c.text);
    const gv::SettingsLoad loaded = gv::load_settings(path.string());
    EXPECT_NE(loaded.message.find("settings ignored"), std::string::npos) << c.text;
    EXPECT_NE(loaded.message.find(c.why), std::string::npos) << loaded.message;
    EXPECT_FLOAT_EQ(loaded.settings.scale, 1.0f) << "a bad file is ignored as a whole";
    EXPECT_EQ(loaded.settings.theme, gv::Theme::dark);
  }
  fs::remove_all(folder);
}

TEST(PresenterSettings, RecentFilesMoveToTheFrontAndAreBounded) {
  gv::PresenterSettings s;
  for (int i = 0; i < 12; ++i) s.add_recent("/t/" + std::to_string(i) + ".json");
  ASSERT_EQ(s.recent.size(), gv::PresenterSettings::kMaxRecent);
  EXPECT_EQ(s.recent.front(), "/t/11.json");
  s.add_recent("/t/8.json");
  EXPECT_EQ(s.recent.front(), "/t/8.json");
  EXPECT_EQ(std::count(s.recent.begin(), s.recent.end(), "/t/8.json"), 1);
}

TEST(PresenterSettings, ScaleStepsInQuartersWithinRange) {
  EXPECT_FLOAT_EQ(gv::next_scale(1.0f, 1), 1.25f);
  EXPECT_FLOAT_EQ(gv::next_scale(1.5f, 2), 2.0f);
  EXPECT_FLOAT_EQ(gv::next_scale(1.1f, 0), 1.0f);
  EXPECT_FLOAT_EQ(gv::next_scale(4.0f, 1), 4.0f);
  EXPECT_FLOAT_EQ(gv::next_scale(0.5f, -1), 0.5f);
}

TEST(KeyEvents, ATapWithinOneFrameStillCounts) {
  gv::KeyEvents keys;
  keys.push({267, 0, false});  // a clicker's PageDown: press (and its release) before the frame
  keys.begin_frame();
  EXPECT_TRUE(keys.pressed(267));
  keys.begin_frame();
  EXPECT_FALSE(keys.pressed(267)) << "a press counts in one frame only";
}

TEST(KeyEvents, RepeatsAndModifiers) {
  gv::KeyEvents keys;
  keys.push({262, 0, true});
  keys.push({'O', gv::KeyEvents::kCtrl, false});
  keys.push({'=', gv::KeyEvents::kCtrl | gv::KeyEvents::kShift, false});
  keys.begin_frame();
  EXPECT_FALSE(keys.pressed(262)) << "a repeat is not a new press";
  EXPECT_TRUE(keys.pressed(262, true));
  EXPECT_TRUE(keys.pressed('O', false, gv::KeyEvents::kCtrl));
  EXPECT_FALSE(keys.pressed('O')) << "O without Ctrl was not pressed";
  EXPECT_TRUE(keys.pressed('=', false, gv::KeyEvents::kCtrl)) << "Shift is ignored";
  keys.consume('O');
  EXPECT_FALSE(keys.pressed('O', false, gv::KeyEvents::kCtrl));
}
