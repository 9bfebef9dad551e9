// Hostile sizes (issue 17): every text that can reach the window is bounded where it enters, and
// JSON nesting before any copy. Each refusal says why and changes nothing.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "course/lesson.h"
#include "files/session_file.h"
#include "../support.h"
#include "model/trace_json.h"

namespace tb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string session_text(const std::string& sentence, const std::string& view = "{}") {
    Session s = test::session();
    json settings = settings_to_json(s.settings());
    settings["sentence"] = sentence;
    return "{\"format\": \"transformer-bloc-session\", \"version\": 1, \"settings\": " + settings.dump() +
           ", \"view\": " + view + "}";
}

TEST(Bounds, DeepJsonIsRefusedBeforeAnyCopy) {
    const Session source = test::session();
    // 140 000 levels in the view (280 KB, under the 1 MiB limit): used to crash copying the value.
    const std::string deep = std::string(140000, '[') + std::string(140000, ']');
    SessionFile out;
    out.settings.layers = 5;
    const auto error = parse_session(session_text("le chat mange", deep), source.vocabulary(), out);
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "le JSON s'imbrique sur plus de 64 niveaux");
    EXPECT_EQ(out.settings.layers, 5);
    // Brackets inside a string are text, not nesting.
    EXPECT_FALSE(parse_session(session_text("le chat mange", "{\"note\": \"" + std::string(100, '[') + "\"}"),
                               source.vocabulary(), out));
}

TEST(Bounds, LongWordsFromASessionFileAreRefused) {
    const Session source = test::session();
    SessionFile out;
    // Two words of 16 500 characters: headless used to accept them, the window aborted drawing them.
    const std::string w(16500, 'a');
    auto error = parse_session(session_text(w + " " + w), source.vocabulary(), out);
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "réglage « sentence » : la phrase dépasse 400 octets (reçu 33001) (reçu « \"" + std::string(39, 'a') + "… »)");
    error = parse_session(session_text("le " + std::string(200000, 'x')), source.vocabulary(), out);
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "réglage « sentence » : la phrase dépasse 400 octets (reçu 200003) (reçu « \"le " + std::string(36, 'x') + "… »)");
    // Short enough as a sentence, but one word longer than a label can be.
    error = parse_session(session_text("le " + std::string(49, 'x')), source.vocabulary(), out);
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "réglage « sentence » : un mot de la phrase dépasse 48 caractères (reçu 49) (reçu « \"le " + std::string(36, 'x') + "… »)");
    EXPECT_FALSE(parse_session(session_text("le " + std::string(48, 'x')), source.vocabulary(), out));
}

TEST(Bounds, TheSessionErrorNamesTheValueFound) {
    const Session source = test::session();
    json j = json::parse(session_text("le chat mange"));
    j["settings"]["layers"] = 9.5;
    SessionFile out;
    const auto error = parse_session(j.dump(), source.vocabulary(), out);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("(reçu « 9.5 »)"), std::string::npos) << *error;
}

TEST(Bounds, LongLessonTextsAreRefusedWithTheirLine) {
    // A paragraph of about 19 300 characters, in one line and over several.
    const std::string head = "[étape] Un | One\ncommande: /residuel off\n";
    LessonParse p = parse_lesson(head + "fr: " + std::string(19300, 'a') + "\nen: Look.\n");
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error.line, 3);
    EXPECT_EQ(p.error.message,
              "ligne 3 : paragraphe « fr: » trop long : 19300 octets (4000 au plus ; coupez-le en étapes)");
    std::string lines = head;
    for (int i = 0; i < 10; ++i) lines += "en: " + std::string(1000, 'b') + "\n";
    p = parse_lesson(lines + "fr: Regardez.\n");
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error.line, 6);  // the fourth line of 1000 makes 4003 bytes with the joining spaces
    // A 100 000-character step title.
    p = parse_lesson("[étape] " + std::string(100000, 't') + " | One\nfr: a\nen: b\n");
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error.line, 1);
    EXPECT_NE(p.error.message.find("200 octets au plus"), std::string::npos) << p.error.message;
}

// An error that quotes the file's text quotes a short, visible part of it: the log draws it.
TEST(Bounds, ErrorsQuoteLongFileTextShortened) {
    const LessonParse p = parse_lesson(std::string(100000, 'z') + "\n");
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error.message.rfind("ligne 1 : « " + std::string(80, 'z') + "… » n'est ni un commentaire", 0), 0u);
    EXPECT_LT(p.error.message.size(), 400u);
    const Session source = test::session();
    json j = json::parse(session_text("le chat mange"));
    j[std::string(100000, 'k')] = 1;
    SessionFile out;
    const auto error = parse_session(j.dump(), source.vocabulary(), out);
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "clé inconnue « " + std::string(80, 'k') + "… »");
}

TEST(Bounds, AVocabularyWordLongerThanALabelIsRefused) {
    const fs::path path = fs::temp_directory_path() / ("tb_vocabulary_" + std::to_string(::getpid()) + ".txt");
    std::ofstream(path) << "chat\n" << std::string(200000, 'w') << "\n";
    try {
        Vocabulary::load(path.string());
        ADD_FAILURE() << "a 200 000-character word was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "vocabulaire illisible : « " + path.string() +
                                             " » : un mot dépasse 48 caractères ou n'est pas de l'UTF-8");
    }
    fs::remove(path);
}

TEST(Bounds, CheckingALessonKeepsItsErrorsFrench) {
    const LessonParse p = parse_lesson(
        "[étape] Un | One\ncommande: /langue en\ncommande: /couches 9\nfr: Regardez.\nen: Look.\n");
    ASSERT_TRUE(p.ok());
    const auto error = check_lesson(*p.lesson, test::session());
    ASSERT_TRUE(error);
    EXPECT_EQ(error->message.rfind("ligne 3 : la commande « /couches 9 » est refusée : /couches attend", 0), 0u)
        << error->message;
}

}  // namespace
}  // namespace tb
