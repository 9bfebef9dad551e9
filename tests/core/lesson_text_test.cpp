// A lesson's {placeholders} (core/course/lesson_text.h): filled from the live trace in the interface's
// language, each figure checked against one recomputed here from the trace's vectors; an unknown,
// malformed or unfillable one refused when the lesson opens, with its line.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "course/lesson.h"
#include "course/lesson_text.h"
#include "../support.h"

namespace tb {
namespace {

using test::session;

const std::string kNnbsp = "\u202F";


// A number as a person reads it back: French "0,98" / "1 744", English "0.98" / "1,744".
double read_back(std::string s, Language language) {
    std::string plain;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, kNnbsp.size(), kNnbsp) == 0) {
            i += kNnbsp.size() - 1;
            continue;
        }
        const char c = s[i];
        if (language == Language::French ? c == ',' : c == '.') plain += '.';
        else if (language == Language::English && c == ',') continue;
        else plain += c;
    }
    return std::stod(plain);
}

std::string fill(const std::string& text, const Trace& t, Language l) { return fill_lesson_text(text, t, l); }

TEST(LessonText, CosinesAndNormsAreTheTracesInBothLanguages) {
    for (const char* script : {"", "/residuel off", "/couches 6; /residuel off; /norme aucune", "/norme aucune; /couches 3"})
        for (int seed : {1, 7, 2017}) {
            const auto t = session("/graine " + std::to_string(seed) + "; " + script).trace();
            const int layers = t->settings.layers;
            for (Language l : {Language::French, Language::English}) {
                const std::string wrong = l == Language::French ? "." : ",";
                auto check = [&](const std::string& name, double expected, double tolerance) {
                    const std::string shown = fill("{" + name + "}", *t, l);
                    EXPECT_EQ(shown.find(wrong), std::string::npos) << name << " " << shown;
                    EXPECT_NEAR(read_back(shown, l), expected, tolerance) << name << " " << script << " seed " << seed;
                };
                check("cos_entree", test::mean_cosine_by_hand(t->levels[0].vectors), 0.005);
                check("cos_moyen", test::mean_cosine_by_hand(t->levels.back().vectors), 0.005);
                for (int k = 1; k <= layers; ++k) {
                    check("cos_bloc" + std::to_string(k), test::mean_cosine_by_hand(t->levels[2 * k].vectors), 0.005);
                    const double n = test::mean_norm_by_hand(t->levels[2 * k].vectors);
                    check("norme_bloc" + std::to_string(k), n, n * 0.005);  // three significant digits
                }
                const double in = test::mean_norm_by_hand(t->levels[0].vectors), out = test::mean_norm_by_hand(t->levels.back().vectors);
                check("norme_entree", in, in * 0.005);
                check("norme_sortie", out, out * 0.005);
                const std::string ratio = fill("{norme_rapport}", *t, l);
                const bool up = out > in;
                ASSERT_EQ(ratio.rfind(up ? "× " : "÷ ", 0), 0u) << ratio;
                const double factor = read_back(ratio.substr(ratio.find(' ') + 1), l);
                EXPECT_NEAR(factor, up ? out / in : in / out, 0.05 * factor + 0.5 * (factor >= 10)) << ratio;
            }
        }
}

TEST(LessonText, CountsAndSettingsWithTheirThousandsSeparators) {
    // L = 2, d = 8, w = 32: attention 4(64 + 8) = 288, FFN 8·32 + 32 + 32·8 + 8 = 552, norms 2·2·8 = 32.
    const auto t = session().trace();
    const long long vocabulary = t->vocabulary_size;
    const long long blocks = 2 * (288 + 552 + 32), total = blocks + vocabulary * 8 + 2 * 8;
    ASSERT_EQ(blocks, 1744);
    const std::string text = "{graine} {L} {d} {w} {n} {blocs} {attention_bloc} {ffn_bloc}";
    EXPECT_EQ(fill(text, *t, Language::French), "2017 2 8 32 5 1" + kNnbsp + "744 288 552");
    EXPECT_EQ(fill(text, *t, Language::English), "2017 2 8 32 5 1,744 288 552");
    const std::string total_fr = fill("{total}", *t, Language::French);
    EXPECT_EQ(read_back(total_fr, Language::French), double(total));
    EXPECT_NE(total_fr.find(kNnbsp), std::string::npos) << total_fr;
    const auto six = session("/couches 6; /dimension 16").trace();
    // Per block at d = 16: attention 1 088, FFN 16·32·2 + 32 + 16 = 1 072, norms 64: 2 224, × 6 = 13 344.
    EXPECT_EQ(fill("{blocs} {attention_bloc}", *six, Language::French), "13" + kNnbsp + "344 1" + kNnbsp + "088");
    EXPECT_EQ(fill("{blocs} {attention_bloc}", *six, Language::English), "13,344 1,088");
}

TEST(LessonText, BracesNamesAndTextAroundThem) {
    const auto t = session().trace();
    const std::string fr = fill("Le cosinus moyen vaut {cos_moyen} ; {{accolades}} ; {Norme_Entrée}.", *t, Language::French);
    EXPECT_EQ(fr.find('{'), fr.rfind('{'));  // one brace left: the written {{
    EXPECT_NE(fr.find("{accolades}"), std::string::npos) << fr;
    EXPECT_EQ(fr.rfind("Le cosinus moyen vaut 0,", 0), 0u) << fr;
    EXPECT_EQ(fill("sans champ", *t, Language::English), "sans champ");
    EXPECT_EQ(fill("{cos_bloc4} {cos", *t, Language::French), "— {cos");  // L = 2 here; a broken one stays
}

std::optional<LessonError> open_error(const std::string& text) {
    const LessonParse p = load_lesson(text, session());
    EXPECT_FALSE(p.ok()) << text;
    if (p.ok()) return std::nullopt;
    return p.error;
}

TEST(LessonText, UnknownOrMalformedPlaceholderIsRefusedAtOpenWithItsLine) {
    const std::string head = "leçon: Essai | Test\n[étape] Un | One\ncommande: /residuel off\n";
    struct Case { std::string line, fr_part; };
    for (const Case& c : {Case{"fr: le cosinus vaut {cos}.", "champ inconnu « {cos} »"},
                          Case{"fr: le cosinus vaut {cos_moyen.", "accolade « { » sans « } »"},
                          Case{"fr: une accolade } seule.", "accolade fermante « } » seule"},
                          Case{"fr: rien {} ici.", "champ vide « {} »"},
                          Case{"fr: {cos_bloc3} au bloc 3.", "« {cos_bloc3} » lit le bloc 3, or la pile n'a ici que L = 2 blocs"}}) {
        const auto e = open_error(head + c.line + "\nen: Look.\n");
        ASSERT_TRUE(e.has_value()) << c.line;
        EXPECT_EQ(e->line, 4) << c.line;
        EXPECT_EQ(e->message.rfind("ligne 4 : ", 0), 0u) << e->message;
        EXPECT_NE(e->message.find(c.fr_part), std::string::npos) << e->message;
        EXPECT_EQ(e->english.rfind("line 4: ", 0), 0u) << e->english;
    }
    // An English line is checked too, and a question before its commands have run (L = 2 there).
    const auto en = open_error(head + "fr: Regarde.\nen: the cosine is {cosine}.\n");
    ASSERT_TRUE(en.has_value());
    EXPECT_EQ(en->line, 5);
    const auto question = open_error("[étape] Six | Six\nquestion fr: Au bloc 6, {cos_bloc6} ?\nquestion en: At block 6?\n"
                                     "commande: /couches 6\nfr: Regarde.\nen: Look.\nréponse fr: {cos_bloc6}.\nréponse en: {cos_bloc6}.\n");
    ASSERT_TRUE(question.has_value());
    EXPECT_EQ(question->line, 2);
    // Once /couches 6 has run, the text and the answer may read block 6.
    EXPECT_TRUE(load_lesson("[étape] Six | Six\nquestion fr: Et à six blocs ?\nquestion en: And six blocks?\n"
                            "commande: /couches 6\nfr: {cos_bloc6}.\nen: {norme_bloc6}.\nréponse fr: {cos_bloc6}.\n"
                            "réponse en: {cos_bloc6}.\n",
                            session())
                    .ok());
}

// docs/lessons.md's table (« Écrire une leçon ») and the code list the same names.
TEST(LessonText, EveryNameTheReadmeListsIsKnownAndEveryKnownNameIsListed) {
    std::ifstream in(TB_ASSETS_DIR "/../docs/lessons.md");
    std::stringstream doc;
    doc << in.rdbuf();
    const std::string text = doc.str();
    ASSERT_NE(text.find("### Chiffres en direct"), std::string::npos);
    const auto names = placeholder_names();
    EXPECT_EQ(names.size(), 25u + 2u * 6u);
    for (const auto& name : names) {
        std::vector<PlaceholderUse> uses;
        EXPECT_FALSE(scan_placeholders("{" + name + "}", uses).has_value()) << name;
        const bool block = name.rfind("cos_bloc", 0) == 0 || name.rfind("norme_bloc", 0) == 0;
        const std::string listed = block ? "`{" + name.substr(0, name.size() - 1) + "K}`" : "`{" + name + "}`";
        EXPECT_NE(text.find(listed), std::string::npos) << listed << " is not in docs/lessons.md";
    }
    // Every `{name}` of the table's first column is one the lesson accepts.
    for (std::size_t at = text.find("\n| `{"); at != std::string::npos; at = text.find("\n| `{", at + 1)) {
        const std::string row = text.substr(at + 3, text.find('|', at + 3) - at - 3);
        for (std::size_t b = row.find("`{"); b != std::string::npos; b = row.find("`{", b + 1)) {
            std::string name = row.substr(b + 1, row.find('`', b + 1) - b - 1);
            if (name.find('K') != std::string::npos) name.replace(name.find('K'), 1, "1");
            std::vector<PlaceholderUse> uses;
            EXPECT_FALSE(scan_placeholders(name, uses).has_value()) << name;
        }
    }
}

}  // namespace
}  // namespace tb
