// A link (core/commands/link.h): the fragment read strictly (cli.md's "#/couches 6;/residuel off", percent-encoded
// as browsers do), written back, and the policy of what an untrusted link may run. Expected values
// are written by hand from RFC 3986's percent-encoding and the spec's list of what a link may do.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "commands/link.h"

namespace tb {
namespace {

using Lines = std::vector<std::string>;

Lines decoded(const std::string& fragment) {
    const LinkLines read = decode_link(fragment);
    EXPECT_FALSE(read.error) << fragment << " : " << read.error->fr;
    return read.lines;
}

// The French refusal of a fragment, which must give no line.
std::string refusal_of(const std::string& fragment) {
    const LinkLines read = decode_link(fragment);
    EXPECT_TRUE(read.error) << fragment;
    EXPECT_TRUE(read.lines.empty()) << fragment;
    if (!read.error) return {};
    EXPECT_NE(read.error->fr.find("(rien n'a été changé)"), std::string::npos) << read.error->fr;
    EXPECT_NE(read.error->en.find("(nothing was changed)"), std::string::npos) << read.error->en;
    return read.error->fr;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(LinkFragment, ReadsTheSpecExampleAsBrowsersEncodeIt) {
    EXPECT_EQ(decoded("#/couches%206;/residuel%20off"), (Lines{"/couches 6", "/residuel off"}));
    EXPECT_EQ(decoded("/couches%206;/residuel%20off"), (Lines{"/couches 6", "/residuel off"}));  // '#' optional
    EXPECT_EQ(decoded("#/couches 6;/residuel off"), (Lines{"/couches 6", "/residuel off"}));    // typed by hand
    // %3B and %23 stay inside their line: the pieces are cut before decoding, never after.
    EXPECT_EQ(decoded("#/phrase%20a%3Bb%20%231"), (Lines{"/phrase a;b #1"}));
    EXPECT_EQ(decoded("#/phrase%20l'%c3%a9l%C3%A8ve%20100%25"), (Lines{"/phrase l'élève 100%"}));  // either case
    EXPECT_EQ(decoded("#/taux%200,0005;/phrase%20a+b"), (Lines{"/taux 0,0005", "/phrase a+b"}));  // '+' is a plus
    // Blanks around a line and empty pieces are dropped; an empty fragment holds no line.
    EXPECT_EQ(decoded("#;;%20/aide%20;;"), (Lines{"/aide"}));
    EXPECT_EQ(decoded(""), Lines{});
    EXPECT_EQ(decoded("#"), Lines{});
}

TEST(LinkFragment, RefusesWhatIsNotStrictlyEncoded) {
    for (const std::string bad : {"#/couches%206%", "#/couches%2", "#/couches%zz6", "#/couches%2G", "#%%20"})
        EXPECT_TRUE(has(refusal_of(bad), "n'est pas un octet codé %XX")) << bad;
    // Bytes that are not UTF-8 once decoded: a lone lead byte, 0xFF, an overlong '/', a raw Latin-1 é.
    for (const std::string bad : {"#/phrase%20%C3", "#/phrase%20%FF", "#%C0%AFcouches", "#/phrase \xE9t\xE9"})
        EXPECT_TRUE(has(refusal_of(bad), "n'est pas du texte UTF-8 valide")) << bad;
    // A control character, encoded or raw: a new line, a tab, DEL, C1's NEL.
    for (const std::string bad : {"#/couches%0A6", "#/couches%096", "#/couches 6\n", "#/aide%7F", "#/aide%C2%85"})
        EXPECT_TRUE(has(refusal_of(bad), "caractère de contrôle")) << bad;
    EXPECT_TRUE(has(refusal_of("#/aide;/aide;/couches%0A3"), "la commande 3")) << "names the piece";
    EXPECT_TRUE(has(refusal_of("#" + std::string(kMaxLinkBytes + 1, 'a')), "trop long"));
    std::string many = "#";
    for (std::size_t i = 0; i <= kMaxLinkLines; ++i) many += "/aide;";
    EXPECT_TRUE(has(refusal_of(many), "trop de commandes (65, 64 au plus)"));
}

TEST(LinkFragment, WritesWhatItReadsBack) {
    EXPECT_EQ(encode_link({"/couches 6", "/residuel off"}), "#/couches%206;/residuel%20off");
    EXPECT_EQ(encode_link({}), "#");
    // é = C3 A9, è = C3 A8, « = C2 AB; ';' 3B, '#' 23, '%' 25, '"' 22, '[' 5B, ']' 5D.
    EXPECT_EQ(encode_link_line("/phrase l'élève ; #1 100%"), "/phrase%20l'%C3%A9l%C3%A8ve%20%3B%20%231%20100%25");
    EXPECT_EQ(encode_link_line("/phrase « le [masque] »"), "/phrase%20%C2%AB%20le%20%5Bmasque%5D%20%C2%BB");
    EXPECT_EQ(encode_link_line("/taux 0,0005"), "/taux%200,0005");
    EXPECT_EQ(encode_link_line("a\"b\\c<d>e`f{g}h|i^j"), "a%22b%5Cc%3Cd%3Ee%60f%7Bg%7Dh%7Ci%5Ej");
    EXPECT_EQ(encode_link_line("-._~!$&'()*+,=:@/?"), "-._~!$&'()*+,=:@/?");  // RFC 3986's fragment characters
    // Every printable ASCII character and a few others come back whole, each line on its own.
    std::string ascii;
    for (char c = ' '; c < 127; ++c) ascii += c;
    const Lines lines = {"/phrase " + ascii, "/phrase œuf à l'été ; ü 中文 🙂", "/b /residuel off"};
    EXPECT_EQ(decoded(encode_link(lines)), lines);
}

// The policy, line by line: what a link may run (cli.md: the settings, the view and the step, a
// built-in lesson by name, a bounded training), and the reason given for the rest.
TEST(LinkPolicy, AllowsTheSettingsTheViewAndBoundedTraining) {
    const Lines allowed = {
        "/couches 6", "/résiduel OFF", "couches 3", "/position rope", "/norme aucune", "/normalisation rmsnorm", "/ffn 48",
        "/dimension 16", "/masque causal", "/activation swiglu", "/tetes 4 2", "/recette llama", "/lot 8", "/taux 0,0005",
        "/phrase l'élève ; regarde", "/etape 3", "/graine 12345", "/propager", "/melanger", "/reinit", "/parametres",
        "/langue en", "/aide", "/aide exporter", "/lien", "/vue texte 1,5", "/vue plein-ecran on", "/vue tete 2",
        "/vue vitesse 0,5", "/vue echelle lineaire", "/lecture play", "/lecture 2,5", "/panneau attention",
        "/presentateur on", "/theme clair", "/comparer on", "/b /residuel off", "/b dimension 16", "/b /tetes 8 2",
        "/entrainer 3000", "/entrainer 1", "/entrainer stop", "/entrainer STOP", "/graines 1..10 300", "/graines 1..32 90",
        "/corpus interne", "/corpus grammaire", "/lecon ouvrir transformer-bloc", "/lecon ouvrir ma_lecon-2",
        "/lecon suivant", "/lecon precedent", "/lecon reveler", "/lecon fermer", "/lecon",
        // Generation: bounded by its commands (1..7 words, up to 8 tokens; 0..2), no file, no weight changed.
        "/generer 3", "/Générer 7", "/temperature 0,8", "/cache off", "/cache on"};
    for (const std::string& line : allowed) {
        const auto why = link_line_refusal(line);
        EXPECT_FALSE(why) << line << " : " << why->fr;
    }
    EXPECT_FALSE(link_refusal(allowed));
}

TEST(LinkPolicy, RefusesFilesTheStoredSessionUnboundedTrainingAndUnknownCommands) {
    const std::string files = "un lien ne peut pas enregistrer, exporter ni ouvrir de fichier : ";
    const std::string lesson = "un lien n'ouvre qu'une leçon intégrée, par son nom";
    const std::string training = "un lien entraîne au plus 3\u202F000 pas (/entrainer 1 à 3\u202F000, stop)";
    const std::string sweep = "un lien entraîne au plus 3\u202F000 pas en tout (/graines A..B N : graines × N, au plus 32 graines)";
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"/exporter trace a.json", files}, {"/exporter image x.png", files}, {"/Exporter svg", files},
        {"/session enregistrer s.json", files}, {"/session ouvrir s.json", files}, {"/session", files},
        {"/corpus ouvrir phrases.txt", files}, {"/corpus ouvrir", files},
        {"/lecon ouvrir ../secret.txt", lesson}, {"/lecon ouvrir /etc/passwd", lesson}, {"/lecon ouvrir lecon.txt", lesson},
        {"/lecon ouvrir .cache", lesson}, {"/lecon ouvrir -x", lesson}, {"/lecon ouvrir a b", lesson},
        {"/lecon ouvrir \"transformer-bloc\"", lesson}, {"/lecon ouvrir", lesson}, {"/lecon detruire", lesson},
        {"/entrainer 3001", training}, {"/entrainer 10000", training}, {"/entrainer", training}, {"/entrainer 5 6", training},
        {"/entrainer -1", training}, {"/entrainer beaucoup", training},
        {"/graines 1..11 300", sweep}, {"/graines 1..33 1", sweep}, {"/graines 5..1 10", sweep}, {"/graines 1..2", sweep},
        {"/b /exporter svg a.svg", "sur le côté B, un lien ne change que des réglages"},
        {"/b /b /couches 3", "sur le côté B, un lien ne change que des réglages"},
        {"/b /generer 3", "sur le côté B, un lien ne change que des réglages"},
        {"/exporter generation g.json", files}, {"/couhces 6", "/couhces ne peut pas venir d'un lien"},
        {"/", "ne peut pas venir d'un lien"}};
    for (const auto& [line, reason] : refused) {
        const auto why = link_line_refusal(line);
        ASSERT_TRUE(why) << line;
        EXPECT_TRUE(has(why->fr, reason)) << line << " : " << why->fr;
        EXPECT_TRUE(has(why->fr, "refusé")) << why->fr;
        EXPECT_FALSE(why->en.empty());
    }
    const auto svg = link_line_refusal("/exporter svg a.svg");
    ASSERT_TRUE(svg);
    EXPECT_EQ(svg->fr, files + "« /exporter svg a.svg » refusé");
    EXPECT_EQ(svg->en, "a link may not save, export or open a file: “/exporter svg a.svg” refused");
    // A whole link: the first refused line, and nothing changed.
    const auto why = link_refusal({"/couches 3", "/session ouvrir s.json", "/exporter trace t.json"});
    ASSERT_TRUE(why);
    EXPECT_EQ(why->fr, files + "« /session ouvrir s.json » refusé (rien n'a été changé)");
    EXPECT_EQ(why->en, "a link may not save, export or open a file: “/session ouvrir s.json” refused (nothing was changed)");
}

TEST(LinkPolicy, ReadLinkGivesLinesOnlyWhenEveryOneMayRun) {
    const LinkLines ok = read_link("#/couches%203;/entrainer%20300;/lecon%20ouvrir%20transformer-bloc");
    EXPECT_FALSE(ok.error);
    EXPECT_EQ(ok.lines, (Lines{"/couches 3", "/entrainer 300", "/lecon ouvrir transformer-bloc"}));
    const LinkLines refused = read_link("#/couches%203;/exporter%20trace%20%2Ftmp%2Fx.json");
    ASSERT_TRUE(refused.error);
    EXPECT_TRUE(refused.lines.empty());
    EXPECT_EQ(refused.error->fr,
              "un lien ne peut pas enregistrer, exporter ni ouvrir de fichier : « /exporter trace /tmp/x.json » refusé (rien n'a été changé)");
    const LinkLines bad = read_link("#/couches%ZZ3");
    ASSERT_TRUE(bad.error);
    EXPECT_TRUE(has(bad.error->fr, "lien refusé : « %ZZ » dans la commande 1 n'est pas un octet codé %XX"));
}

}  // namespace
}  // namespace tb
