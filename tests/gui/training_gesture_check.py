#!/usr/bin/env python3
"""Issue 33, « training in one gesture », read from the window's layout report (python3
training_gesture_check.py REPORT WHAT). WHAT is « training »: after /entrainer with no /panneau the
training panel is open (its plot's mark is there) and no text of the panel lies inside the plot,
where the curves are; or « lens »: in A/B the lens draws side B's grid beside A's, apart.
Exit 0 when it holds, 1 with what was read."""
import sys


def read(path):
    marks, texts = {}, []
    for line in open(path, encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if parts[0] == "mark":
            marks[parts[1]] = [float(v) for v in parts[2:6]]
        elif parts[0] == "text":
            texts.append((parts[1], [float(v) for v in parts[3:7]], parts[-1]))
    return marks, texts


def inside(a, b):  # a's rectangle meets b's interior
    return a[0] < b[2] - 1 and a[2] > b[0] + 1 and a[1] < b[3] - 1 and a[3] > b[1] + 1


def main():
    marks, texts = read(sys.argv[1])
    if sys.argv[2] == "training":
        plot = marks.get("training_plot")
        if not plot:
            print("no training panel after /entrainer: marks", sorted(marks))
            return 1
        over = [t for t in texts if "entrainement" in t[0] and inside(t[1], plot)]
        if over:
            print("text over the curves", plot, ":", over)
            return 1
        return 0
    a, b = marks.get("lens_A"), marks.get("lens_B")
    if not a or not b or inside(a, b):
        print("lens in A/B: A", a, "B", b)
        return 1
    return 0


sys.exit(main())
