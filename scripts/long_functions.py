#!/usr/bin/env python3
"""Lists the Rust functions longer than a limit, outside tests.

    python3 scripts/long_functions.py [--max 120] [PATH...]   (default: crates/*/src)

A function's length is its lines from `fn` to its closing brace. Functions
inside a `#[cfg(test)]` module are skipped. Comments, strings, raw strings
and char literals are blanked before braces are matched (lifetimes are not
char literals). Prints `LINES path:line name` for each function over the
limit, longest first, and exits 1 if there is any.
"""

import argparse
import glob
import re
import sys


def blank(text):
    """The text with comments, strings and char literals replaced by spaces
    (newlines kept, so offsets and line numbers stay)."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            wipe(i, j)
            i = j
        elif (m := re.match(r'b?r(#*)"', text[i : i + 300])) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            wipe(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            wipe(i, j + 1)
            i = j + 1
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i : i + 12])
            if m:
                wipe(i, i + m.end())
                i += m.end()
            else:
                i += 1  # a lifetime or label
        else:
            i += 1
    return "".join(out)


def matching(code, open_at):
    """The offset of the brace closing the one at `open_at`."""
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(code) - 1


def functions(path):
    text = open(path, encoding="utf-8").read()
    code = blank(text)
    line_of = lambda offset: code.count("\n", 0, offset) + 1
    tests = []
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", code):
        tests.append((m.start(), matching(code, m.end() - 1)))
    for m in re.finditer(r"\bfn\s+(\w+)", code):
        if any(a <= m.start() <= b for a, b in tests):
            continue
        body = re.compile(r"[{;]").search(code, m.end())
        if not body or body.group() == ";":
            continue  # a declaration without a body
        end = matching(code, body.start())
        start_line = line_of(m.start())
        yield line_of(end) - start_line + 1, path, start_line, m.group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=120)
    parser.add_argument("paths", nargs="*", default=["crates/*/src"])
    args = parser.parse_args()
    files = []
    for p in args.paths:
        files += glob.glob(p, recursive=True) if p.endswith(".rs") else glob.glob(p + "/**/*.rs", recursive=True)
    long = sorted((f for path in sorted(set(files)) for f in functions(path) if f[0] > args.max), reverse=True)
    for lines, path, line, name in long:
        print(f"{lines:5} {path}:{line} {name}")
    print(f"{len(long)} function(s) over {args.max} lines in {len(set(files))} file(s)", file=sys.stderr)
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
