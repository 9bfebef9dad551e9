#!/usr/bin/env python3
"""The lesson's question and answer are read without scrolling (issue 12), checked on the window.

For every step of a lesson that asks a question, in the normal layout and in presenter mode, in
French and in English, at 1600x900: the window opens the lesson, goes to the step, reveals the
answer and writes what it drew with positions (test action « texts_at FILE »). The lesson panel's
lines all start at its left margin, the x of the step's title; read top to bottom from the title,
they must hold the whole question and the whole answer (a placeholder stands for its live figure).
Text scrolled out of the panel is clipped, hence absent. Python standard library only.

usage: lesson_fit.py EXE LESSON_FILE [--xvfb XVFB_RUN] [--keep DIR]
"""
import os
import re
import subprocess
import sys
import tempfile

SIZE = "1600x900"


def parse_lesson(path):
    """[(index from 1, {'question fr': ..., 'réponse fr': ..., ...})] for the steps with a question."""
    steps, current = [], None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("[étape]"):
                current = {}
                steps.append(current)
                continue
            for key in ("question fr", "question en", "réponse fr", "réponse en"):
                if current is not None and line.startswith(key + ":"):
                    text = line[len(key) + 1:].strip()
                    current[key] = (current.get(key, "") + " " + text).strip()
    return [(i + 1, s) for i, s in enumerate(steps) if "question fr" in s]


def pattern(text):
    """A regex for `text` as the panel wraps it: any run of spaces may be a line break; a
    placeholder {name} is its live figure; {{ and }} are braces."""
    parts = []
    for piece in re.split(r"(\{\{|\}\}|\{[^{}]*\})", text):
        if piece in ("{{", "}}"):
            parts.append(re.escape(piece[0]))
        elif piece.startswith("{") and piece.endswith("}"):
            parts.append(r"\S.*?")
        else:
            parts.append(r"\s+".join(re.escape(w) for w in piece.split()) if piece.strip() else "")
            if piece[:1].isspace():
                parts[-1] = r"\s+" + parts[-1]
            if piece[-1:].isspace() and piece.strip():
                parts[-1] += r"\s+"
    return re.compile("".join(parts), re.S)


def panel_text(dump, title):
    """The lines at the title's x, from the title down, joined by spaces."""
    runs = []
    for line in dump.splitlines():
        x, y, text = line.split("\t", 2)
        runs.append((int(x), int(y), text))
    heads = [r for r in runs if r[2].startswith(title)]
    if not heads:
        return None
    x0, y0, _ = heads[0]
    lines = sorted((y, x, t) for x, y, t in runs if abs(x - x0) <= 3 and y >= y0)
    return re.sub(r"[\s\u202f\u00a0]+", " ", " ".join(t for _, _, t in lines))


def check(exe, lesson, xvfb, work):
    steps = parse_lesson(lesson)
    if not steps:
        return [f"{lesson}: no step with a question"]
    faults = []
    name = os.path.splitext(os.path.basename(lesson))[0]  # a shipped lesson, opened by its name
    for presenter in (False, True):
        for lang in ("fr", "en"):
            mode = ("presenter" if presenter else "normal") + "_" + lang
            actions = ["command /presentateur on"] if presenter else []
            for index, _ in steps:
                actions += [f"command /lecon ouvrir {name}"] + ["command /lecon suivant"] * (index - 1)
                actions += ["command /lecon reveler", f"texts_at {work}/{mode}_{index}.tsv"]
            env = dict(os.environ, XDG_CONFIG_HOME=f"{work}/config_{mode}",
                       TRANSFORMER_BLOC_TEST_ACTIONS="\n".join(actions))
            cmd = [exe, "--size", SIZE, "--lang", lang, "--screenshot", f"{work}/{mode}.png"]
            if xvfb:
                cmd = [xvfb, "-a", "-s", f"-screen 0 {SIZE}x24"] + cmd
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                faults.append(f"{mode}: the window exited with {done.returncode}: {done.stderr[-500:]}")
                continue
            for index, step in steps:
                with open(f"{work}/{mode}_{index}.tsv", encoding="utf-8") as f:
                    dump = f.read()
                title = ("Étape" if lang == "fr" else "Step") + f" {index} /"
                text = panel_text(dump, title)
                if text is None:
                    faults.append(f"{mode}, step {index}: no « {title} » on screen")
                    continue
                for key in ("question " + lang, "réponse " + lang):
                    if not pattern(step[key]).search(text):
                        faults.append(f"{mode}, step {index}: the {key} is not all on screen without scrolling\n"
                                      f"    wanted: {step[key]}\n    panel:  {text}")
    return faults


def main(argv):
    args = argv[1:]
    xvfb = keep = None
    if "--xvfb" in args:
        i = args.index("--xvfb")
        xvfb = args[i + 1]
        del args[i:i + 2]
    if "--keep" in args:
        i = args.index("--keep")
        keep = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    exe, lesson = args
    if keep:
        os.makedirs(keep, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        faults = check(exe, lesson, xvfb, keep or tmp)
    for f in faults:
        print("FAIL", f)
    print("lesson_fit:", "ok" if not faults else f"{len(faults)} fault(s)")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
