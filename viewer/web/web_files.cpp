// Fetching the site's files on demand.
#include "web/web_files.hpp"

#include <emscripten/fetch.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {

struct Request {
  WebFiles* files;
  std::string path;
};

void on_success(emscripten_fetch_t* fetch) {
  auto* request = static_cast<Request*>(fetch->userData);
  if (fetch->status == 200)
    request->files->arrived(request->path, fetch->data, static_cast<std::size_t>(fetch->numBytes));
  else
    request->files->failed(request->path, "the server answered " + std::to_string(fetch->status));
  delete request;
  emscripten_fetch_close(fetch);
}

void on_error(emscripten_fetch_t* fetch) {
  auto* request = static_cast<Request*>(fetch->userData);
  request->files->failed(request->path, fetch->status == 404
                                            ? std::string("the site has no such file")
                                            : "the server answered " + std::to_string(fetch->status));
  delete request;
  emscripten_fetch_close(fetch);
}

}  // namespace

std::string site_url(const std::string& path) {
  const fs::path p(path);
  if (!p.is_absolute()) return {};
  for (const fs::path& part : p)
    if (part == "..") return {};
  return p.lexically_normal().relative_path().generic_string();
}

bool WebFiles::ready(const std::string& path) {
  auto found = files_.find(path);
  if (found != files_.end()) return found->second.state == State::ready;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) {
    files_[path].state = State::ready;
    return true;
  }
  const std::string url = site_url(path);
  if (url.empty()) {
    failed(path, "it is not a file of this site");
    return false;
  }
  files_[path].state = State::fetching;
  emscripten_fetch_attr_t attr;
  emscripten_fetch_attr_init(&attr);
  std::strcpy(attr.requestMethod, "GET");
  attr.attributes = EMSCRIPTEN_FETCH_LOAD_TO_MEMORY;
  attr.onsuccess = on_success;
  attr.onerror = on_error;
  attr.userData = new Request{this, path};
  emscripten_fetch(&attr, url.c_str());
  return false;
}

std::string WebFiles::failure(const std::string& path) const {
  auto found = files_.find(path);
  return found == files_.end() ? std::string() : found->second.failure;
}

void WebFiles::arrived(const std::string& path, const char* data, std::size_t bytes) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out.write(data, static_cast<std::streamsize>(bytes));
  if (!out) {
    failed(path, "it arrived but could not be kept in memory");
    return;
  }
  files_[path] = {State::ready, {}};
}

void WebFiles::failed(const std::string& path, const std::string& why) {
  files_[path] = {State::failed, "cannot fetch " + path + ": " + why};
}

}  // namespace gridlock::viewer
