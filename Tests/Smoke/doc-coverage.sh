#!/usr/bin/env bash
# Counts how many of a module's public and package declarations carry a `///` doc comment, and fails below a
# threshold.
#   Tests/Smoke/doc-coverage.sh [DIR [PERCENT]]   DIR (from the repository's root, or absolute) defaults to
#                                                 Sources/ToolkitAPI; PERCENT (0-100) to 0
# Prints "documented N of M (P %)" and exits 1 when P is below PERCENT; DOC_COVERAGE_LIST=1 also lists the
# undocumented declarations as FILE:LINE: TEXT.
#
# The rule, applied to every *.swift file under DIR, line by line outside comments and string literals:
#   - A declaration is a line that starts (after any attributes such as @inlinable, @discardableResult or
#     @available(...)) with modifiers that include `public` or `package` (`open` counts as public), followed by
#     one of: func, init, subscript, var, let, case, struct, enum, class, actor, protocol, typealias,
#     associatedtype. `public import` is not a declaration here.
#   - Also counted: every `case` line directly inside a public or package enum, and every func, init,
#     subscript, var, let, typealias or associatedtype requirement directly inside a public or package
#     protocol: they are public without saying so. A `case a, b, c` line counts once.
#   - Members of an extension count only when they say `public` or `package` themselves (an extension carries
#     no access level here: swift-format's NoAccessLevelOnExtensionDeclaration).
#   - A declaration is documented when the line above it, skipping attribute-only lines (a multi-line
#     @available(...) included), is a `///` line. A `//` comment or a blank line in between does not count.
# Braces inside string literals (multi-line and raw ones too) and comments are ignored when the enclosing
# type is worked out.
set -euo pipefail
cd "$(dirname "$0")/../.."

dir=${1:-Sources/ToolkitAPI}
threshold=${2:-0}
[ -d "$dir" ] || { echo "doc-coverage: no directory $dir" >&2; exit 2; }
[[ $threshold =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "doc-coverage: PERCENT is a number, not '$threshold'" >&2; exit 2; }

python3 - "$dir" "$threshold" <<'PY'
import os
import re
import sys

directory, threshold = sys.argv[1], float(sys.argv[2])
listing = os.environ.get("DOC_COVERAGE_LIST") == "1"

KEYWORDS = (r"func|init|subscript|var|let|case|struct|enum|class|actor|protocol|typealias|associatedtype")
MODIFIER = (r"(?:public|package|open|internal|private|fileprivate)(?:\(set\))?|static|class|final|override|"
            r"mutating|nonmutating|nonisolated|convenience|required|indirect|lazy|weak|unowned|dynamic|"
            r"consuming|borrowing|isolated")
# An attribute: @name, optionally with a balanced-enough argument list on the same line.
ATTRIBUTE = r"@[A-Za-z_][A-Za-z0-9_.]*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?"
DECLARATION = re.compile(
    rf"^(?:{ATTRIBUTE}\s+)*((?:(?:{MODIFIER})\s+)*)({KEYWORDS})\b(?:\s+([A-Za-z_`][A-Za-z0-9_`]*))?")
ATTRIBUTE_LINE = re.compile(rf"^(?:{ATTRIBUTE}\s*)+$")
REQUIREMENTS = {"func", "init", "subscript", "var", "let", "typealias", "associatedtype"}


def code_lines(text):
    """Yields (line, starts_in_code, code) per line: code is the line's text with comments and string
    literals blanked out, and starts_in_code says the line does not begin inside a comment or a string."""
    # States: a stack of contexts; "code" at the bottom, "str"/"mstr" (with raw hashes) for strings,
    # "interp" for the code of a \( ) interpolation (with its parenthesis depth), "block" for /* */.
    stack = [("code", 0)]
    for line in text.split("\n"):
        starts_in_code = stack[-1][0] == "code" and len(stack) == 1
        out = []
        i = 0
        n = len(line)
        while i < n:
            kind, extra = stack[-1]
            c = line[i]
            if kind in ("code", "interp"):
                if line.startswith("//", i):
                    break
                if line.startswith("/*", i):
                    stack.append(("block", 1))
                    i += 2
                    continue
                m = re.match(r'(#*)("""|")', line[i:])
                if m:
                    hashes = len(m.group(1))
                    stack.append(("mstr" if m.group(2) == '"""' else "str", hashes))
                    out.append(" " * len(m.group(0)))
                    i += len(m.group(0))
                    continue
                if kind == "interp":
                    if c == "(":
                        stack[-1] = ("interp", extra + 1)
                    elif c == ")":
                        if extra == 0:
                            stack.pop()
                            i += 1
                            continue
                        stack[-1] = ("interp", extra - 1)
                out.append(c)
                i += 1
            elif kind == "block":
                if line.startswith("*/", i):
                    stack.pop()
                    i += 2
                    continue
                i += 1
            else:  # a string literal, extra = number of raw-string hashes
                closing = ('"""' if kind == "mstr" else '"') + "#" * extra
                escape = "\\" + "#" * extra
                if line.startswith(escape + "(", i):
                    stack.append(("interp", 0))
                    i += len(escape) + 1
                    continue
                if line.startswith(escape, i):
                    i += len(escape) + 1
                    continue
                if line.startswith(closing, i):
                    stack.pop()
                    out.append(" " * len(closing))
                    i += len(closing)
                    continue
                i += 1
        if stack[-1][0] == "str":  # a single-line string never runs past its line
            stack.pop()
        yield line, starts_in_code, "".join(out)


total = documented = 0
missing = []
for root, subdirectories, files in os.walk(directory):
    subdirectories.sort()
    for name in sorted(files):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(root, name)
        with open(path, encoding="utf-8") as handle:
            lines = list(code_lines(handle.read()))
        # Each open brace records what it opened: "enum"/"protocol" for a public or package one, else None.
        scopes = []
        pending = None  # the kind of public enum or protocol whose `{` has not come yet
        for number, (raw, starts_in_code, code) in enumerate(lines):
            stripped = code.strip()
            counted = False
            if starts_in_code and stripped:
                m = DECLARATION.match(stripped)
                if m:
                    modifiers, keyword = m.group(1).split(), m.group(2)
                    inside = scopes[-1] if scopes else None
                    implicit = (inside == "enum" and keyword == "case") or (
                        inside == "protocol" and keyword in REQUIREMENTS)
                    explicit = any(w.split("(")[0] in ("public", "package", "open") for w in modifiers)
                    counted = explicit or implicit
                    if keyword in ("enum", "protocol"):
                        pending = keyword if explicit else "other"
                    elif keyword in ("struct", "class", "actor"):
                        pending = "other"
            if counted:
                total += 1
                above = number - 1
                while above >= 0:
                    text = lines[above][0].strip()
                    if ATTRIBUTE_LINE.match(text):
                        above -= 1
                        continue
                    # The tail of a multi-line attribute, such as @available(*, deprecated,\n message: "..."):
                    # lines back to one that opens `@name(`, with no brace in them and their parentheses balanced.
                    if text.endswith(")"):
                        start = above
                        while start >= 0 and not re.match(r"@[A-Za-z_][A-Za-z0-9_.]*\(", lines[start][2].strip()):
                            start -= 1
                            if start < 0 or above - start > 10:
                                start = -1
                                break
                        if start >= 0 and start != above:
                            span = "".join(lines[k][2] for k in range(start, above + 1))
                            if "{" not in span and "}" not in span and span.count("(") == span.count(")"):
                                above = start - 1
                                continue
                    break
                if above >= 0 and lines[above][0].strip().startswith("///"):
                    documented += 1
                else:
                    missing.append(f"{path}:{number + 1}: {raw.strip()}")
            for c in code:
                if c == "{":
                    scopes.append(pending if pending in ("enum", "protocol") else None)
                    pending = None
                elif c == "}":
                    if scopes:
                        scopes.pop()

if listing:
    print("\n".join(missing))
percent = 100.0 * documented / total if total else 100.0
print(f"documented {documented} of {total} ({percent:.1f} %)")
if percent < threshold:
    print(f"doc-coverage: {directory} is below {threshold:g} %", file=sys.stderr)
    sys.exit(1)
PY
