#!/usr/bin/env python3
"""Whether a text is drawn in the window, however it is wrapped (python3 drawn_text.py DUMP TEXT).

DUMP is the test action « texts_at FILE »'s output: one run of text a line, « x <tab> y <tab> text ».
A wrapped paragraph (the console's log, the lesson panel) is several runs at the same x, one under
the other, and where it breaks depends on the window's width and on what the paragraph holds (a
file's path: the checkout's folder and its length). So the runs are read back as a reader does:
by column (the same x, within 3 pixels), top to bottom, joined with single spaces; TEXT is looked
for in each column with its blanks collapsed the same way. Exit 0 when found, 1 (with the columns
that were read) when not.
"""
import re
import sys


def collapse(text):
    return re.sub(r"[\s\u202f\u00a0]+", " ", text).strip()


def columns(dump):
    runs = []
    for line in dump.splitlines():
        parts = line.split("\t", 2)
        if len(parts) == 3:
            runs.append((int(parts[0]), int(parts[1]), parts[2]))
    groups = []  # [x, [(y, text)]]
    for x, y, text in sorted(runs):
        if groups and abs(groups[-1][0] - x) <= 3:
            groups[-1][1].append((y, text))
        else:
            groups.append([x, [(y, text)]])
    return [collapse(" ".join(t for _, t in sorted(lines))) for _, lines in groups]


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        read = columns(f.read())
    wanted = collapse(sys.argv[2])
    if any(wanted in column for column in read):
        return 0
    print(f"« {wanted} » n'est pas dessiné ; colonnes lues :", file=sys.stderr)
    for column in read:
        print("  " + column[:300], file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
