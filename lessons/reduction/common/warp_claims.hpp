// What the warp-level lessons measure about each form, and the verdicts they share: how many
// answers came out wrong (one warp at a time, and every warp of a full GPU at once), what
// compute-sanitizer's racecheck reported, and whether "a warp runs in lockstep, so no barrier is
// needed" stood up to both.
#pragma once

#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/timed_rounds.hpp"
#include "common/units.hpp"
#include "reduction/common/racecheck_log.hpp"
#include "reduction/common/warp_forms.hpp"

namespace gridlock::reduction {

// How many groups of answers (a run, a warp) held an answer other than the CPU's.
struct Misses {
  // The wrong groups of each launch (one run, or one launch of every warp at once), and how many
  // groups each launch had.
  std::vector<double> per_launch;
  long long groups_per_launch = 0;
  std::string first;  // "seed 7, warp 3, lane 5 was returned 12, the CPU's answer is 13"
  long long wrong() const {
    long long n = 0;
    for (double w : per_launch) n += static_cast<long long>(w);
    return n;
  }
  long long total() const { return groups_per_launch * static_cast<long long>(per_launch.size()); }
  std::string count() const { return std::to_string(wrong()) + "/" + std::to_string(total()); }  // "3/200"
  std::string text(const std::string& unit) const {
    return count() + " " + unit + " wrong" + (first.empty() ? "" : " (first: " + first + ")");
  }
};

// Answers [per_group g, per_group (g + 1)) (the lanes of warp g, or the one answer of block g)
// should all be expected[g]; a group is wrong when one is not. `where` names the run in the first
// miss.
template <typename T>
void count_misses(Misses& m, const std::vector<T>& answers, const std::vector<T>& expected,
                  const std::string& where, size_t per_group = 32) {
  using std::to_string;
  long long wrong_here = 0;
  for (size_t g = 0; g < expected.size(); ++g) {
    for (size_t k = 0; k < per_group; ++k) {
      const T& got = answers[g * per_group + k];
      if (got == expected[g]) continue;
      ++wrong_here;
      if (m.first.empty())
        m.first = where +
                  (expected.size() > 1 ? (per_group > 1 ? ", warp " : ", block ") + std::to_string(g) : "") +
                  (per_group > 1 ? ", lane " + std::to_string(k) + " was returned " : " returned ") +
                  to_string(got) + ", the CPU's answer is " + to_string(expected[g]);
      break;
    }
  }
  m.per_launch.push_back(double(wrong_here));
  m.groups_per_launch = (long long)expected.size();
}

// Everything measured about one form.
struct FormOutcome {
  WarpForm form;
  Misses alone;   // one warp per launch, fresh input per run
  Misses loaded;  // every warp of a full grid at once
  RacecheckReport race;
  std::string wrong_text() const { return alone.text("runs") + ", " + loaded.text("warps under load"); }
};

inline bool all_right(const FormOutcome& o) { return o.alone.wrong() + o.loaded.wrong() == 0; }

// The wrong answers of each launch as a series (one value a launch, out of the groups it had),
// and their sum as the fact `key`: "3/200" runs, "0/84480" warps. Returns the series' index.
inline int add_misses_fact(trace::Trace& t, const std::string& key, const Misses& m, const std::string& name,
                           const std::string& unit) {
  const int series = trace::add_series(t, {name, unit, m.per_launch, true, 0, double(m.groups_per_launch)});
  trace::set_fact(t, key, trace::series_sum_fact(t, series));
  return series;
}

inline void add_racecheck_facts(trace::Trace& t, const std::string& key, const RacecheckReport& r) {
  if (!r.read()) {
    t.facts[key] = r.why;
    return;
  }
  t.facts[key + ".report"] = r.path + " " + r.sources.hash;
  const std::pair<const char*, long long> counts[] = {
      {"races", r.races}, {"hazards", r.hazards}, {"errors", r.errors}, {"warnings", r.warnings}};
  for (const auto& [counted, n] : counts)
    trace::set_fact(t, key + "." + counted, trace::report_count_fact(r.path, counted, double(n)));
  if (!r.sites.empty()) {
    std::vector<std::string> sites;
    for (const RaceSite& s : r.sites) sites.push_back(s.text());
    trace::set_fact(t, key + ".lines", trace::report_sites_fact(r.path, sites));
  }
}

// Facts per form: for a report that was used, "racecheck.FORM.report" (its path and the sources
// hash it shares with this build: what tests/evidence checks a shipped trace against), the counts
// it states ("racecheck.FORM.races", ".hazards", ".errors", ".warnings": numbers
// gridlock-evidence-check counts again in the report) and, where it names any, the racing lines
// ("racecheck.FORM.lines"); for one that was not, "racecheck.FORM": why. Then the wrong answers:
// "wrong.FORM.runs" (one `alone` per launch: "one warp") and "wrong.FORM.under_load" (every
// `group` of a full grid at once: "warps"). Returns the index of the first form's series under
// load, whose values are the launches of the load (-1 without a form).
inline int add_form_facts(trace::Trace& t, const std::vector<FormOutcome>& outcomes, const std::string& alone,
                          const std::string& group) {
  int first_under_load = -1;
  for (const FormOutcome& o : outcomes) {
    const std::string& form = o.form.name;
    add_racecheck_facts(t, "racecheck." + form, o.race);
    add_misses_fact(t, "wrong." + form + ".runs", o.alone,
                    form + ": wrong answers per run, " + alone + " a launch", "wrong answers");
    const int under_load = add_misses_fact(
        t, "wrong." + form + ".under_load", o.loaded,
        form + ": wrong " + group + " per launch of every " + group.substr(0, group.size() - 1) + " at once",
        group);
    if (first_under_load < 0) first_under_load = under_load;
  }
  return first_under_load;
}

// The load's shape as facts: its blocks (load.blocks, kept among the run's parameters as
// "load_blocks", since the load's launches are not the trace's) and its launches (load.launches:
// the values of `under_load`, a series with one value a launch of the load).
inline void add_load_facts(trace::Trace& t, int blocks, int under_load) {
  trace::set_fact(t, "load.blocks", trace::setting_fact(t, "load_blocks", blocks));
  trace::set_fact(t, "load.launches", trace::series_count_fact(t, under_load));
}

// The verdict on "no barrier is needed: a warp runs in lockstep". Contradicted when a
// documentation form gave a wrong answer, or racecheck reported hazards in one; confirmed when
// racecheck checked every such form and found nothing and every answer was right; not observable
// when no answer was wrong and a documentation form has no report of this build's sources (the
// reason says which and why). The measurement quotes only reports that were used; a stale or
// missing one is named in the reason. A corrected form that gives a wrong answer or a hazard fails
// the lesson's own check.
inline void claim_lockstep(LessonRun& run, const ClaimSpec& claim, const std::vector<FormOutcome>& outcomes) {
  std::string wrong, race, unused;
  bool documented_wrong = false, documented_racy = false, all_checked = true;
  for (const FormOutcome& o : outcomes) {
    wrong += (wrong.empty() ? "" : "; ") + o.form.name + ": " + o.wrong_text();
    std::string& list = o.race.read() ? race : unused;
    list += (list.empty() ? "" : "; ") + o.form.name + ": " + o.race.text();
    const bool any_wrong = !all_right(o);
    if (o.form.corrected) {
      if (any_wrong)
        run.check_failed("the corrected form " + o.form.name + " gave a wrong answer: " + o.wrong_text());
      if (o.race.read() && !o.race.clean())
        run.check_failed("racecheck reports hazards in the corrected form " + o.form.name + ": " +
                         o.race.text());
      continue;
    }
    documented_wrong |= any_wrong;
    documented_racy |= o.race.read() && !o.race.clean();
    all_checked &= o.race.read();
  }
  const std::string measured =
      (race.empty() ? "" : "compute-sanitizer --tool racecheck: " + race + ". ") + "Wrong answers: " + wrong;
  const std::string not_used = unused.empty() ? "" : ". Racecheck reports not used: " + unused;
  const std::string why =
      "since Volta the lanes of a warp are scheduled independently: without __syncwarp() (or a *_sync "
      "intrinsic) nothing orders one lane's store before another lane's load, a data race and undefined "
      "behaviour whatever a given run returns; the corrected forms add that order";
  if (documented_wrong || documented_racy)
    run.claim(claim, false, measured, why + not_used);
  else if (all_checked)
    run.claim(claim, true, measured,
              "racecheck saw no hazard in the documented forms on this GPU" + not_used);
  else
    run.claim_not_observable(claim, "no answer was wrong (" + wrong +
                                        "); the data race shows in compute-sanitizer's racecheck, and the "
                                        "reports of this build's sources are missing: " +
                                        unused +
                                        ". Run lessons/reduction/common/racecheck.sh, then the lesson again");
}

// How many rounds the forms are timed in (common/timed_rounds.hpp).
inline constexpr int kTimingRounds = 5;

// "1.45 µs vs 1.23 µs (0.85× ± 0.01 as fast)": how many times as fast kernel a is as kernel b (b's
// time over a's) as the median of the rounds' ratios, ± half their range, with the two times of
// the round that gave that median.
inline std::string versus(const RoundTimings& t, size_t a, size_t b) {
  const MeasuredRatio r = t.ratio(b, a);
  return gridlock::microseconds(t.rounds_ns[a][r.median_round], 2) + " vs " +
         gridlock::microseconds(t.rounds_ns[b][r.median_round], 2) + " (" + ratio_with_spread(r) +
         " as fast)";
}

// "a is faster than b": a at least 1.03 times as fast as b (the median of the rounds' ratios).
// Where the rounds' spread reaches across 1.03 the rounds cannot tell, and the verdict is not
// observable.
inline void claim_faster(LessonRun& run, const ClaimSpec& claim, const RoundTimings& t, size_t a, size_t b,
                         const std::string& measurement, const std::string& than) {
  constexpr double kFaster = 1.03;
  const MeasuredRatio as_fast = t.ratio(b, a);
  const std::string reading = "read as: the median launch at least 1.03\xC3\x97 as fast" + than +
                              ", same run, same input; each ratio is the median of " +
                              std::to_string(as_fast.rounds) + " rounds ± half their range";
  if (within_noise(as_fast, kFaster))
    run.claim_not_observable(claim, within_noise_reason(as_fast, kFaster) + "; " + measurement);
  else
    run.claim(claim, as_fast.median >= kFaster, measurement, reading);
}

}  // namespace gridlock::reduction
