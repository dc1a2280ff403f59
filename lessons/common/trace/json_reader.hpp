// A read-only walk over parsed JSON that knows where it is, so every refusal names the place
// ("steps[3].snapshots[0].values[17]: expected a number, found a string").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "trace/enum_names.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {

// The reader's first pass (json_bounds.cpp): refuses, before anything is parsed into memory, text
// over kMaxFileBytes, text that is not JSON, more than kMaxJsonValues values, nesting deeper than
// kMaxJsonDepth, and numbers too large for a double. Throws TraceError naming `origin`.
void check_json_bounds(std::string_view text, const std::string& origin);

class JsonPlace {
 public:
  JsonPlace(const nlohmann::json& value, std::string origin, std::string path)
      : value_(value), origin_(std::move(origin)), path_(std::move(path)) {}

  const nlohmann::json& value() const { return value_; }
  const std::string& path() const { return path_; }

  [[noreturn]] void fail(const std::string& what) const {
    throw TraceError(origin_ + ": " + (path_.empty() ? "top level" : path_) + ": " + what);
  }

  // A member that must be there.
  JsonPlace at(const char* key) const {
    expect_object();
    auto it = value_.find(key);
    if (it == value_.end()) fail(std::string("missing field \"") + key + "\"");
    return JsonPlace(*it, origin_, join(key));
  }
  bool has(const char* key) const { return value_.is_object() && value_.contains(key); }

  // Array elements; size() after expect_array().
  size_t size() const {
    expect_array();
    return value_.size();
  }
  JsonPlace operator[](size_t i) const {
    expect_array();
    return JsonPlace(value_[i], origin_, path_ + "[" + std::to_string(i) + "]");
  }

  std::string text() const {
    if (!value_.is_string()) fail("expected a string, found " + kind());
    return value_.get<std::string>();
  }
  double number() const {
    if (!value_.is_number()) fail("expected a number, found " + kind());
    return value_.get<double>();
  }
  int64_t integer(int64_t lo, int64_t hi) const {
    if (!value_.is_number_integer()) fail("expected an integer, found " + kind());
    int64_t v = value_.is_number_unsigned() && value_.get<uint64_t>() > uint64_t(INT64_MAX)
                    ? INT64_MAX
                    : value_.get<int64_t>();
    if (v < lo || v > hi)
      fail("value " + std::to_string(v) + " outside [" + std::to_string(lo) + ", " + std::to_string(hi) +
           "]");
    return v;
  }
  int small_int() const { return static_cast<int>(integer(-1, 1 << 30)); }

  // A string that must name one of the enum's values (enum_names.hpp).
  template <typename Enum>
  Enum choice() const {
    std::string got = text();
    std::string known;
    for (std::size_t i = 0; i < EnumNames<Enum>::count; ++i) {
      if (got == EnumNames<Enum>::names[i]) return static_cast<Enum>(i);
      known += (known.empty() ? "" : ", ") + std::string(EnumNames<Enum>::names[i]);
    }
    fail("unknown value \"" + got + "\" (known: " + known + ")");
  }

  void expect_object() const {
    if (!value_.is_object()) fail("expected an object, found " + kind());
  }
  void expect_array() const {
    if (!value_.is_array()) fail("expected an array, found " + kind());
  }

 private:
  std::string kind() const { return value_.type_name(); }
  std::string join(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

  const nlohmann::json& value_;
  std::string origin_;
  std::string path_;
};

}  // namespace gridlock::trace
