// The claims and run panels.
#include "panels/claims_panel.hpp"

#include <cfloat>
#include <cstdio>
#include <string>

namespace gridlock::viewer {

namespace {

std::string version_text(int v) {
  if (v <= 0) return "?";
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string time_text(double ns) {
  char text[32];
  if (ns >= 1e6)
    std::snprintf(text, sizeof text, "%.2f ms", ns / 1e6);
  else if (ns >= 1e3)
    std::snprintf(text, sizeof text, "%.2f \xC2\xB5s", ns / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f ns", ns);
  return text;
}

void key_value(const char* key, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextDisabled("%s", key);
  ImGui::TableSetColumnIndex(1);
  ImGui::TextWrapped("%s", value.c_str());
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

void verdict_badge(trace::Verdict verdict, const Fonts& fonts) {
  const char* text = verdict_words(verdict);
  const ImVec2 size = fonts.bold->CalcTextSizeA(fonts.bold->FontSize, FLT_MAX, 0, text);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 box(size.x + 16, size.y + 6);
  const ImU32 c = verdict_colour(verdict);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + box.x, at.y + box.y), c, box.y * 0.5f);
  list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(at.x + 8, at.y + 3), colour::text_on(c), text);
  ImGui::Dummy(box);
}

std::string producer_summary(const trace::Producer& p) {
  if (p.kind == trace::ProducerKind::model) return "model: " + p.model;
  const trace::Device& d = p.device;
  std::string text = d.name.empty() ? "unnamed GPU" : d.name;
  text += "  \xC2\xB7  CC " + std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor);
  if (d.sm_count > 0) text += "  \xC2\xB7  " + std::to_string(d.sm_count) + " SMs";
  return text;
}

void draw_claims_panel(const trace::Trace& trace, const Fonts& fonts) {
  if (trace.claims.empty()) {
    ImGui::TextDisabled("This trace records no claims.");
    return;
  }
  ImGui::BeginChild("claims-list");
  for (std::size_t i = 0; i < trace.claims.size(); ++i) {
    const trace::Claim& claim = trace.claims[i];
    if (i > 0) ImGui::Separator();
    verdict_badge(claim.verdict, fonts);
    ImGui::SameLine();
    ImGui::PushFont(fonts.bold);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 3);
    ImGui::TextUnformatted(claim.id.c_str());
    ImGui::PopFont();
    ImGui::TextWrapped("%s", claim.statement.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(verdict_colour(claim.verdict)));
    ImGui::TextUnformatted("measured:");
    ImGui::PopStyleColor();
    ImGui::SameLine();
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

void draw_run_panel(const trace::Trace& trace, const Fonts& fonts) {
  const trace::Producer& p = trace.producer;
  ImGui::PushFont(fonts.heading);
  ImGui::TextUnformatted(p.kind == trace::ProducerKind::model ? "Produced by a model" : "Recorded on");
  ImGui::PopFont();
  if (ImGui::BeginTable("producer", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 150);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    if (p.kind == trace::ProducerKind::model) {
      key_value("model", p.model);
    } else {
      key_value("device", p.device.name);
      key_value("compute capability",
                std::to_string(p.device.cc_major) + "." + std::to_string(p.device.cc_minor));
      key_value("SMs", std::to_string(p.device.sm_count));
      key_value("driver / runtime",
                version_text(p.device.driver_version) + " / " + version_text(p.device.runtime_version));
    }
    key_value("program", p.program);
    key_value("recorded at", p.recorded_at);
    key_value("lesson exit code", std::to_string(trace.exit_code));
    for (const auto& [name, value] : trace.parameters) {
      char text[48];
      std::snprintf(text, sizeof text, "%.10g", value);
      key_value(name.c_str(), text);
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::PushFont(fonts.heading);
  ImGui::TextUnformatted("Timings");
  ImGui::PopFont();
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
    ImGui::TextUnformatted(time_text(t.median_ns).c_str());
    ImGui::PopFont();
    ImGui::TableSetColumnIndex(4);
    ImGui::Text("%s \xE2\x80\x93 %s", time_text(t.min_ns).c_str(), time_text(t.max_ns).c_str());
    ImGui::TableSetColumnIndex(5);
    ImGui::Text("%.1f", t.gbytes_per_s());
  }
  ImGui::EndTable();
}

}  // namespace gridlock::viewer
