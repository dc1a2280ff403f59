// Reading the page's address.
#include "model/web_address.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>

#include "explore/challenges.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace {

bool to_int(const std::string& text, int& value) {
  const char* end = text.data() + text.size();
  auto [at, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && at == end && !text.empty();
}

bool to_float(const std::string& text, float& value) {
  char* end = nullptr;
  value = std::strtof(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(value);
}

// "1" or "0" into `flag`; false for any other value.
bool to_flag(const std::string& text, bool& flag) {
  if (text != "1" && text != "0") return false;
  flag = text == "1";
  return true;
}

// At most this many characters of a value are quoted back.
std::string quoted(const std::string& text) {
  return "\"" + (text.size() > 80 ? text.substr(0, 80) + "\xE2\x80\xA6" : text) + "\"";
}

}  // namespace

std::string site_trace_path(const std::string& named, std::string& why) {
  namespace fs = std::filesystem;
  const fs::path p(named);
  if (named.empty() || p.is_absolute() || named.find(':') != std::string::npos ||
      named.find('\\') != std::string::npos) {
    why = quoted(named) + " is not a path inside this site";
    return {};
  }
  for (const fs::path& part : p)
    if (part == ".." || part == ".") {
      why = quoted(named) + " may not use \".\" or \"..\"";
      return {};
    }
  if (p.begin() == p.end() || *p.begin() != "lessons" || p.extension() != ".json") {
    why = quoted(named) + " is not a trace of this site (a .json file in lessons/)";
    return {};
  }
  return "/" + p.lexically_normal().generic_string();
}

std::string site_lecture_path(const std::string& named, std::string& why) {
  const bool plain =
      !named.empty() && named.size() <= 64 && std::all_of(named.begin(), named.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
      });
  if (!plain) {
    why = quoted(named) +
          " is not a lecture's name (letters, digits, - and _: \"interblock\" opens "
          "lectures/interblock.lecture)";
    return {};
  }
  return "/lectures/" + named + ".lecture";
}

WebRequest read_web_address(const std::string& parameters, const std::vector<std::string>& views) {
  WebRequest r;
  auto problem = [&](const std::string& key, const std::string& why) {
    r.problems.push_back("The page's address: " + key + ": " + why + ".");
  };
  for (std::string_view line : trace::split_lines(parameters)) {
    if (line.empty()) continue;
    const std::size_t tab = line.find('\t');
    const std::string key(line.substr(0, tab));
    const std::string value(tab == std::string_view::npos ? std::string_view() : line.substr(tab + 1));
    std::string why;
    if (key == "trace") {
      r.trace = site_trace_path(value, why);
      if (r.trace.empty()) problem(key, why);
    } else if (key == "compare") {
      const std::size_t comma = value.find(',');
      const std::string a = site_trace_path(value.substr(0, comma), why);
      const std::string b =
          comma == std::string::npos ? std::string() : site_trace_path(value.substr(comma + 1), why);
      if (comma == std::string::npos) why = "give two traces, A,B";
      if (a.empty() || b.empty())
        problem(key, why);
      else
        r.compare = {a, b};
    } else if (key == "view") {
      if (std::find(views.begin(), views.end(), value) != views.end()) {
        r.view = value;
      } else {
        std::string names;
        for (const std::string& v : views) names += (names.empty() ? "" : ", ") + v;
        problem(key, quoted(value) + " is not a view (there are " + names + ")");
      }
    } else if (key == "step") {
      if (!to_int(value, r.step)) problem(key, quoted(value) + " is not a whole number");
    } else if (key == "scale") {
      if (!to_float(value, r.scale) || r.scale < 0.5f || r.scale > 4.0f) {
        r.scale = 0;
        problem(key, quoted(value) + " is not a number from 0.5 to 4");
      }
    } else if (key == "theme") {
      if (value == "light" || value == "dark")
        r.light = value == "light";
      else
        problem(key, quoted(value) + " is neither dark nor light");
    } else if (key == "picture") {
      if (!to_flag(value, r.picture)) problem(key, quoted(value) + " is neither 1 nor 0");
    } else if (key == "size") {
      const std::size_t x = value.find('x');
      int w = 0, h = 0;
      if (x != std::string::npos && to_int(value.substr(0, x), w) && to_int(value.substr(x + 1), h) &&
          w >= 320 && h >= 240 && w <= 8192 && h <= 8192) {
        r.width = w;
        r.height = h;
      } else {
        problem(key, quoted(value) + " is not WIDTHxHEIGHT from 320x240 to 8192x8192");
      }
    } else if (key == "lecture") {
      r.lecture = site_lecture_path(value, why);
      if (r.lecture.empty()) problem(key, why);
    } else if (key == "stop") {
      if (!to_int(value, r.stop) || r.stop < 1) {
        r.stop = 1;
        problem(key, quoted(value) + " is not a stop's number (1 is the first)");
      }
    } else if (key == "bench") {
      if (!to_int(value, r.bench_frames) || r.bench_frames < 10 || r.bench_frames > 100000) {
        r.bench_frames = 0;
        problem(key, quoted(value) + " is not a number of frames from 10 to 100000");
      }
    } else if (key == "challenge") {
      const int count = static_cast<int>(explore::challenges().size());
      if (!to_int(value, r.challenge) || r.challenge < 1 || r.challenge > count) {
        r.challenge = 0;
        problem(key, quoted(value) + " is not a challenge (1 to " + std::to_string(count) + ")");
      }
    } else if (key == "empty") {
      if (!to_flag(value, r.empty)) problem(key, quoted(value) + " is neither 1 nor 0");
    } else {
      problem(quoted(key),
              "not a setting of this page (it reads trace, compare, view, step, scale, theme, "
              "picture, size, lecture, stop, challenge, bench and empty)");
    }
  }
  if (!r.lecture.empty() && (!r.compare.empty() || !r.trace.empty())) {
    problem("lecture", "the page shows either a lecture or what the address names; it opens the lecture");
    r.trace.clear();
    r.compare.clear();
  }
  if (!r.compare.empty() && !r.trace.empty()) {
    problem("trace", "the page shows either one trace or a comparison; it opens the comparison");
    r.trace.clear();
  }
  return r;
}

}  // namespace gridlock::viewer
