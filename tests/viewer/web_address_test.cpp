// The browser page's address: what it may open, and what it is told when it asks for more.
#include "model/web_address.hpp"

#include <gtest/gtest.h>

using namespace gridlock::viewer;

namespace {
const std::vector<std::string> kViews = {"tree", "timeline", "lock"};
}

TEST(WebAddress, OpensATraceOfTheSiteAtAViewAndStep) {
  const WebRequest r = read_web_address(
      "trace\tlessons/locks/critical-section/recorded/critical-section.json\nview\tlock\nstep\t-1\n"
      "scale\t1.5\ntheme\tlight\npicture\t1\nsize\t1280x720\n",
      kViews);
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  EXPECT_EQ(r.trace, "/lessons/locks/critical-section/recorded/critical-section.json");
  EXPECT_EQ(r.view, "lock");
  EXPECT_EQ(r.step, -1);
  EXPECT_FLOAT_EQ(r.scale, 1.5f);
  EXPECT_TRUE(r.light);
  EXPECT_TRUE(r.picture);
  EXPECT_EQ(r.width, 1280);
  EXPECT_EQ(r.height, 720);
}

TEST(WebAddress, ATracePathStaysInsideTheSitesLessons) {
  for (const char* named :
       {"/etc/passwd", "lessons/../../secret.json", "lessons/a/./b.json", "https://x.org/a.json",
        "lessons/a/recorded/b.txt", "gallery/manifest.json", "", "lessons\\a.json", "file:lessons/a.json"}) {
    std::string why;
    EXPECT_EQ(site_trace_path(named, why), "") << named;
    EXPECT_FALSE(why.empty()) << named;
    const WebRequest r = read_web_address(std::string("trace\t") + named + "\n", kViews);
    EXPECT_TRUE(r.trace.empty()) << named;
    ASSERT_EQ(r.problems.size(), 1u) << named;
    EXPECT_EQ(r.problems[0].rfind("The page's address: trace: ", 0), 0u) << r.problems[0];
  }
  std::string why;
  EXPECT_EQ(site_trace_path("lessons//a/recorded/b.json", why), "/lessons/a/recorded/b.json");
}

TEST(WebAddress, EveryBadValueIsNamedAndTheRestIsUsed) {
  const WebRequest r = read_web_address(
      "view\tgantt\nstep\tthree\nscale\t9\ntheme\tblue\npicture\tyes\nsize\t10x10\nzoom\t2\n"
      "compare\tlessons/a/recorded/x.json\ntrace\tlessons/a/recorded/y.json\n",
      kViews);
  EXPECT_EQ(r.trace, "/lessons/a/recorded/y.json");
  ASSERT_EQ(r.problems.size(), 8u);
  EXPECT_NE(r.problems[0].find("\"gantt\" is not a view (there are tree, timeline, lock)"),
            std::string::npos);
  EXPECT_NE(r.problems[1].find("\"three\" is not a whole number"), std::string::npos);
  EXPECT_NE(r.problems[2].find("from 0.5 to 4"), std::string::npos);
  EXPECT_NE(r.problems[3].find("neither dark nor light"), std::string::npos);
  EXPECT_NE(r.problems[4].find("neither 1 nor 0"), std::string::npos);
  EXPECT_NE(r.problems[5].find("WIDTHxHEIGHT"), std::string::npos);
  EXPECT_NE(r.problems[6].find("\"zoom\": not a setting of this page"), std::string::npos);
  EXPECT_NE(r.problems[7].find("compare: give two traces, A,B"), std::string::npos);
  EXPECT_FLOAT_EQ(r.scale, 0.0f);
  EXPECT_EQ(r.width, 0);
}

TEST(WebAddress, OpensAnExploreChallengeByNumber) {
  EXPECT_EQ(read_web_address("challenge\t2\n", kViews).challenge, 2);
  for (const char* bad : {"challenge\t0\n", "challenge\t99\n", "challenge\ttwo\n"}) {
    const WebRequest r = read_web_address(bad, kViews);
    EXPECT_EQ(r.challenge, 0) << bad;
    ASSERT_EQ(r.problems.size(), 1u) << bad;
    EXPECT_NE(r.problems[0].find("is not a challenge (1 to"), std::string::npos) << r.problems[0];
  }
}

TEST(WebAddress, AComparisonWinsOverATrace) {
  const WebRequest r = read_web_address(
      "trace\tlessons/a/recorded/y.json\ncompare\tlessons/a/recorded/x.json,lessons/b/recorded/z.json\n",
      kViews);
  ASSERT_EQ(r.compare.size(), 2u);
  EXPECT_EQ(r.compare[1], "/lessons/b/recorded/z.json");
  EXPECT_TRUE(r.trace.empty());
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].find("opens the comparison"), std::string::npos);
}

TEST(WebAddress, ALongValueIsQuotedShort) {
  const WebRequest r = read_web_address("view\t" + std::string(500, 'v') + "\n", kViews);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_LT(r.problems[0].size(), 200u);
}

TEST(WebAddress, OpensALectureByNameAtAStop) {
  const WebRequest r = read_web_address("lecture\tinterblock\nstop\t3\nbench\t200\nempty\t1\n", kViews);
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  EXPECT_EQ(r.lecture, "/lectures/interblock.lecture");
  EXPECT_EQ(r.stop, 3);
  EXPECT_EQ(r.bench_frames, 200);
  EXPECT_TRUE(r.empty);
}

TEST(WebAddress, ALectureIsANameNotAPath) {
  for (const char* named :
       {"../etc/passwd", "lectures/interblock", "interblock.lecture", "", "a b", "https://x.org/a"}) {
    const WebRequest r = read_web_address(std::string("lecture\t") + named + "\n", kViews);
    EXPECT_TRUE(r.lecture.empty()) << named;
    ASSERT_EQ(r.problems.size(), 1u) << named;
    EXPECT_NE(r.problems[0].find("is not a lecture's name"), std::string::npos) << r.problems[0];
  }
  const WebRequest r = read_web_address("stop\t0\nbench\t5\nempty\tyes\n", kViews);
  ASSERT_EQ(r.problems.size(), 3u);
  EXPECT_NE(r.problems[2].find("\"yes\" is neither 1 nor 0"), std::string::npos);
  EXPECT_NE(r.problems[0].find("\"0\" is not a stop's number"), std::string::npos);
  EXPECT_NE(r.problems[1].find("from 10 to 100000"), std::string::npos);
  EXPECT_EQ(r.stop, 1);
  EXPECT_EQ(r.bench_frames, 0);
}

TEST(WebAddress, ALectureWinsOverATrace) {
  const WebRequest r = read_web_address("trace\tlessons/a/recorded/y.json\nlecture\tinterblock\n", kViews);
  EXPECT_EQ(r.lecture, "/lectures/interblock.lecture");
  EXPECT_TRUE(r.trace.empty());
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems[0].find("opens the lecture"), std::string::npos);
}
