// Cutting marked regions out of a kernel source.
#include "docs/region.hpp"

#include <gtest/gtest.h>

#include "docs/problem.hpp"

namespace docs = gridlock::docs;

namespace {

const char* kSource =
    "void f() {\n"
    "  // lesson-begin body\n"
    "  if (x) {\n"
    "\t\n"
    "    // lesson-begin inner\n"
    "    y();\n"
    "    // lesson-end inner\n"
    "  }\n"
    "  // lesson-end body\n"
    "}\n"
    "// lesson-begin dup\n"
    "// lesson-end dup\n"
    "// lesson-begin dup\n"
    "// lesson-end dup\n"
    "// lesson-end late\n"
    "// lesson-begin late\n"
    "// lesson-begin open\n";

std::string error_of(std::string_view name) {
  try {
    docs::extract_region(kSource, name);
  } catch (const docs::DocsError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(Region, DedentedWithoutMarkerLines) {
  EXPECT_EQ(docs::extract_region(kSource, "body"), "if (x) {\n\n  y();\n}\n");
  EXPECT_EQ(docs::extract_region(kSource, "inner"), "y();\n");
}

TEST(Region, FencedAsCpp) { EXPECT_EQ(docs::fenced_cpp("y();\n"), "```cpp\ny();\n```\n"); }

TEST(Region, Missing) { EXPECT_EQ(error_of("nope"), "no region \"nope\" (a line \"// lesson-begin nope\")"); }

TEST(Region, UsedTwice) { EXPECT_EQ(error_of("dup"), "region \"dup\" begins twice (lines 11 and 13)"); }

TEST(Region, NeverClosed) {
  EXPECT_EQ(error_of("open"),
            "region \"open\" is never closed (it begins at line 17; expected \"// lesson-end open\")");
  EXPECT_NE(error_of("late").find("never closed"),
            std::string::npos);  // an end before the begin does not count
}

TEST(Region, CarriageReturnsDropped) {
  EXPECT_EQ(docs::extract_region("// lesson-begin a\r\n  x;\r\n// lesson-end a\r\n", "a"), "x;\n");
}

TEST(Region, APhaseByItsLabel) {
  const char* kernel =
      "__global__ void k(int* r) {\n"
      "  // PHASE 1: load\n"
      "  r[0] = 1;\n"
      "\n"
      "  // PHASE 2: tree\n"
      "  r[0] += r[1];\n"
      "}\n";
  EXPECT_EQ(docs::extract_region(kernel, "PHASE 1: load"), "// PHASE 1: load\nr[0] = 1;\n");
  EXPECT_EQ(docs::extract_region(kernel, "PHASE 2: tree"), "// PHASE 2: tree\nr[0] += r[1];\n");
  try {
    docs::extract_region(kernel, "PHASE 3: write");
    ADD_FAILURE() << "a missing phase was quoted";
  } catch (const docs::DocsError& e) {
    EXPECT_NE(std::string(e.what()).find("no phase \"PHASE 3: write\""), std::string::npos) << e.what();
  }
}
