# cmake -DINPUT=file -DOUTPUT=header -DPATH_IN_REPO=path -P EmbedSource.cmake
# Writes a header holding the file's bytes, so the lesson can put its exact kernel source (and
# its hash) into the trace.
file(READ ${INPUT} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE ${OUTPUT}.tmp
  "// Generated from ${PATH_IN_REPO} by cmake/EmbedSource.cmake.\n#pragma once\n\n"
  "inline constexpr char kKernelSourcePath[] = \"${PATH_IN_REPO}\";\n"
  "inline constexpr char kKernelSourceText[] = {\n${bytes}0x00};\n")
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
