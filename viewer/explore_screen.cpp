// The Explore screen.
#include "explore_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <map>

#include "model/key_events.hpp"
#include "panels/source_panel.hpp"

namespace gridlock::viewer {

namespace ex = gridlock::explore;

namespace {

constexpr int64_t kSearchSlice = 20000;  // states a frame: a few ms, so the window keeps its pace
// Random moves a frame when playing to the end (each looks for a hang: up to a millisecond or so),
// and the most in all.
constexpr int kRandomMovesSlice = 8;
constexpr int kMostRandomMoves = 10000;

// A filled band with bold text, wrapped to the width left.
void banner(const Fonts& fonts, const std::string& text, ImU32 fill, ImU32 ink) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float pad = 6.0f * ui_scale(fonts);
  const float wrap = std::max(50.0f, ImGui::GetContentRegionAvail().x - 2 * pad);
  const ImVec2 size = fonts.bold->CalcTextSizeA(fonts.bold->FontSize, FLT_MAX, wrap, text.c_str());
  list->AddRectFilled(at, ImVec2(at.x + size.x + 2 * pad, at.y + size.y + 2 * pad), fill, 4.0f);
  list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(at.x + pad, at.y + pad), ink, text.c_str(), nullptr,
                wrap);
  ImGui::Dummy(ImVec2(size.x + 2 * pad, size.y + 2 * pad));
}

// SameLine when an item `width` wide still fits on this line; else the next line.
void same_line_if_fits(float width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

// A checkbox's width with its label.
float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
}

std::string value_text(int32_t v) { return v == ex::kNone ? "\xE2\x80\x94" : std::to_string(v); }

// The file's name without its folders: "kernels.cuh".
std::string file_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

ExploreScreen::ExploreScreen(ex::ModelRun run, std::optional<ex::Challenge> challenge)
    : session_(std::make_unique<ExploreSession>(std::move(run), std::move(challenge))) {}

std::unique_ptr<ExploreScreen> ExploreScreen::for_challenge(size_t index) {
  const ex::Challenge& c = ex::challenges().at(index);
  auto screen = std::make_unique<ExploreScreen>(c.run, c);
  screen->challenge_ = static_cast<int>(index);
  return screen;
}

void ExploreScreen::replace(ex::ModelRun run, std::optional<ex::Challenge> challenge) {
  session_ = std::make_unique<ExploreSession>(std::move(run), std::move(challenge));
}

std::string ExploreScreen::title() const { return "Explore \xC2\xB7 " + session_->kernel().name; }

void ExploreScreen::keys() {
  KeyEvents& keys = frame_keys();
  if (ImGui::GetIO().WantTextInput) return;
  for (int k = '1'; k <= '9'; ++k)
    if (keys.pressed(k)) session_->choose_key(std::string(1, static_cast<char>(k)));
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_Backspace), true)) session_->undo();
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_Home))) session_->restart();
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_Space), true)) session_->random_move();
  if (keys.pressed_plain('E', false)) session_->start_search();
  if (keys.pressed_plain('R', false)) playing_ = kMostRandomMoves;
  if (keys.pressed_plain('T', false) && session_->challenge()) {
    ex::ModelRun corrected = session_->run();
    corrected.kernel = session_->challenge()->corrected;
    replace(corrected, session_->challenge());
  }
}

bool ExploreScreen::draw(const Fonts& fonts) {
  bool open = true;
  if (session_->search() && !session_->search()->done()) session_->advance_search(kSearchSlice);
  if (playing_ > 0) {
    const int played = session_->random_to_the_end(std::min(playing_, kRandomMovesSlice));
    playing_ = played < std::min(playing_, kRandomMovesSlice) ? 0 : playing_ - played;
  }
  ImGui::PushFont(fonts.heading);
  ImGui::TextUnformatted(("Explore: " + session_->kernel().name).c_str());
  ImGui::PopFont();
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize("Close").x -
                  2 * ImGui::GetStyle().FramePadding.x);
  if (ImGui::SmallButton("Close")) open = false;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
  ImGui::TextWrapped("%s", session_->kernel().summary.c_str());
  ImGui::PopStyleColor();
  banner(fonts,
         "A model, not a GPU: " + session_->where() +
             (session_->kernel().lanes == 1 ? ", thread 0 of each block" : "") +
             "; a move is a turn, not a time (rules: lessons/common/explore/memory_model.hpp)",
         colour::model_banner, colour::model_banner_text);
  settings_row(fonts);
  if (show_rules_) {
    const std::vector<std::string>& rules = ex::model_rules();
    for (size_t i = 0; i < rules.size(); ++i)
      ImGui::TextWrapped("%s%s", i + 1 < rules.size() ? (std::to_string(i + 1) + ". ").c_str() : "",
                         rules[i].c_str());
  }
  challenge_row(fonts);
  ImGui::Separator();
  const float left = ImGui::GetContentRegionAvail().x * 0.58f;
  ImGui::BeginChild("explore-left", ImVec2(left, 0), false);
  threads_table(fonts);
  code_lines(fonts);
  moves_list(fonts);
  // Memory goes under the moves where it fits there, else beside the outcomes.
  const float row = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
  const float memory_height = static_cast<float>(session_->machine().elements() + 3) * row;
  const bool memory_left = ImGui::GetContentRegionAvail().y >= memory_height;
  if (memory_left) memory_table(fonts);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("explore-right", ImVec2(0, 0), false);
  if (!memory_left) memory_table(fonts);
  outcomes_panel(fonts);
  ImGui::EndChild();
  return open;
}

void ExploreScreen::settings_row(const Fonts& fonts) {
  const float s = ui_scale(fonts);
  ex::ModelRun run = session_->run();
  bool changed = false;
  ImGui::SetNextItemWidth(200 * s);
  if (ImGui::BeginCombo("kernel", run.kernel.c_str())) {
    for (const std::string& name : ex::model_kernel_names())
      if (ImGui::Selectable(name.c_str(), name == run.kernel)) {
        run.kernel = name;
        run.lanes = 0;  // the new kernel's own
        changed = true;
      }
    ImGui::EndCombo();
  }
  const std::vector<int>& lanes = session_->kernel().lane_choices;
  if (lanes.size() > 1) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60 * s);
    const std::string shown = std::to_string(session_->kernel().lanes);
    if (ImGui::BeginCombo("threads a block", shown.c_str())) {
      for (int n : lanes)
        if (ImGui::Selectable(std::to_string(n).c_str(), n == session_->kernel().lanes)) {
          run.lanes = n;
          changed = true;
        }
      ImGui::EndCombo();
    }
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * s);
  int blocks = run.blocks;
  if (ImGui::SliderInt("blocks", &blocks, 1, 4)) {
    run.blocks = blocks;
    changed = true;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * s);
  int sms = run.placement().sms();
  if (ImGui::SliderInt("SMs", &sms, 1, std::max(1, run.blocks))) {
    run.sms = sms;
    changed = true;
  }
  for (auto [label, value] : {std::pair<const char*, bool*>{"warps in lockstep", &run.lockstep},
                              {"lines filled ahead", &run.fills},
                              {"late writes", &run.late_writes},
                              {"atomics after the SM's writes", &run.in_order_atomics}}) {
    same_line_if_fits(checkbox_width(label));
    changed |= ImGui::Checkbox(label, value);
  }
  if (run.lockstep) {
    const char* label = "the path that falls through first";
    same_line_if_fits(checkbox_width(label));
    changed |= ImGui::Checkbox(label, &run.fall_through_first);
  } else {
    run.fall_through_first = false;
  }
  // The rules, opened under the row (a button on it, so that they take no room while closed).
  const char* rules = show_rules_ ? "Hide the model's rules" : "The model's rules";
  same_line_if_fits(ImGui::CalcTextSize(rules).x + 2 * ImGui::GetStyle().FramePadding.x);
  if (ImGui::SmallButton(rules)) show_rules_ = !show_rules_;
  if (changed) replace(run, session_->challenge());
}

void ExploreScreen::challenge_row(const Fonts& fonts) {
  const std::vector<ex::Challenge>& all = ex::challenges();
  const float s = ui_scale(fonts);
  ImGui::SetNextItemWidth(300 * s);
  const char* shown = challenge_ >= 0 ? all[static_cast<size_t>(challenge_)].title.c_str() : "(no challenge)";
  if (ImGui::BeginCombo("challenge", shown)) {
    for (size_t i = 0; i < all.size(); ++i)
      if (ImGui::Selectable(all[i].title.c_str(), static_cast<int>(i) == challenge_)) {
        replace(all[i].run, all[i]);
        challenge_ = static_cast<int>(i);
      }
    ImGui::EndCombo();
  }
  if (const auto& c = session_->challenge()) {
    same_line_if_fits(ImGui::CalcTextSize(c->goal.c_str()).x * 0.5f);
    ImGui::TextWrapped("%s", c->goal.c_str());
  }
  if (session_->solved()) {
    banner(
        fonts,
        "Challenge solved: " + session_->outcome() + ". Now T: try it on " + session_->challenge()->corrected,
        colour::confirmed, colour::canvas);
  } else if (session_->hung()) {
    banner(fonts,
           std::string(session_->spins() ? "Spins, back where it was: " : "Hangs: ") +
               "no run from here ends (" + session_->machine().where_threads_are(session_->state()) +
               "). Backspace: undo, Home: start again",
           colour::contradicted, colour::canvas);
  } else if (session_->ended()) {
    banner(fonts, "Ended: " + session_->outcome() + " (Backspace: undo, Home: start again)", colour::panel,
           colour::text);
  }
}

void ExploreScreen::threads_table(const Fonts& fonts) {
  const ex::Machine& m = session_->machine();
  const ex::State& st = session_->state();
  const ex::Program& p = m.program();
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted(p.thread_ids.size() == 1 ? "Blocks (thread 0), the line each runs next"
                                                  : "Threads, the line each runs next");
  ImGui::PopFont();
  if (!ImGui::BeginTable(
          "threads", 3,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupColumn(p.thread_ids.size() == 1 ? "block" : "thread", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("next", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("registers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableHeadersRow();
  for (int t = 0; t < m.threads(); ++t) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%s (SM %d)", m.thread_name(t).c_str(),
                m.placement().sm_of_block[static_cast<size_t>(m.block_of(t))]);
    ImGui::TableNextColumn();
    const int pc = m.pc(st, t);
    if (pc == ex::kExited || pc <= ex::kFaultedAt) {
      ImGui::TextColored(
          ImGui::ColorConvertU32ToFloat4(pc == ex::kExited ? colour::text_dim : colour::contradicted),
          pc == ex::kExited ? "exited" : "indexed outside an array");
    } else {
      const ex::Instruction& in = p.code[static_cast<size_t>(pc)];
      ImGui::PushFont(fonts.mono);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::line_number), "%s:%d",
                         file_name(in.file).c_str(), in.line);
      ImGui::SameLine();
      ImGui::TextWrapped("%s", ex::to_text(p, in).c_str());
      ImGui::PopFont();
      if (m.waits_to_reconverge(st, t))
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::text_dim),
                           "waits for its warp to reconverge");
    }
    ImGui::TableNextColumn();
    ImGui::PushFont(fonts.mono);
    for (size_t r = 0; r < p.registers.size(); ++r) {
      const std::string reg = p.registers[r] + " = " + std::to_string(m.reg(st, t, static_cast<int>(r)));
      if (r > 0) same_line_if_fits(ImGui::CalcTextSize(reg.c_str()).x);
      ImGui::TextUnformatted(reg.c_str());
    }
    ImGui::PopFont();
  }
  ImGui::EndTable();
}

// The kernel's own lines where the threads are, lit, from the copy of the source the lesson's
// trace carries (so the page shows them too): each lit line with a line of context either side.
void ExploreScreen::code_lines(const Fonts& fonts) {
  if (!recording_) return;
  const ex::Machine& m = session_->machine();
  const ex::State& st = session_->state();
  const ex::Program& p = m.program();
  std::map<std::string, std::map<int, std::vector<int>>> lit;  // file -> line -> threads
  for (int t = 0; t < m.threads(); ++t) {
    const int pc = m.pc(st, t);
    if (pc < 0) continue;
    const ex::Instruction& in = p.code[static_cast<size_t>(pc)];
    lit[in.file][in.line].push_back(m.number_of(t));
  }
  if (lit.empty()) return;
  ImGui::Spacing();
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("The kernel's lines where they are");
  ImGui::PopFont();
  const ImVec4 dim = ImGui::ColorConvertU32ToFloat4(colour::text_dim);
  for (const auto& [file, lines] : lit) {
    const std::vector<SourceLine>* coloured = recording_->source_lines(session_->kernel().lesson, file);
    ImGui::TextColored(dim, "%s", file.c_str());
    if (!coloured) {
      ImGui::TextColored(dim, "  (the lesson's recording, which carries it, is not loaded)");
      continue;
    }
    const std::vector<SourceLine>& text = *coloured;
    // The instructions' pieces of code must be on their lines in this copy, else it is not the
    // code the model stands for.
    bool same = true;
    for (const ex::Instruction& in : p.code)
      if (in.file == file && lines.count(in.line) &&
          (in.line > static_cast<int>(text.size()) ||
           text[static_cast<size_t>(in.line - 1)].text.find(in.source) == std::string::npos))
        same = false;
    if (!same) {
      ImGui::TextColored(dim, "  (the recorded copy differs from the code the model stands for)");
      continue;
    }
    ImGui::PushFont(fonts.mono);
    // Who is at each lit line, in a column of its own left of the line numbers.
    std::map<int, std::string> who;
    float column = 0;
    for (const auto& [line, ids] : lines) {
      std::string list;
      for (int id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);
      who[line] = std::string(m.called(ids.size())) + " " + list + " \xE2\x86\x92";
      column = std::max(column, ImGui::CalcTextSize(who[line].c_str()).x);
    }
    int shown_to = 0;
    for (const auto& [line, ids] : lines) {
      const int from = std::max({1, line - 1, shown_to + 1});
      const int to = std::min(static_cast<int>(text.size()), line + 1);
      if (shown_to > 0 && from > shown_to + 1) ImGui::TextColored(dim, "   ...");
      for (int n = from; n <= to; ++n) {
        const bool here = lines.count(n) > 0;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        if (here)
          ImGui::GetWindowDrawList()->AddRectFilled(
              at, ImVec2(at.x + ImGui::GetContentRegionAvail().x, at.y + ImGui::GetTextLineHeight()),
              colour::highlight_line);
        if (here)
          ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::src), "%s", who[n].c_str());
        else
          ImGui::Dummy(ImVec2(0, ImGui::GetTextLineHeight()));
        ImGui::SameLine(column + ImGui::GetStyle().ItemSpacing.x + ImGui::GetCursorStartPos().x);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::line_number), "%4d", n);
        const SourceLine& l = text[static_cast<size_t>(n - 1)];
        for (const SourceSpan& span : l.spans) {
          ImGui::SameLine(0, 0);
          const std::string piece = l.text.substr(span.begin, span.length);
          ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(span.colour), "%s", piece.c_str());
        }
      }
      shown_to = to;
    }
    ImGui::PopFont();
  }
}

void ExploreScreen::memory_table(const Fonts& fonts) {
  const ex::Machine& m = session_->machine();
  const ex::State& st = session_->state();
  const int sms = m.placement().sms();
  ImGui::Spacing();
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("Memory, and each SM's cached line / pending write");
  ImGui::PopFont();
  if (!ImGui::BeginTable("memory", 2 + sms, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  ImGui::TableSetupColumn("word", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("memory", ImGuiTableColumnFlags_WidthFixed);
  for (int sm = 0; sm < sms; ++sm)
    ImGui::TableSetupColumn(("SM " + std::to_string(sm) + ": line / pending").c_str());
  ImGui::TableHeadersRow();
  ImGui::PushFont(fonts.mono);
  for (int e = 0; e < m.elements(); ++e) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted((m.element_name(e) + (m.is_shared(e) ? " (shared)" : "")).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", m.memory(st, e));
    for (int sm = 0; sm < sms; ++sm) {
      ImGui::TableNextColumn();
      const int32_t line = m.cached(st, sm, e), pending = m.pending(st, sm, e);
      const bool stale = line != ex::kNone && line != m.memory(st, e) && pending == ex::kNone;
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(stale ? colour::contradicted : colour::text), "%s",
                         value_text(line).c_str());
      ImGui::SameLine();
      ImGui::TextColored(
          ImGui::ColorConvertU32ToFloat4(pending != ex::kNone ? colour::src : colour::text_faint), "/ %s",
          value_text(pending).c_str());
    }
  }
  ImGui::PopFont();
  ImGui::EndTable();
}

void ExploreScreen::moves_list(const Fonts& fonts) {
  ImGui::Spacing();
  ImGui::PushFont(fonts.bold);
  ImGui::TextWrapped(
      "Your move (1\xE2\x80\x93"
      "9 or click; Space: a random one; Backspace: undo)");
  ImGui::PopFont();
  // The seeded scheduler: the same seed plays the same run.
  const float s = ui_scale(fonts);
  ImGui::SetNextItemWidth(110 * s);
  if (ImGui::InputInt("seed", &seed_)) session_->set_seed(static_cast<uint64_t>(std::max(seed_, 0)));
  ImGui::SameLine();
  if (ImGui::SmallButton("Random moves to the end (R)")) playing_ = kMostRandomMoves;
  int chosen = -1;
  const auto& choices = session_->choices();
  for (size_t i = 0; i < choices.size(); ++i) {
    const std::string label = (choices[i].key.empty() ? "  " : choices[i].key) + "  " + choices[i].text;
    if (ImGui::Selectable((label + "##move" + std::to_string(i)).c_str(), false))
      chosen = static_cast<int>(i);
  }
  if (choices.empty())
    ImGui::TextColored(
        ImGui::ColorConvertU32ToFloat4(colour::text_dim),
        session_->ended() ? "none: the kernel has ended" : "none: every thread waits at a barrier");
  if (chosen >= 0) session_->choose(static_cast<size_t>(chosen));
}

void ExploreScreen::outcomes_panel(const Fonts& fonts) {
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("Every outcome the model allows (E)");
  ImGui::PopFont();
  const ex::Explorer* search = session_->search();
  if (!search) {
    if (ImGui::Button("Search every interleaving")) session_->start_search();
  } else {
    if (!search->done()) {
      ImGui::Text("searching: %lld states, %lld visited", static_cast<long long>(search->states()),
                  static_cast<long long>(search->visited()));
      if (ImGui::SmallButton("Stop")) session_->stop_search();
    } else {
      ImGui::Text(
          "%lld states, %s", static_cast<long long>(search->states()),
          search->complete() ? "complete: every reachable state visited" : search->why_stopped().c_str());
    }
    if (session_->search())
      for (const ex::Outcome& o : session_->search()->outcomes()) {
        const bool goal = session_->challenge() && ex::reaches(*session_->challenge(), o.label);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(goal ? colour::contradicted : colour::confirmed),
                           "\xE2\x97\x8F");
        ImGui::SameLine();
        if (o.label == ex::kNeverEnds)
          ImGui::TextWrapped("%s: %s (%s; into the spin in %zu moves)", o.label.c_str(),
                             session_->search()->where_it_hangs().c_str(), ex::ends_in_words(o).c_str(),
                             o.moves.size());
        else
          ImGui::TextWrapped("%s (%s, shortest run %zu moves)", o.label.c_str(), ex::ends_in_words(o).c_str(),
                             o.moves.size());
      }
  }
  if (recording_) {
    ImGui::Spacing();
    // At least five lines of it, whatever the memory and outcomes above took; the run so far below.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float room = ImGui::GetContentRegionAvail().y;
    ImGui::BeginChild("explore-recording",
                      ImVec2(0, std::max(std::min(5 * line, room - 3 * line), room * 0.5f)), false);
    recording_->draw(session_->kernel().lesson, fonts);
    ImGui::EndChild();
  }
  ImGui::Spacing();
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted("The run so far");
  ImGui::PopFont();
  ImGui::BeginChild("explore-log", ImVec2(0, 0), false);
  const auto& log = session_->log();
  for (size_t i = 0; i < log.size(); ++i) ImGui::TextWrapped("%zu. %s", i + 1, log[i].c_str());
  if (!log.empty()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

}  // namespace gridlock::viewer
