#!/usr/bin/env python3
"""X errors, said in French and survived where they can be (app/x_errors.h).

python3 x_error_test.py EXE WORK SCENARIO, where SCENARIO is
  refused_request  (inside an X server, e.g. under xvfb-run) the test action « x_error » makes a
                   request the server refuses (a pixmap of width 0: BadValue); the window goes on,
                   runs the next action and exits 0; stderr names the error in French, and Xlib's
                   English text (« X Error of failed request ») is not there: it used to end the
                   program with exit 1 and no session saved.
  server_gone      (starts its own Xvfb) the X server is killed under an idle window: the program
                   says in French that the connection is lost, saves the last session (its
                   settings, L 3) and exits 1.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def fail(message):
    print("ÉCHEC : " + message, file=sys.stderr)
    sys.exit(1)


def refused_request(exe, work):
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"),
               TRANSFORMER_BLOC_TEST_ACTIONS="command /couches 3\nx_error\ncommand /couches 4\nquit")
    done = subprocess.run([exe, "--fresh", "--size", "800x600"], env=env, capture_output=True, text=True, timeout=60)
    out = done.stdout + done.stderr
    print(out)
    if done.returncode != 0:
        fail(f"transformer-bloc a fini avec le code {done.returncode} après une erreur X")
    if "X Error of failed request" in out:
        fail("le texte anglais de Xlib est écrit")
    expected = "erreur X ignorée : BadValue (valeur hors limites) dans X_CreatePixmap"
    if expected not in out:
        fail(f"« {expected} » manque sur stderr")
    if "test : command /couches 4" not in out:
        fail("la fenêtre n'a pas continué après l'erreur X")
    with open(os.path.join(work, "config", "transformer-bloc", "session.json"), encoding="utf-8") as f:
        if json.load(f)["settings"]["layers"] != 4:
            fail("la dernière session n'a pas l'état de la fin")


def server_gone(exe, work):
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        fail("Xvfb introuvable")
    display = None
    for n in range(140, 200):  # a free display number
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            display = f":{n}"
            break
    server = subprocess.Popen([xvfb, display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    go = os.path.join(work, "never")
    env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=os.path.join(work, "config"),
               TRANSFORMER_BLOC_TEST_ACTIONS=f"command /couches 3\nwait_file {go}\nquit")
    env.pop("XAUTHORITY", None)
    try:
        for _ in range(100):  # the server's socket
            if os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"):
                break
            time.sleep(0.1)
        proc = subprocess.Popen([exe, "--fresh", "--size", "800x600"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(3.0)  # the window is up and /couches 3 has run
        if proc.poll() is not None:
            fail(f"le programme s'est arrêté avant la fin du serveur X :\n{proc.stdout.read()}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("le programme ne s'est pas arrêté après la fin du serveur X")
    print(out)
    if proc.returncode != 1:
        fail(f"code {proc.returncode}, attendu 1")
    if "la connexion au serveur X est perdue" not in out:
        fail("pas de message en français sur la connexion perdue")
    for english in ("X connection to", "X Error", "XIO:"):
        if english in out:
            fail(f"texte anglais de Xlib : « {english} »")
    with open(os.path.join(work, "config", "transformer-bloc", "session.json"), encoding="utf-8") as f:
        if json.load(f)["settings"]["layers"] != 3:
            fail("la session enregistrée n'a pas l'état du programme")


def main():
    exe, work, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    {"refused_request": refused_request, "server_gone": server_gone}[scenario](exe, work)
    print(f"{scenario} : ok")


main()
