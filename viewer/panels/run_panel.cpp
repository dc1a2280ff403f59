// The Run on this GPU window: the lesson's options as fields, Run / Cancel, and the live output.
#include "panels/run_panel.hpp"

#include <imgui.h>

#include <cstdio>
#include <iostream>

#include "model/lesson_cli.hpp"

namespace gridlock::viewer {

namespace {

constexpr const char* kLog = "gridlock-viewer: run";

std::string program_of(const Document& document) {
  const std::string& program = document.trace.producer.program;
  return program.empty() ? document.trace.lesson_id : program;
}

// One field per option: a number box, a combo of the choices, a text box or a checkbox.
void option_field(const LessonOption& o, std::string& value) {
  ImGui::PushID(o.name.c_str());
  const std::string label = "--" + o.name;
  if (o.kind == LessonOption::Kind::flag) {
    bool on = value == "1";
    if (ImGui::Checkbox(label.c_str(), &on)) value = on ? "1" : "0";
  } else if (!o.choices.empty()) {
    if (ImGui::BeginCombo(label.c_str(), value.c_str())) {
      for (const std::string& c : o.choices)
        if (ImGui::Selectable(c.c_str(), c == value)) value = c;
      ImGui::EndCombo();
    }
  } else {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, "%s", value.c_str());
    const ImGuiInputTextFlags flags =
        o.kind == LessonOption::Kind::integer ? ImGuiInputTextFlags_CharsDecimal : ImGuiInputTextFlags_None;
    if (ImGui::InputText(label.c_str(), buffer, sizeof buffer, flags)) value = buffer;
  }
  if (!o.description.empty() && ImGui::IsItemHovered()) {
    std::string tip = o.description;
    if (o.min && o.max) tip += "\n" + std::to_string(*o.min) + " .. " + std::to_string(*o.max);
    ImGui::SetTooltip("%s", tip.c_str());
  }
  ImGui::PopID();
}

void start_run(RunPanelState& state) {
  const std::string problem =
      state.unavailable.empty() ? check_values(state.lesson.options, state.values) : state.unavailable;
  if (!problem.empty()) {
    std::cout << kLog << " cannot start: " << problem << std::endl;
    return;
  }
  const auto variant = state.values.find("variant");
  const std::string trace = new_trace_path(state.config.runs_folder, state.program,
                                           variant == state.values.end() ? "" : variant->second);
  const std::vector<std::string> argv =
      lesson_command(state.lesson.executable, state.lesson.options, state.values, trace);
  if (!state.run.start(argv, trace)) {
    std::cout << kLog << " cannot start: " << state.run.message() << std::endl;
    return;
  }
  std::cout << kLog << " command: " << state.run.command_line() << std::endl;
}

// Polls the run; prints its new lines. Returns the outcome on the frame it ends with a trace.
std::optional<RunOutcome> poll_run(RunPanelState& state) {
  if (!state.run.running()) return std::nullopt;
  const std::size_t before = state.run.lines().size();
  const bool ended = state.run.poll();
  for (std::size_t i = before; i < state.run.lines().size(); ++i)
    std::cout << kLog << " output: " << state.run.lines()[i] << std::endl;
  if (!ended && state.config.cancel_after_lines > 0 &&
      static_cast<int>(state.run.lines().size()) >= state.config.cancel_after_lines) {
    state.run.cancel();
  } else if (!ended) {
    return std::nullopt;
  }
  std::cout << kLog << " ended: " << state.run.message() << " (exit " << state.run.exit_code() << ")"
            << std::endl;
  if (state.run.state() == LessonRun::State::no_gpu) state.unavailable = state.run.message();
  if (state.run.state() != LessonRun::State::done) return std::nullopt;
  return RunOutcome{state.recorded_path, state.run.trace_path()};
}

void status_line(const RunPanelState& state) {
  const LessonRun& run = state.run;
  ImU32 colour = colour::text_dim;
  if (run.state() == LessonRun::State::done) colour = colour::confirmed;
  if (run.state() == LessonRun::State::failed || run.state() == LessonRun::State::no_gpu)
    colour = colour::error;
  if (run.state() == LessonRun::State::idle) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
  if (run.running())
    ImGui::TextWrapped("running: %zu lines so far", run.lines().size());
  else
    ImGui::TextWrapped("%s", run.message().c_str());
  ImGui::PopStyleColor();
}

void output_log(RunPanelState& state, const Fonts& fonts) {
  ImGui::Checkbox("follow", &state.follow_output);
  ImGui::BeginChild("output", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (fonts.mono) ImGui::PushFont(fonts.mono);
  for (const std::string& line : state.run.lines()) ImGui::TextUnformatted(line.c_str());
  if (fonts.mono) ImGui::PopFont();
  if (state.follow_output && state.run.running()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

void run_controls(RunPanelState& state) {
  const std::string problem =
      state.unavailable.empty() ? check_values(state.lesson.options, state.values) : state.unavailable;
  if (state.run.running()) {
    if (ImGui::Button("Cancel")) state.run.cancel();
    return;
  }
  ImGui::BeginDisabled(!problem.empty());
  if (ImGui::Button("Run on this GPU")) start_run(state);
  ImGui::EndDisabled();
  if (!problem.empty()) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::error));
    ImGui::TextWrapped("unavailable: %s", problem.c_str());
    ImGui::PopStyleColor();
  }
}

// The recorded values, then the --set ones.
void first_values(RunPanelState& state, const Document& document) {
  state.values = initial_values(state.lesson.options, document.trace.parameters, document.trace.variant);
  for (const std::string& assignment : state.config.set_values) {
    const std::size_t eq = assignment.find('=');
    const std::string name = assignment.substr(0, eq);
    if (eq == std::string::npos || !state.values.count(name)) {
      std::cout << kLog << " ignored --set " << assignment << " (the lesson has no option --" << name << ")"
                << std::endl;
      continue;
    }
    state.values[name] = assignment.substr(eq + 1);
  }
}

}  // namespace

void open_run_panel(RunPanelState& state, const Document& document) {
  state.open = true;
  state.recorded_path = document.path;
  const std::string program = program_of(document);
  if (program == state.program && !state.run.running()) {
    if (state.lesson.error.empty()) first_values(state, document);
    return;
  }
  if (state.run.running()) return;  // a run of another lesson goes on; its window stays
  state.program = program;
  state.unavailable.clear();
  state.lesson = {};
  state.values.clear();
  if (!state.config.no_programs.empty()) {
    state.unavailable = state.config.no_programs;
    return;
  }
  const std::string executable = find_lesson_executable(state.config.search, program);
  if (executable.empty()) {
    state.unavailable = "no executable " + program + " found (build the lessons, or give --lesson-bin DIR)";
    std::cout << kLog << " unavailable: " << state.unavailable << std::endl;
    return;
  }
  state.lesson = learn_lesson(executable);
  if (!state.lesson.error.empty()) {
    state.unavailable = state.lesson.error;
    std::cout << kLog << " unavailable: " << state.unavailable << std::endl;
    return;
  }
  first_values(state, document);
  if (state.config.start_at_once) start_run(state);
}

std::optional<RunOutcome> draw_run_panel(RunPanelState& state, const Fonts& fonts) {
  std::optional<RunOutcome> outcome = poll_run(state);
  if (!state.open) return outcome;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(display.x * 0.45f, display.y * 0.6f), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin(("Run on this GPU \xC2\xB7 " + state.program + "###run").c_str(), &state.open)) {
    ImGui::End();
    return outcome;
  }
  if (!state.lesson.executable.empty()) ImGui::TextDisabled("%s", state.lesson.executable.c_str());
  ImGui::BeginDisabled(state.run.running());
  ImGui::PushItemWidth(ImGui::GetFontSize() * 10);
  for (const LessonOption& o : state.lesson.options) option_field(o, state.values[o.name]);
  ImGui::PopItemWidth();
  ImGui::EndDisabled();
  run_controls(state);
  if (!state.run.command_line().empty()) ImGui::TextWrapped("%s", state.run.command_line().c_str());
  status_line(state);
  output_log(state, fonts);
  ImGui::End();
  return outcome;
}

}  // namespace gridlock::viewer
