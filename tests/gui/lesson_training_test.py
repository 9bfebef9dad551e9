#!/usr/bin/env python3
"""A lesson that trains, opened in the window: the window keeps drawing, the training completes.

Run inside an X server (xvfb-run -a -s "-screen 0 1600x900x24" python3 lesson_training_test.py EXE WORK).
The lesson (written here) asks L 6, d 16, w 64 and /entrainer 2000 (the cap, core/course/lesson.h), then
/etape 3. Opening it used to train its check on the drawing thread (2 s here, 6 to 8 s on slower
machines: one frame that long); now the check only counts the steps, the training runs on the
window's worker, and /etape 3 waits for its end.
  complete  --stats: the longest frame under MAX_FRAME_MS (default 1000) while at least 20 frames
            are drawn; the log has the 2 000 steps' summary, then « > /etape 3 ».
  cancel    /entrainer stop (the lesson panel's « Annuler ») after 100 steps: « entraînement
            arrêté », fewer than 2 000 steps, then « > /etape 3 »: the lesson goes on.
"""
import os
import re
import shutil
import subprocess
import sys

LESSON = """leçon: Entraîner | Train
[étape] Entraîner en profondeur | Training deep
commande: /couches 6
commande: /dimension 16
commande: /ffn 64
commande: /entrainer 2000
commande: /etape 3
fr: La courbe descend pendant que la fenêtre reste vivante.
en: The curve goes down while the window stays alive.
"""


def fail(message):
    print("ÉCHEC : " + message, file=sys.stderr)
    sys.exit(1)


def run(exe, work, name, actions):
    log = os.path.join(work, name + ".log")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"),
               TRANSFORMER_BLOC_TEST_ACTIONS="\n".join(actions + [f"log {log}", "quit"]))
    done = subprocess.run([exe, "--fresh", "--size", "1600x900", "--stats"], env=env, capture_output=True, text=True,
                          timeout=120)
    print(done.stdout)
    if done.returncode != 0:
        fail(f"{name} : transformer-bloc a fini avec le code {done.returncode}\n{done.stderr}")
    with open(log, encoding="utf-8") as f:
        return done.stdout, f.read()


def after(text, first, then):
    a = text.find(first)
    return a >= 0 and text.find(then, a) > a


def main():
    exe, work = sys.argv[1], sys.argv[2]
    max_frame_ms = float(os.environ.get("MAX_FRAME_MS", "1000"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    lesson = os.path.join(work, "lecon.txt")
    with open(lesson, "w", encoding="utf-8") as f:
        f.write(LESSON)

    stats, log = run(exe, work, "complete", [f"command /lecon ouvrir {lesson}", "wait_lesson"])
    frames = int(re.search(r"^frames: (\d+)", stats, re.M).group(1))
    longest = float(re.search(r"^max_frame_ms: ([\d.]+)", stats, re.M).group(1))
    print(f"images : {frames}, la plus longue : {longest:.1f} ms")
    if longest >= max_frame_ms:
        fail(f"une image a pris {longest:.0f} ms (la fenêtre a gelé ; au plus {max_frame_ms:.0f})")
    if frames < 20:
        fail(f"seulement {frames} images pendant l'entraînement")
    if not after(log, "entraînement : 2000 pas", "> /etape 3"):
        fail("l'entraînement de la leçon n'est pas allé au bout avant la ligne suivante :\n" + log)

    _, log = run(exe, work, "cancel",
                 [f"command /lecon ouvrir {lesson}", "wait_steps 100", "command /entrainer stop", "wait_lesson"])
    if not after(log, "entraînement arrêté", "> /etape 3"):
        fail("l'annulation n'a pas laissé la leçon continuer :\n" + log)
    done = re.search(r"entraînement arrêté ; entraînement : (\d+) pas", log)
    if not done or int(done.group(1)) >= 2000:
        fail("l'annulation n'a pas arrêté l'entraînement :\n" + log)
    print("leçon qui entraîne : la fenêtre dessine, l'entraînement va au bout ou s'annule, la leçon continue")


main()
