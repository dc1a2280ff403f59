// The site's files in a browser: a trace or thumbnail is fetched from the server the first time
// it is asked for (emscripten's Fetch API, asynchronously) and written into the in-memory file
// system at the path the viewer reads it from: "/lessons/a/recorded/b.json" comes from the page's
// "lessons/a/recorded/b.json". A file already there (packed with the page, dropped on it) is
// ready at once.
#pragma once

#include <map>
#include <string>

#include "model/file_source.hpp"

namespace gridlock::viewer {

class WebFiles : public FileSource {
 public:
  bool ready(const std::string& path) override;
  std::string failure(const std::string& path) const override;

  // Called by the fetch's callbacks.
  void arrived(const std::string& path, const char* data, std::size_t bytes);
  void failed(const std::string& path, const std::string& why);

 private:
  enum class State { fetching, ready, failed };
  struct File {
    State state = State::fetching;
    std::string failure;
  };
  std::map<std::string, File> files_;
};

// The URL, relative to the page, that a path of the site's files is fetched from; empty for a
// path outside the site (not absolute, or with "..").
std::string site_url(const std::string& path);

}  // namespace gridlock::viewer
