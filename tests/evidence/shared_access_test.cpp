// The rule the racecheck line test holds a report's lines to: a line loads or stores shared
// memory when it subscripts or reads a member through a function's shared name.
#include "shared_access.hpp"

#include <gtest/gtest.h>

#include <string>

#include "common/sources/files.hpp"

namespace {

using gridlock::evidence::shared_access_lines;

// The 1-based numbers of the lines the rule marks.
std::vector<int> marked(const std::string& source) {
  const std::vector<bool> lines = shared_access_lines(source);
  std::vector<int> out;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i]) out.push_back(int(i) + 1);
  return out;
}

TEST(SharedAccess, AKernelsSharedArrayCountsItsPointerParametersDoNot) {
  const std::string kernel =
      "template <int F>\n"                                                    // 1
      "__global__ void __launch_bounds__(32) k(const int* in, int* out) {\n"  // 2
      "  __shared__ int s[32];\n"                                             // 3
      "  const int x = in[threadIdx.x];\n"                                    // 4
      "  s[threadIdx.x] = x;  // a store\n"                                   // 5
      "  // s[0] in a comment\n"                                              // 6
      "  __syncwarp();\n"                                                     // 7
      "  out[threadIdx.x] = s [0];\n"                                         // 8
      "  printf(\"s[1]\");\n"                                                 // 9
      "  f(&s[1], x && s[2]);\n"                                              // 10
      "  f(&s[3]);\n"                                                         // 11
      "}\n";
  EXPECT_EQ(marked(kernel), (std::vector<int>{5, 8, 10}));
}

TEST(SharedAccess, ADeviceFunctionsWritablePointersAndVolatileReferencesCount) {
  const std::string helpers =
      "template <typename Shared, typename Rec>\n"                                    // 1
      "__device__ void fold(Shared* s, int lane, int k, Rec& rec) {\n"                // 2
      "  const int a = s[lane], b = s[lane + k];\n"                                   // 3
      "  s[lane] = a + b;\n"                                                          // 4
      "  rec.done(k);\n"                                                              // 5
      "}\n"                                                                           // 6
      "__device__ inline Mat2 load(const volatile Mat2& v) { return {v.a, v.b}; }\n"  // 7
      "__device__ int first(const int* g, const Mat2& m) { return g[0] + m.a; }\n"    // 8
      "__device__ int declared_only(int* s);\n"                                       // 9
      "int host(int* s) { return s[0]; }\n";                                          // 10
  EXPECT_EQ(marked(helpers), (std::vector<int>{3, 4, 7}));
}

TEST(SharedAccess, ALineLiesInTheFunctionWhoseBracesHoldIt) {
  const std::string source =
      "// fold\n"                                                   // 1
      "template <typename S>\n"                                     // 2
      "__device__ void fold(S* s,\n"                                // 3
      "                     int k) {\n"                             // 4
      "  s[0] += s[k];\n"                                           // 5
      "}\n"                                                         // 6
      "__global__ void __launch_bounds__(32) kernel(int* out) {\n"  // 7
      "  out[0] = 1;\n"                                             // 8
      "}\n";
  using gridlock::evidence::enclosing_function;
  EXPECT_EQ(enclosing_function(source, 1), "");
  EXPECT_EQ(enclosing_function(source, 3), "fold");
  EXPECT_EQ(enclosing_function(source, 5), "fold");
  EXPECT_EQ(enclosing_function(source, 8), "kernel");
  EXPECT_EQ(enclosing_function(source, 0), "");
  EXPECT_EQ(enclosing_function(source, 99), "");
}

TEST(SharedAccess, ABlockCommentIsNoCode) {
  EXPECT_EQ(
      marked("__global__ void k() {\n  __shared__ int r[64];\n  /* r[0] = 1;\n r[1] = 2; */ r[2] = 3;\n}\n"),
      (std::vector<int>{4}));
  EXPECT_EQ(marked("__global__ void k() {\n  __shared__ int r[64];\n  /* r[0] = 1;\n r[1] = 2; */\n}\n"),
            std::vector<int>{});
}

// On the lesson whose report names the most lines: each store or load of its shared arrays is
// marked, its barriers and recorder calls are not.
TEST(SharedAccess, R6sKernelsMarkTheirSharedAccessesOnly) {
  std::string text;
  ASSERT_TRUE(gridlock::sources::read_text(
      GRIDLOCK_SOURCE_DIR "/lessons/reduction/reduce-warp-volatile/kernels.cuh", text));
  const std::vector<bool> lines = shared_access_lines(text);
  size_t start = 0;
  int stores = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find("s[lane] = ") != std::string::npos && line.find("//") == std::string::npos) {
      EXPECT_TRUE(lines[i]) << "line " << i + 1 << ": " << line;
      ++stores;
    }
    if (line.find("__syncwarp()") != std::string::npos || line.find("rec.") != std::string::npos) {
      EXPECT_FALSE(lines[i]) << "line " << i + 1 << ": " << line;
    }
  }
  EXPECT_GE(stores, 2);
}

}  // namespace
