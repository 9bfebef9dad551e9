#!/usr/bin/env python3
"""cli.md's number rule, checked on what transformer-bloc shows people and writes for machines.

Written from shared/spec/cli.md ("Numbers for people and numbers for machines") alone, pure Python 3
standard library, sharing no code with the C++:

  - for people in French: decimals with a comma (no '.' between two digits), thousands grouped
    with a narrow no-break space U+202F (never a plain or a no-break space, never left out from
    four digits on: the channel writes « 1 744 »);
  - for people in English: a point for decimals (no ',' as a decimal mark), ',' between thousands,
    never U+202F; and English words: no French sentence left in an English screen, no French
    guillemets « » (English quotes “ ” or plain ones; issue 34);
  - for machines (`total: N`, `key: N`, --stats, JSON, CSV, YAML values): digits and the point only.

Allowed, as identifiers rather than quantities (the allow-list): a number glued to a letter, '_',
'-', '/', '#' or '@' (GPT-2, W1, gpt2-small, x_1, #generation); a seed after « graine »/« seed »
(graine 1234); years 1900..2099 in four digits (Vaswani 2017); ranges written « 1..4 »; powers
written 10⁻⁵ (superscripts are not digits here); sizes « 1600x900 »; what the user typed (a
console line starting with « > /»), which the program echoes as it was typed.

    python3 number_rule.py EXE [--xvfb XVFB_RUN] [--keep DIR]   # runs EXE, checks every text
    python3 number_rule.py EXE --counter [--xvfb XVFB_RUN]       # the top bar's « 1 744 », read back
    python3 number_rule.py --people fr|en FILE...                # one dump of people's text
    python3 number_rule.py --self-test
"""
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile

NNBSP = "\u202f"
DIGIT = "0-9"
# A number: digits, possibly with inner separators ('.', ',', U+202F, plain or no-break space
# followed by three digits), not glued to a word on its left.
NUMBER = re.compile(r"(?<![\w\-/#@.,\u202f])[0-9]+(?:(?:[.,\u202f][0-9]+)|(?:[ \u00a0][0-9]{3}(?![0-9])))*")
MACHINE_LINE = re.compile(r"^[a-z_][a-z0-9_]*: -?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?$")
QUOTED_COMMAND = re.compile(r"« /[^»]*»")
COMMAND_WORDS = re.compile(r"/[\w\-]+|<[^>]*>|\((?:aucun|aucune)[^)]*\)|« [^»]* »|“[^”]*”")  # and quoted names
SEED_WORDS = ("graine", "seed", "seeds", "/graine")
FRENCH_ONLY = ["Bienvenue", "Paramètres", "paramètres", "secondes", "sous-couche", "aléatoires", "neurones",
               "Détail", " avec ", " pour ", " dans ", " une ", " est ", " sont ", " des ", " les ", " du ",
               " ou ", "Fermer", "Tape ", "terme", "formule", "valeur", "couche", "normes", "fois"]


# The model's words (assets/vocabulary.txt): a line that is one of them alone is the model's data
# (the lens's cells, the output's top words), French in both languages, not the interface's text.
def _vocabulary():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "vocabulary.txt")
    try:
        with open(path, encoding="utf-8") as f:
            return {w.strip() for w in f if w.strip()}
    except OSError:
        return set()


VOCABULARY = _vocabulary()


def group(n, sep):
    s = str(n)
    out = ""
    for i, c in enumerate(s):
        if i and (len(s) - i) % 3 == 0:
            out += sep
        out += c
    return out


def allowed(line, start, token):
    """Identifiers that are not quantities (see the module's allow-list)."""
    before = line[:start].rstrip()
    words = before.split()
    if words and words[-1].strip("«»():,").lower() in SEED_WORDS:
        return True
    if re.fullmatch(r"(19|20)[0-9]{2}", token):
        return True
    after = line[start + len(token):start + len(token) + 1]
    if after in ("x", "×") and re.match(r"[0-9]", line[start + len(token) + 1:start + len(token) + 2] or " "):
        return True  # 1600x900
    return False


def check_people(text, lang, where):
    """Violations (strings) of the rule in `text`, for people in `lang`."""
    bad = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("> /") or MACHINE_LINE.match(line.strip()):
            continue
        if lang == "en" and ("«" in line or "»" in line):
            bad.append(f"{where}:{number}: French quotes « » in English: « {line.strip()} »")
        line = QUOTED_COMMAND.sub("« »", line)  # a command quoted back as the user typed it
        for m in NUMBER.finditer(line):
            token = m.group(0)
            if allowed(line, m.start(), token):
                continue
            bad += [f"{where}:{number}: {why} « {token} » in « {line.strip()} »" for why in token_faults(token, lang)]
        if lang == "en" and line.strip() not in VOCABULARY:  # command words (/panneau <neurones|...>) are the channel's, in French
            words = COMMAND_WORDS.sub(" ", line)
            bad += [f"{where}:{number}: French « {w.strip()} » in English: « {line.strip()} »"
                    for w in FRENCH_ONLY if w in f" {words} "]
    return bad


def token_faults(token, lang):
    faults = []
    if lang == "fr":
        if re.search(r"[0-9]\.[0-9]", token):
            faults.append("decimal point in French")
        if re.search(r"[0-9][ \u00a0][0-9]{3}", token):
            faults.append("thousands grouped with a plain or no-break space, not U+202F")
        whole = re.split(r"[,.]", token)[0]
    else:
        if NNBSP in token:
            faults.append("U+202F in English")
        if re.search(r"[0-9],(?![0-9]{3}(?![0-9]))", token) or re.match(r"0,[0-9]", token):
            faults.append("decimal comma in English")
        whole = token.split(".")[0]
    digits = re.sub(r"[\u202f, \u00a0]", "", whole)
    separators = re.findall(r"[\u202f, \u00a0]", whole)
    if len(digits) >= 4 and not separators:
        faults.append("thousands not grouped")
    return faults


def check_machine_lines(text, where):
    bad = []
    for number, line in enumerate(text.splitlines(), 1):
        if NNBSP in line or re.search(r"[0-9],[0-9]", line):
            bad.append(f"{where}:{number}: machine line with a person's number: « {line} »")
    return bad


def run(cmd, env=None, cwd=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=240)
    return r.returncode, r.stdout, r.stderr


def breakdown_faults(out, where):
    """The console table: header unindented, terms indented by two spaces, columns aligned, the
    machine line last."""
    bad = []
    lines = out.rstrip("\n").split("\n")
    if not MACHINE_LINE.match(lines[-1]) or not lines[-1].startswith("total: "):
        bad.append(f"{where}: last line « {lines[-1]} » is not `total: N`")
    body = lines[1:-1]
    if lines[0].startswith(" "):
        bad.append(f"{where}: the header is indented")
    starts = set()
    for line in body:
        if not re.match(r"^  \S", line):
            bad.append(f"{where}: term line not indented by two spaces: « {line} »")
        if line.strip().startswith("total"):
            continue  # no formula: its value alone
        fields = [m.start() for m in re.finditer(r"(?<=  )\S", line)]
        starts.add(tuple(fields[:2]))
    if len(starts) > 1:
        bad.append(f"{where}: the formula and value columns do not line up: {sorted(starts)}")
    return bad + check_people("\n".join(lines[:-1]), "fr" if "Paramètres" in lines[0] else "en", where)


def yaml_comment_faults(card, lang, where):
    english = {"the", "every", "rows", "untrained", "weights", "drawn", "whole", "recomputed",
               "generation", "unknown", "included", "tied", "mask", "bidirectional", "sees", "previous"}
    french = {"le", "la", "les", "des", "du", "chaque", "lignes", "masque", "denses", "entraîné", "poids",
              "tirés", "graine", "toute", "phrase", "recalculée", "pas", "génération", "inconnu", "compris",
              "tête", "sortie", "liée", "voit", "précédents", "tous"}
    bad = []
    block = card.split("```yaml", 1)[-1].split("```", 1)[0]
    for line in block.splitlines():
        if "#" not in line:
            continue
        value, comment = line.split("#", 1)
        words = set(re.findall(r"[\wéèêàâîôûç]+", comment.lower()))
        wrong = words & (english if lang == "fr" else french)
        if wrong:
            bad.append(f"{where}: the comment « #{comment} » is not in {lang}: {sorted(wrong)}")
        if NNBSP in value or re.search(r"[0-9],[0-9]", value):
            bad.append(f"{where}: a YAML value written for people: « {value.strip()} »")
    prose = card.split("```yaml", 1)[0]
    return bad + check_people(prose, lang, where + " (prose)")


# The window's states a class sees, each dumped with the test action « texts FILE ».
STATES = [
    ("start", []),
    ("attention", ["/panneau attention"]),
    ("neurones", ["/panneau neurones"]),
    ("norme", ["/panneau norme"]),
    ("gradients", ["/panneau gradients"]),
    ("echelle", ["/panneau echelle"]),
    ("superposition", ["/panneau superposition"]),
    ("sortie", ["/panneau sortie"]),
    ("lentille", ["/panneau lentille"]),
    ("raschka", ["/panneau raschka"]),
    ("parametres", ["/panneau aucun", "/parametres"]),
    ("vitesse", ["/vue vitesse 0,5"]),
    ("couches6", ["/couches 6"]),
    ("dimension16", ["/dimension 16"]),
    ("aide", ["/aide", "/vue vitesse 9", "/lecture 2,5"]),
    ("presentateur", ["/presentateur on"]),
    ("lecon", ["/lecon ouvrir transformer-bloc", "/lecon suivant", "/lecon suivant"]),
    ("lecon_fin", ["/lecon suivant", "/lecon reveler"]),
]


def window_texts(exe, xvfb, lang, work, states=None):
    """Runs the window once through every state; returns {state: text}, --stats' output."""
    states = states or STATES
    actions = []
    for name, commands in states:
        actions += [f"command {c}" for c in commands] + [f"texts {work}/{lang}_{name}.txt"]
    env = dict(os.environ, XDG_CONFIG_HOME=f"{work}/config", TRANSFORMER_BLOC_TEST_ACTIONS="\n".join(actions))
    cmd = [exe, "--size", "1600x900", "--lang", lang, "--stats", "--screenshot", f"{work}/{lang}.png"]
    if xvfb:
        cmd = [xvfb, "-a", "-s", "-screen 0 1600x900x24"] + cmd
    code, out, err = run(cmd, env=env)
    if code != 0:
        raise SystemExit(f"the window exited with {code}: {err[-2000:]}")
    texts = {}
    for name, _ in states:
        with open(f"{work}/{lang}_{name}.txt", encoding="utf-8") as f:
            texts[name] = f.read()
    return texts, out


def expect(cond, message, bad):
    if not cond:
        bad.append(message)


def console_checks(exe, work):
    """The console's texts for people, and the lines for machines."""
    bad = []
    code, out, err = run([exe, "--headless"])  # the summary of the start-up state
    bad += check_people(out, "fr", "--headless (summary)")
    code, out, err = run([exe, "--headless", "--run", "/parametres"])
    bad += breakdown_faults(out, "--headless --run /parametres")
    code, out, err = run([exe, "--parametres", "--preset", "gpt2-small"])
    bad += breakdown_faults(out, "--parametres --preset gpt2-small")
    expect(out.endswith("total: 124439808\n"), "--parametres --preset gpt2-small: last line not `total: 124439808`", bad)
    expect(group(124439808, NNBSP) in out, "--parametres --preset gpt2-small: no « 124 439 808 » (U+202F) in the table", bad)
    code, out, err = run([exe, "--parametres", "--preset", "gpt2-small", "--lang", "en"])
    bad += breakdown_faults(out, "--parametres --preset gpt2-small --lang en")
    expect(out.startswith("Parameters"), "--parametres --lang en: the table is not in English", bad)
    expect(group(124439808, ",") in out, "--parametres --lang en: no « 124,439,808 »", bad)
    expect(out.endswith("total: 124439808\n"), "--parametres --lang en: last line not `total: 124439808`", bad)
    for lang, first in (("fr", ""), ("en", "/langue en; ")):
        code, out, err = run([exe, "--headless", "--run", first + "/aide"])
        bad += check_people(out, lang, f"/aide ({lang})")
        for wrong in ("/graine abc", "/phrase " + "mot " * 300):  # a range up to 2⁶⁴ − 1; a line of 1 208 bytes
            code, out, err = run([exe, "--headless", "--run", first + wrong])
            expect(code == 2, f"« {wrong[:20]} » was not refused", bad)
            bad += check_people(err.split("\n")[0], lang, f"the error of « {wrong[:20]} » ({lang})")
        d = f"{work}/{lang}"
        os.makedirs(d, exist_ok=True)
        code, out, err = run([exe, "--headless", "--run",
                              f"{first}/couches 6; /exporter fiche {d}/fiche.md; /exporter parametres {d}/parametres.md; "
                              f"/exporter profil {d}/profil.csv", "--trace", f"{d}/trace.json"])
        expect(code == 0, f"exports ({lang}) failed: {err}", bad)
        with open(f"{d}/fiche.md", encoding="utf-8") as f:
            bad += yaml_comment_faults(f.read(), lang, f"fiche ({lang})")
        with open(f"{d}/parametres.md", encoding="utf-8") as f:
            md = f.read()
        bad += check_people(md, lang, f"parametres.md ({lang})")
        expect(group(124439808, NNBSP if lang == "fr" else ",") in md, f"parametres.md ({lang}): GPT-2 small's total not grouped", bad)
        with open(f"{d}/profil.csv", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        for row in rows[1:]:
            for cell in [row[0]] + row[2:]:
                try:
                    float(cell)
                except ValueError:
                    bad.append(f"profil.csv ({lang}): « {cell} » is not a machine number")
        with open(f"{d}/trace.json", encoding="utf-8") as f:
            raw = f.read()
        trace = json.loads(raw)
        expect(NNBSP not in raw, f"trace.json ({lang}): U+202F in the JSON", bad)
        expect(isinstance(trace["parameters"]["total"], int), f"trace.json ({lang}): total not a JSON number", bad)
    return bad


def self_test():
    bad = check_people("0.371 · 2,83 · 1 744 · 12 × 7087872 · 3488 · 1\u00a0744 · graine 1234 · GPT-2 · 2017", "fr", "t")
    assert len(bad) == 5, bad
    assert not check_people("0,371 · 1\u202f744 · 124\u202f439\u202f808 · 10⁻⁵ · 1..4 · 1600x900\n> /vue vitesse 0.5", "fr", "t")
    assert len(check_people("0,5 · 1\u202f744 · 3488 · Paramètres", "en", "t")) == 4
    assert not check_people("panel \u201cneurones\u201d open · /panneau <neurones|norme>", "en", "t")
    assert len(check_people("panel « neurones » open", "en", "t")) == 1
    assert not check_people("0.5 · 1,744 · 124,439,808 · 31.0%", "en", "t")
    assert breakdown_faults("Paramètres — x\n  a  f = 1  2\n  bb f  3\ntotal: 3\n", "t")
    assert yaml_comment_faults("x\n```yaml\nlayers: 2  # every token\n```\n", "fr", "t")
    print("self-test: ok")


def counter_test(exe, xvfb, work):
    """The top bar's counter read back from the window exactly, U+202F included (2 blocks of
    4(d² + d) + 2dw + w + d + 4d = 872 with d = 8, w = 32; plus V·d (V from the trace) and the final 2d)."""
    bad = []
    for lang, words in (("fr", "paramètres : blocs {} · total {}"), ("en", "parameters: blocks {} · total {}")):
        sep = NNBSP if lang == "fr" else ","
        run([exe, "--headless", "--trace", f"{work}/start.json"])
        with open(f"{work}/start.json", encoding="utf-8") as f:
            vocabulary = json.load(f)["vocabulary_size"]
        counter = words.format(group(2 * 872, sep), group(2 * 872 + vocabulary * 8 + 16, sep))
        lines = window_texts(exe, xvfb, lang, work, [("start", [])])[0]["start"].splitlines()
        if not any(re.search(r"(^| )" + re.escape(counter) + r"( |$)", line) for line in lines):
            bad.append(f"{lang}: « {counter} » is not read back; lines: {lines}")
    print("\n".join(bad) or "ok")
    return 1 if bad else 0


def main(argv):
    if argv[1:2] == ["--self-test"]:
        return self_test()
    if "--counter" in argv:
        xvfb = argv[argv.index("--xvfb") + 1] if "--xvfb" in argv else None
        return counter_test(argv[1], xvfb, tempfile.mkdtemp(prefix="counter_"))
    if argv[1:2] == ["--people"]:
        bad = []
        for path in argv[3:]:
            with open(path, encoding="utf-8") as f:
                bad += check_people(f.read(), argv[2], path)
        print("\n".join(bad) or "ok")
        return 1 if bad else 0
    exe = argv[1]
    xvfb = argv[argv.index("--xvfb") + 1] if "--xvfb" in argv else None
    keep = argv[argv.index("--keep") + 1] if "--keep" in argv else None
    work = keep or tempfile.mkdtemp(prefix="number_rule_")
    os.makedirs(work, exist_ok=True)
    bad = console_checks(exe, work)
    for lang in ("fr", "en"):
        texts, stats = window_texts(exe, xvfb, lang, work)
        for name, text in texts.items():
            bad += check_people(text, lang, f"window {lang} {name}")
        bad += check_machine_lines(stats, f"--stats ({lang})")
        expect(re.search(r"^frames: [0-9]+$", stats, re.M), f"--stats ({lang}): no `frames: N` line", bad)
        counter = group(1744, NNBSP if lang == "fr" else ",")
        expect(counter in texts["start"], f"window {lang}: the top bar's counter « {counter} » is not on screen", bad)
    english = texts["start"]
    expect("Welcome" in english and "Bienvenue" not in english, "window en: the welcome is not in English", bad)
    print("\n".join(bad))
    print(f"{len(bad)} violation(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
