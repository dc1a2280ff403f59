// A read-only walk over parsed JSON that knows where it is, so every refusal names the place
// ("steps[3].snapshots[0].values[17]: expected a number, found a string").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "trace/enum_names.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {

// Parses a trace file's text into a document tree within bounds: refuses text over kMaxFileBytes,
// text that is not JSON, more than kMaxJsonValues values, nesting deeper than kMaxJsonDepth, and
// numbers too large for a double, as soon as the parse passes the limit (json_bounds.cpp). Throws
// TraceError naming `origin`.
nlohmann::json parse_within_bounds(std::string_view text, const std::string& origin);

// A place in the document: a value and the way to it. The way is spelled out only when a check
// fails, so walking a large trace allocates nothing for it. A member or element keeps a pointer to
// the place it was taken from, which must outlive it (hold the parent in a variable).
class JsonPlace {
 public:
  // The top of the document read from `origin`.
  JsonPlace(const nlohmann::json& value, const std::string& origin) : value_(value), origin_(&origin) {}

  const nlohmann::json& value() const { return value_; }
  std::string path() const {
    if (parent_ == nullptr) return "";
    std::string way = parent_->path();
    if (key_.data() == nullptr) return way + "[" + std::to_string(index_) + "]";
    return way.empty() ? std::string(key_) : way + "." + std::string(key_);
  }

  [[noreturn]] void fail(const std::string& what) const {
    const std::string way = path();
    throw TraceError(*origin_ + ": " + (way.empty() ? "top level" : way) + ": " + what);
  }

  // A member that must be there.
  JsonPlace at(const char* key) const {
    expect_object();
    auto it = value_.find(key);
    if (it == value_.end()) fail(std::string("missing field \"") + key + "\"");
    return JsonPlace(*it, *this, key, 0);
  }
  bool has(const char* key) const { return value_.is_object() && value_.contains(key); }
  // Every member of an object, in the document's order: f(key, place).
  template <typename F>
  void for_each_member(F f) const {
    expect_object();
    for (const auto& item : value_.items()) f(item.key(), JsonPlace(item.value(), *this, item.key(), 0));
  }

  // Array elements; size() after expect_array().
  size_t size() const {
    expect_array();
    return value_.size();
  }
  JsonPlace operator[](size_t i) const {
    expect_array();
    return JsonPlace(value_[i], *this, std::string_view(), i);
  }

  std::string text() const { return string_ref(); }
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
    const std::string& got = string_ref();
    for (std::size_t i = 0; i < EnumNames<Enum>::count; ++i)
      if (got == EnumNames<Enum>::names[i]) return static_cast<Enum>(i);
    std::string known;
    for (std::size_t i = 0; i < EnumNames<Enum>::count; ++i)
      known += (known.empty() ? "" : ", ") + std::string(EnumNames<Enum>::names[i]);
    fail("unknown value \"" + got + "\" (known: " + known + ")");
  }

  void expect_object() const {
    if (!value_.is_object()) fail("expected an object, found " + kind());
  }
  void expect_array() const {
    if (!value_.is_array()) fail("expected an array, found " + kind());
  }

 private:
  // A member (key) or an element (index, key empty with no data) of `parent`.
  JsonPlace(const nlohmann::json& value, const JsonPlace& parent, std::string_view key, size_t index)
      : value_(value), origin_(parent.origin_), parent_(&parent), key_(key), index_(index) {}

  const std::string& string_ref() const {
    if (!value_.is_string()) fail("expected a string, found " + kind());
    return value_.get_ref<const std::string&>();
  }
  std::string kind() const { return value_.type_name(); }

  const nlohmann::json& value_;
  const std::string* origin_;
  const JsonPlace* parent_ = nullptr;
  std::string_view key_;
  size_t index_ = 0;
};

}  // namespace gridlock::trace
