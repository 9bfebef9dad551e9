#!/usr/bin/env python3
"""Resizing the window from outside, as a window manager or a user's drag does (xdotool under Xvfb).

Run inside an X server (xvfb-run -a -s "-screen 0 1600x900x24" python3 resize_test.py EXE WORK [ROUNDS]).
The window starts idle with the test actions « wait_file GO; command /session enregistrer
SESSION; quit ». This script waits for its window, then does ROUNDS (5) rounds of
`xdotool windowsize W 200 150` then `1600 900`, 0.3 s apart, then a burst of sizes with no pause
at all, and creates GO. The program must still be alive, save the session, exit 0, and say nothing
of an X error. With the partial redraw's copy sized from a stale framebuffer, the first shrink
ended in « BadValue (X_ShmPutImage) » and exit 1 with no session saved.
"""
import json
import os
import subprocess
import sys
import time


def fail(message):
    print("ÉCHEC : " + message, file=sys.stderr)
    sys.exit(1)


def xdo(*args):
    subprocess.run(["xdotool", *args], check=True, timeout=30, capture_output=True)


def main():
    exe, work = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    os.makedirs(work, exist_ok=True)
    go, session = os.path.join(work, "go"), os.path.join(work, "session.json")
    for path in (go, session):
        if os.path.exists(path):
            os.remove(path)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"),
               TRANSFORMER_BLOC_TEST_ACTIONS=f"wait_file {go}\ncommand /session enregistrer {session}\nquit")
    env.pop("TRANSFORMER_BLOC_REDRAW", None)  # the partial redraw: the one that failed
    proc = subprocess.Popen([exe, "--fresh", "--size", "1600x900", "--run", "/couches 3"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^transformer-bloc"],
                               capture_output=True, text=True, timeout=30).stdout.split()
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("la fenêtre n'est pas apparue en 30 s")
    if not found:
        proc.kill()
        fail("fenêtre introuvable")
    window = found[0]
    time.sleep(2.0)  # the beads rise, then the window is idle
    try:
        for _ in range(rounds):
            xdo("windowsize", window, "200", "150")
            time.sleep(0.3)
            xdo("windowsize", window, "1600", "900")
            time.sleep(0.3)
        for w, h in ((900, 500), (1, 1), (1600, 900), (300, 1200), (1280, 720), (200, 150), (1600, 900)):
            xdo("windowsize", window, str(w), str(h))  # no pause: sizes change between two frames
        time.sleep(0.5)
    except subprocess.CalledProcessError:
        pass  # the window is gone: said below
    if proc.poll() is not None:
        fail(f"le programme s'est arrêté pendant les redimensionnements (code {proc.returncode}) :\n{proc.stdout.read()}")
    open(go, "w").close()
    try:
        out, _ = proc.communicate(timeout=40)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("la fenêtre ne s'est pas fermée")
    print(out)
    if proc.returncode != 0:
        fail(f"transformer-bloc a fini avec le code {proc.returncode}")
    for bad in ("X Error", "erreur X", "BadValue"):
        if bad in out:
            fail(f"« {bad} » dans la sortie")
    with open(session, encoding="utf-8") as f:
        state = json.load(f)
    if state["settings"]["layers"] != 3:
        fail(f"session enregistrée sans l'état : couches {state['settings']['layers']}")
    print(f"{rounds} tours de redimensionnement : le programme vit, code 0, session enregistrée")


main()
