// The claims and run panels.
#include "panels/claims_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <optional>
#include <string>

#include "format.hpp"
#include "model/fact_places.hpp"
#include "screen_parts.hpp"

namespace gridlock::viewer {

namespace {

void key_value(const char* key, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextDisabled("%s", key);
  ImGui::TableSetColumnIndex(1);
  ImGui::TextWrapped("%s", value.c_str());
}

void section(const char* title, const Fonts& fonts) {
  ImGui::Spacing();
  ImGui::PushFont(fonts.heading);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
}

// The widest of `keys` as drawn, for the key column: measured once per map and font size, not
// every frame (a trace holds hundreds of facts).
template <typename Keys>
float widest_key(const Keys& keys) {
  struct Measured {
    const Keys* keys = nullptr;
    std::size_t size = 0;
    float font = 0, widest = 0;
  };
  static Measured last;
  if (last.keys != &keys || last.size != keys.size() || last.font != ImGui::GetFontSize()) {
    last = {&keys, keys.size(), ImGui::GetFontSize(), 0};
    for (const auto& k : keys) last.widest = std::max(last.widest, ImGui::CalcTextSize(k.first.c_str()).x);
  }
  return last.widest;
}

// A table of keys and values. The key column is as wide as its widest key (`widest`, at least
// that of the panel's own labels), up to half the panel, so that a long key (a fact's, a run
// parameter's) is not cut.
bool begin_key_values(const char* id, float widest = 0) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp)) return false;
  const float labels = ImGui::CalcTextSize("lesson exit code").x;
  const float padding = 2 * ImGui::GetStyle().CellPadding.x + ImGui::GetStyle().ItemSpacing.x;
  const float half = 0.5f * ImGui::GetContentRegionAvail().x;
  ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed,
                          std::max(labels + padding, std::min(std::max(widest, labels) + padding, half)));
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  return true;
}

std::string device_text(const trace::Device& d) {
  return (d.name.empty() ? std::string("unnamed GPU") : d.name) + "  \xC2\xB7  CC " +
         std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor) + "  \xC2\xB7  " +
         std::to_string(d.sm_count) + " SMs  \xC2\xB7  driver " + format_cuda_version(d.driver_version) +
         ", runtime " + format_cuda_version(d.runtime_version);
}

// Who produced the trace: the model, or each GPU; then the program and the run's parameters.
void producer_rows(const trace::Trace& trace) {
  const trace::Producer& p = trace.producer;
  if (p.kind == trace::ProducerKind::model) key_value("model", p.model);
  for (std::size_t i = 0; i < p.devices.size(); ++i) {
    const std::string key = p.devices.size() == 1 ? "device" : "device " + std::to_string(i);
    key_value(key.c_str(), device_text(p.devices[i]));
  }
  key_value("program", p.program);
  key_value("recorded at", p.recorded_at);
  key_value("lesson exit code", std::to_string(trace.exit_code));
  for (const auto& [name, value] : trace.parameters) key_value(name.c_str(), format_parameter(name, value));
}

// The clock every time is on: what it is, how fine, and what t = 0 is.
void clock_rows(const trace::Clock& clock) {
  key_value("clock", clock.source.empty() ? "not named" : clock.source);
  key_value("resolution", clock.resolution_ns > 0
                              ? format_duration(static_cast<double>(clock.resolution_ns), clock.unit)
                              : "not stated");
  key_value("origin (t = 0)", clock.origin.empty() ? "not stated" : clock.origin);
}

void launch_rows(const trace::Trace& trace) {
  for (const trace::Launch& l : trace.launches) {
    std::string text =
        l.name + "  \xC2\xB7  " + format_count(l.grid, "block") + " of " + format_count(l.block, "thread");
    if (l.device >= 0 && trace.producer.devices.size() > 1)
      text += "  \xC2\xB7  device " + std::to_string(l.device);
    if (const trace::Track* stream = trace.find_track(l.stream)) text += "  \xC2\xB7  " + stream->name;
    key_value(("launch " + std::to_string(l.id)).c_str(), text);
  }
}

// Each fact by key; one whose origin the trace names has a "show" link to it (model/fact_places).
std::optional<std::string> facts_table(const trace::Trace& trace) {
  if (trace.facts.empty()) {
    ImGui::TextDisabled("No facts in this trace.");
    return std::nullopt;
  }
  if (!begin_key_values("facts", widest_key(trace.facts))) return std::nullopt;
  std::optional<std::string> clicked;
  for (const auto& [key, text] : trace.facts) {
    key_value(key.c_str(), text);
    const std::optional<FactPlace> place = fact_place(trace, key);
    if (!place) continue;
    ImGui::SameLine();
    ImGui::PushID(key.c_str());
    if (ImGui::SmallButton("show")) clicked = key;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", place->where.c_str());
    ImGui::PopID();
  }
  ImGui::EndTable();
  return clicked;
}

void notices_list(const trace::Trace& trace) {
  for (const std::string& n : trace.notices) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::notice));
    ImGui::Bullet();
    ImGui::TextWrapped("%s", n.c_str());
    ImGui::PopStyleColor();
  }
}

void timings_table(const trace::Trace& trace, const Fonts& fonts) {
  if (trace.timings.empty()) {
    ImGui::TextDisabled("No timings in this trace.");
    return;
  }
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("timings", 6, flags)) return;
  ImGui::TableSetupColumn("kernel", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("elements");
  ImGui::TableSetupColumn("runs");
  ImGui::TableSetupColumn("median");
  ImGui::TableSetupColumn("min \xE2\x80\x93 max");
  ImGui::TableSetupColumn("GB/s");
  ImGui::TableHeadersRow();
  for (const trace::Timing& t : trace.timings) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextWrapped("%s", t.name.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%lld", static_cast<long long>(t.elements));
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%d", t.repetitions);
    ImGui::TableSetColumnIndex(3);
    ImGui::PushFont(fonts.bold);
    ImGui::TextUnformatted(format_duration(t.median_ns).c_str());
    ImGui::PopFont();
    ImGui::TableSetColumnIndex(4);
    ImGui::Text("%s \xE2\x80\x93 %s", format_duration(t.min_ns).c_str(), format_duration(t.max_ns).c_str());
    ImGui::TableSetColumnIndex(5);
    ImGui::Text("%.1f", t.gbytes_per_s());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%lld bytes moved at least, per run", static_cast<long long>(t.bytes));
  }
  ImGui::EndTable();
}

}  // namespace

ImU32 verdict_colour(trace::Verdict verdict) {
  switch (verdict) {
    case trace::Verdict::confirmed:
      return colour::confirmed;
    case trace::Verdict::contradicted:
      return colour::contradicted;
    case trace::Verdict::not_observable:
      return colour::not_observable;
  }
  return colour::text_dim;
}

const char* verdict_words(trace::Verdict verdict) {
  switch (verdict) {
    case trace::Verdict::confirmed:
      return "confirmed";
    case trace::Verdict::contradicted:
      return "contradicted";
    case trace::Verdict::not_observable:
      return "not observable";
  }
  return "?";
}

// A rounded label at the cursor, in colour c, taking its room in the layout.
void pill(const char* text, ImU32 c, const Fonts& fonts) {
  const ImVec2 size = fonts.bold->CalcTextSizeA(fonts.bold->FontSize, FLT_MAX, 0, text);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 box(size.x + 16, size.y + 6);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + box.x, at.y + box.y), c, box.y * 0.5f);
  list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(at.x + 8, at.y + 3), colour::text_on(c), text);
  ImGui::Dummy(box);
}

void verdict_badge(trace::Verdict verdict, const Fonts& fonts) {
  pill(verdict_words(verdict), verdict_colour(verdict), fonts);
}

ImU32 badge_colour(Badge badge) {
  switch (badge) {
    case Badge::confirmed:
      return colour::confirmed;
    case Badge::confirmed_silent:
      return colour::silent_failure;
    case Badge::contradicted:
      return colour::contradicted;
    case Badge::not_observable:
      return colour::not_observable;
  }
  return colour::text_dim;
}

void claim_badge(const trace::Claim& claim, const Fonts& fonts) {
  const Badge badge = badge_of(claim);
  pill(badge_words(badge), badge_colour(badge), fonts);
  wrapped_tooltip(badge_meaning(badge), 28.0f);
}

void draw_claims_panel(const trace::Trace& trace, const Fonts& fonts) {
  if (trace.claims.empty()) {
    ImGui::TextDisabled("This trace records no claims.");
    return;
  }
  // It stands on its panel's fill: no fill of its own.
  ImGui::BeginChild("claims-list", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
  for (std::size_t i = 0; i < trace.claims.size(); ++i) {
    const trace::Claim& claim = trace.claims[i];
    if (i > 0) ImGui::Separator();
    claim_badge(claim, fonts);
    ImGui::SameLine();
    ImGui::PushFont(fonts.bold);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 3);
    ImGui::TextUnformatted(claim.id.c_str());
    ImGui::PopFont();
    ImGui::TextWrapped("%s", claim.statement.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(badge_colour(badge_of(claim))));
    ImGui::TextUnformatted("measured:");
    ImGui::PopStyleColor();
    // Beside the word where the panel is wide, under it where it is narrow (a large scale).
    if (ImGui::GetContentRegionAvail().x > 24.0f * ImGui::GetFontSize()) ImGui::SameLine();
    ImGui::TextWrapped("%s", claim.measurement.empty() ? "-" : claim.measurement.c_str());
    if (!claim.reason.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
      ImGui::TextWrapped("%s", claim.reason.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::Spacing();
  }
  ImGui::EndChild();
}

std::optional<std::string> draw_run_panel(const trace::Trace& trace, const Fonts& fonts) {
  const bool model = trace.producer.kind == trace::ProducerKind::model;
  section(model                               ? "Produced by a model"
          : trace.producer.devices.size() > 1 ? "Recorded on several GPUs"
                                              : "Recorded on",
          fonts);
  if (begin_key_values("producer", widest_key(trace.parameters))) {
    producer_rows(trace);
    ImGui::EndTable();
  }
  section("Clock and launches", fonts);
  if (begin_key_values("clock")) {
    clock_rows(trace.clock);
    launch_rows(trace);
    key_value("format version", std::to_string(trace.version_read));
    ImGui::EndTable();
  }
  if (!trace.notices.empty()) {
    section("Notices", fonts);
    notices_list(trace);
  }
  section("Facts", fonts);
  const std::optional<std::string> clicked = facts_table(trace);
  section("Timings", fonts);
  timings_table(trace, fonts);
  return clicked;
}

}  // namespace gridlock::viewer
