// gridlock-evidence-check: whether the evidence a shipped verdict rests on is as new as the code.
//   gridlock-evidence-check REPO fresh LESSON/recorded/racecheck/FORM.log
//       the report is complete and the files its header names hash today as they did when it
//       was made (each changed file is named);
//   gridlock-evidence-check REPO trace LESSON/recorded/TRACE.json
//       for each form the trace has a racecheck fact for, the trace names the report it used
//       (racecheck.FORM.report), that report is fresh, and it is of the sources the trace's run
//       was built from; every count the trace quotes from a report (a report_count fact) is the
//       count report_counts.hpp finds in it;
//   gridlock-evidence-check REPO lines LESSON/recorded/racecheck/FORM.log
//       every file:line the report names is, in today's source, a line of the function racecheck
//       names that loads or stores shared memory (shared_access.hpp gives the rule);
//   gridlock-evidence-check REPO moved-lines LESSON/recorded/racecheck/FORM.log
//       the same for a form whose shared accesses are not volatile, where the compiler may move a
//       load and racecheck then names the line of a neighbouring statement: each line need only
//       lie in the function racecheck names.
// Exit 0 all is current, 1 something is not (each problem on stderr), 2 usage error.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "common/sources/files.hpp"
#include "reduction/common/racecheck_log.hpp"
#include "report_counts.hpp"
#include "shared_access.hpp"
#include "trace/trace.hpp"

namespace {

namespace fs = std::filesystem;
namespace red = gridlock::reduction;
namespace src = gridlock::sources;

int problems = 0;
void problem(const std::string& where, const std::string& what) {
  std::fprintf(stderr, "%s: %s\n", where.c_str(), what.c_str());
  ++problems;
}

// The report at `log` (LESSON/recorded/racecheck/FORM.log), read and held to today's files.
red::RacecheckReport read_report(const std::string& root, const fs::path& log) {
  const std::string form = log.stem().string();
  const std::string lesson = log.parent_path().parent_path().parent_path().filename().string();
  std::string text;
  red::RacecheckReport r;
  r.path = log.string();
  if (!src::read_text(log.string(), text)) {
    r.why = "cannot read the report";
    return r;
  }
  r = red::parse_racecheck(text, lesson, form);
  r.path = log.string();
  std::vector<std::string> paths;
  for (const src::SourceFile& f : r.sources.files) paths.push_back(f.path);
  red::check_sources(r, src::hash_files(root, paths));
  return r;
}

void check_fresh(const std::string& root, const fs::path& log) {
  const red::RacecheckReport r = read_report(root, log);
  if (!r.read()) problem(log.string(), r.why);
}

void check_trace(const std::string& root, const fs::path& path) {
  const gridlock::trace::Trace t = gridlock::trace::read_file(path.string());
  // The forms the trace has racecheck facts of: "racecheck.FORM" (why no report was used) or
  // "racecheck.FORM.SUFFIX" (a report that was: .report, its counts, .lines).
  std::set<std::string> forms;
  const std::string prefix = "racecheck.";
  for (const auto& [key, value] : t.facts)
    if (key.rfind(prefix, 0) == 0)
      forms.insert(key.substr(prefix.size(), key.find('.', prefix.size()) - prefix.size()));
  for (const std::string& form : forms) {
    const std::string key = prefix + form;
    const auto why = t.facts.find(key);
    const auto report = t.facts.find(key + ".report");
    if (why != t.facts.end() || report == t.facts.end()) {
      problem(path.string(), "its verdicts were made without a fresh racecheck report of form " + form +
                                 " (" + key + ": \"" + (why == t.facts.end() ? "" : why->second) +
                                 "\"): re-record it");
      continue;
    }
    // "lessons/.../FORM.log fnv1a64:..."
    const std::string report_path = report->second.substr(0, report->second.find(' '));
    const std::string hash = report->second.substr(report->second.find(' ') + 1);
    const red::RacecheckReport r = read_report(root, fs::path(root) / report_path);
    if (!r.read())
      problem(path.string(), "the report it rests on is not current: " + report_path + ": " + r.why);
    else if (r.sources.hash != hash)
      problem(path.string(), "it was recorded from sources " + hash + ", the report " + report_path +
                                 " is of sources " + r.sources.hash + ": re-record it");
  }
  if (forms.empty()) problem(path.string(), "the trace cites no racecheck report");
  // Every count the trace quotes from a report, counted again in the report.
  for (const auto& [key, f] : t.fact_values) {
    const bool sites = f.kind == gridlock::trace::FactKind::report_sites;
    if (f.kind != gridlock::trace::FactKind::report_count && !sites) continue;
    std::string text;
    if (!src::read_text(root + "/" + f.report, text)) {
      problem(path.string(), key + ": cannot read " + f.report);
      continue;
    }
    if (sites) {  // the places, read again in the report
      const std::vector<std::string> named = gridlock::evidence::report_sites(text);
      std::string listed;
      for (const std::string& s : named) listed += (listed.empty() ? "" : ", ") + s;
      if (named != f.listed)
        problem(path.string(), key + ": the trace lists " + t.facts.at(key) + ", " + f.report + " names " +
                                   (listed.empty() ? "no place" : listed));
      continue;
    }
    const std::optional<long long> n =
        gridlock::evidence::counted(gridlock::evidence::count_report(text), f.counted);
    if (!n)
      problem(path.string(), key + ": " + f.report + " states no " + f.counted);
    else if (double(*n) != f.value)
      problem(path.string(), key + ": the trace says " + t.facts.at(key) + " " + f.counted + ", " + f.report +
                                 " states " + std::to_string(*n));
  }
}

// The file a race site names: the report's source with that file name; where several have it
// (R7 compiles R6's kernels.cuh beside its own), the one that declares the function's namespace.
const src::SourceFile* resolve(const std::string& root, const red::RaceSite& site,
                               const std::vector<src::SourceFile>& files) {
  std::vector<const src::SourceFile*> named;
  for (const src::SourceFile& f : files)
    if (fs::path(f.path).filename() == site.file) named.push_back(&f);
  if (named.size() <= 1) return named.empty() ? nullptr : named.front();
  const std::string space = site.function.substr(0, site.function.find("::"));
  const std::regex declares("namespace\\s+" + space + "\\b");
  const src::SourceFile* found = nullptr;
  for (const src::SourceFile* f : named) {
    std::string text;
    if (src::read_text(root + "/" + f->path, text) && std::regex_search(text, declares)) {
      if (found) return nullptr;
      found = f;
    }
  }
  return found;
}

void check_lines(const std::string& root, const fs::path& log, bool moved) {
  std::string text;
  if (!src::read_text(log.string(), text)) return problem(log.string(), "cannot read the report");
  const red::RacecheckReport r = red::parse_racecheck(
      text, log.parent_path().parent_path().parent_path().filename().string(), log.stem().string());
  if (r.sources.files.empty())
    return problem(log.string(), "the report names no sources to find its lines in");
  for (const red::RaceSite& site : r.sites) {
    const src::SourceFile* file = resolve(root, site, r.sources.files);
    if (!file) {
      problem(log.string(), site.text() + ": no one file of the report's sources is " + site.file);
      continue;
    }
    std::string source;
    if (!src::read_text(root + "/" + file->path, source)) {
      problem(log.string(), site.text() + ": cannot read " + file->path);
      continue;
    }
    const std::string function = site.function.substr(site.function.rfind(':') + 1);
    const std::string enclosing = gridlock::evidence::enclosing_function(source, site.line);
    const std::vector<bool> shared = gridlock::evidence::shared_access_lines(source);
    const std::string where = site.text() + ": line " + std::to_string(site.line) + " of " + file->path;
    if (enclosing != function)
      problem(log.string(), where + " is " +
                                (enclosing.empty() ? "in no device function" : "in " + enclosing) +
                                " today, not in " + function);
    else if (!moved && (size_t(site.line) > shared.size() || !shared[size_t(site.line) - 1]))
      problem(log.string(), where + " does not load or store shared memory today");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: gridlock-evidence-check REPO fresh|trace|lines|moved-lines FILE\n");
    return 2;
  }
  const std::string root = argv[1], mode = argv[2];
  const fs::path file = argv[3];
  try {
    if (mode == "fresh")
      check_fresh(root, file);
    else if (mode == "trace")
      check_trace(root, file);
    else if (mode == "lines" || mode == "moved-lines")
      check_lines(root, file, mode == "moved-lines");
    else
      return std::fprintf(stderr, "gridlock-evidence-check: no mode %s\n", mode.c_str()), 2;
  } catch (const std::exception& e) {
    problem(file.string(), e.what());
  }
  return problems == 0 ? 0 : 1;
}
