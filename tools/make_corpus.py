#!/usr/bin/env python3
"""Writes the built-in training corpora, assets/corpus/grammaire.txt and assets/corpus/interne.txt.

Run once from the repository root (python3 tools/make_corpus.py); the files are committed, this
script says how they were made. Python stdlib only, a fixed seed: the same files every time.

The grammar is issue 15's « le|la + nom, verbe, le|la + nom » with an adjective on the subject in
30 % of the sentences, written as French writes it: the article agrees with its noun (le chat,
la souris), the adjective too (la petite souris, la voiture noire), and it stands where French puts
it: petit, grand, vieux before the noun, noir, blanc, rouge after it. So a sentence has 5 words,
or 6 with its adjective.
"""
import os
import random

SEED = 15
NOUNS = {"chat": "le", "chien": "le", "souris": "la", "garçon": "le", "fille": "la",
         "professeur": "le", "voiture": "la", "livre": "le"}
VERBS = ["regarde", "mange", "voit", "cherche", "aime", "suit", "trouve", "attend"]
# adjective: (masculine, feminine, before the noun)
ADJECTIVES = [("petit", "petite", True), ("grand", "grande", True), ("noir", "noire", False),
              ("blanc", "blanche", False), ("rouge", "rouge", False), ("vieux", "vieille", True)]
ADJECTIVE_SHARE = 0.3

# The channel's own sentences (seed 001, the README, the lesson).
CHANNEL = """le chat regarde le chien
le chien regarde le chat
le chien regarde la souris
la souris mange le fromage
le chat dort
le chien dort
le petit chat dort sur le tapis rouge
le petit chat noir dort sur le tapis
le petit chat regarde le gros chien noir
le chat regarde le chien qui dort là
l'homme mange une pomme
l'homme mange une pomme rouge
thomas pesquet est un astronaute de la station
bonjour le monde""".split("\n")

# Facts in seed 004's spirit (« Thomas Pesquet → astronaute »): short, and known to a class.
FACTS = """thomas pesquet est astronaute
thomas pesquet est un astronaute français
thomas pesquet part dans l'espace
thomas pesquet vit dans la station
proxima est la mission de thomas pesquet
l'iss est une station spatiale
l'iss tourne autour de la terre
la fusée part vers l'espace
la terre tourne autour du soleil
la lune tourne autour de la terre
la lune est un satellite de la terre
la terre est une planète
mars est une planète rouge
le soleil est une étoile
le soleil brille le jour
la lune brille la nuit
les étoiles brillent la nuit
le ciel est bleu
la nuit le ciel est noir
l'herbe est verte
la neige est blanche
la neige est froide
le feu est chaud
l'hiver est froid
l'été est chaud
le lait est blanc
la mer est salée
le poisson vit dans l'eau
les poissons vivent dans la mer
les oiseaux volent dans le ciel
le chat boit du lait
la souris mange du fromage
le chien aime les os
la vache donne du lait
l'abeille fait du miel
la pomme est un fruit
paris est la capitale de la france
la tour eiffel est à paris
la seine passe à paris
le mont blanc est une montagne
la france est un pays
une semaine a sept jours
un an a douze mois
une heure a soixante minutes
deux et deux font quatre
trois et trois font six
cinq et cinq font dix
le chat est un animal
le chien est un animal
les élèves apprennent à l'école
le professeur explique la leçon
les élèves écoutent le professeur""".split("\n")


def noun_phrase(noun, adjective=None):
    article = NOUNS[noun]
    if adjective is None:
        return [article, noun]
    masculine, feminine, before = adjective
    form = masculine if article == "le" else feminine
    return [article, form, noun] if before else [article, noun, form]


def grammar_sentences(rng, count, taken):
    """count distinct sentences, exactly round(30 %) of them with an adjective, none in taken."""
    with_adjective = set(rng.sample(range(count), round(ADJECTIVE_SHARE * count)))
    nouns = list(NOUNS)
    out = []
    for k in range(count):
        while True:
            subject, obj = rng.sample(nouns, 2)  # two different nouns
            adjective = rng.choice(ADJECTIVES) if k in with_adjective else None
            words = noun_phrase(subject, adjective) + [rng.choice(VERBS)] + noun_phrase(obj)
            sentence = " ".join(words)
            if sentence not in taken:
                break
        taken.add(sentence)
        out.append(sentence)
    return out


def write(path, header, sections):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(header)
        for title, lines in sections:
            f.write(f"\n# {title}\n")
            f.write("".join(line + "\n" for line in lines))


def main():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "corpus")
    os.makedirs(here, exist_ok=True)
    rng = random.Random(SEED)
    made_by = "# Écrit par tools/make_corpus.py (graine {}) ; une phrase par ligne.\n".format(SEED)

    grammar = grammar_sentences(rng, 360, set())
    write(os.path.join(here, "grammaire.txt"),
          "# La grammaire de l'issue 15 : le|la + nom, verbe, le|la + nom ; un adjectif sur le sujet\n"
          "# dans 30 % des phrases.\n" + made_by,
          [("grammaire", grammar)])

    taken = set(CHANNEL) | set(FACTS)
    bulk = grammar_sentences(rng, 300, taken)
    write(os.path.join(here, "interne.txt"),
          "# Le corpus d'entraînement intégré : la grammaire, les phrases du canal, des faits.\n" + made_by,
          [("grammaire : le|la + nom, verbe, le|la + nom", bulk),
           ("phrases du canal", CHANNEL),
           ("faits", FACTS)])


if __name__ == "__main__":
    main()
