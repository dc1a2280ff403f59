#!/usr/bin/env bash
# Every key the viewer's code asks for is in the Help menu's table (viewer/key_help.cpp): a key
# added without a line there fails here. The keys are found where the code asks for them: the
# key queue's pressed() and pressed_plain(), a key event's code, and typed characters.
# Usage: key_help_test.sh SOURCE_DIR
set -euo pipefail
viewer=$1/viewer
help=$viewer/key_help.cpp
[ -f "$help" ] || { echo "key_help_test: no $help"; exit 1; }
tokens=$(grep -rhoE "(pressed|pressed_plain)\((ImGui::GetKeyIndex\()?('[^']+'|GLFW_KEY_[A-Z0-9_]+|ImGuiKey_[A-Za-z]+|kKey[A-Za-z0-9]+)|e\.key [!=]= '.'|ch == '.'" \
  "$viewer" --include='*.cpp' --include='*.hpp' |
  sed -E "s/.*(pressed|pressed_plain)\((ImGui::GetKeyIndex\()?//; s/^(e\.key [!=]= |ch == )//" | sort -u)
# The words the table writes for a key code.
name() {
  case $1 in
    "'1'") echo "1" ;;  # '1' + i: the panels' keys 1 to 5
    "'+'" | "'='" | GLFW_KEY_KP_ADD) echo "+" ;;
    "'-'" | "'_'" | GLFW_KEY_MINUS | GLFW_KEY_KP_SUBTRACT) echo $'\\xE2\\x88\\x92' ;;
    GLFW_KEY_EQUAL) echo "Ctrl+=" ;;
    GLFW_KEY_0) echo "Ctrl+0" ;;
    GLFW_KEY_*) echo "${1#GLFW_KEY_}" ;;
    kKeyF5) echo "F5" ;;
    ImGuiKey_UpArrow) echo '\xE2\x86\x91' ;;
    ImGuiKey_DownArrow) echo '\xE2\x86\x93' ;;
    ImGuiKey_LeftArrow) echo '\xE2\x86\x90' ;;
    ImGuiKey_RightArrow) echo '\xE2\x86\x92' ;;
    ImGuiKey_Escape) echo "Esc" ;;
    ImGuiKey_*) echo "${1#ImGuiKey_}" ;;
    "'"?"'") echo "${1:1:1}" ;;
    *) echo "?$1" ;;
  esac
}
# The key columns of the table: the first string of every {"keys", "what"} line.
keys=$(grep -oE '^\s*\{"[^"]*"' "$help" | sed -E 's/^\s*\{"//; s/"$//')
missing=0
count=0
for t in $tokens; do
  n=$(name "$t")
  count=$((count + 1))
  found=0
  while IFS= read -r k; do
    # The key's name as a word of the keys column ("Shift+N N", "[ ]", "Ctrl+R  F5").
    if printf '%s\n' "$k" | tr ' ' '\n' | sed -E 's/^(Ctrl|Shift)\+//' | grep -qxF -- "${n#Ctrl+}" &&
      { [[ $n != Ctrl+* ]] || [[ $k == *"$n"* ]]; }; then
      found=1
      break
    fi
  done <<<"$keys"
  if [ "$found" = 0 ]; then
    echo "key_help_test: the code asks for $t (\"$n\"), but the Help menu's table has no such key"
    missing=1
  fi
done
[ "$count" -ge 20 ] || { echo "key_help_test: found only $count key uses: the search is broken"; exit 1; }
[ "$missing" = 0 ] && echo "key_help_test: all $count keys the code asks for are in the Help menu"
exit $missing
