// A session file keeps the generation (core/files/session_generation.h): /temperature, /cache, the
// draws and the last /generer, made again on opening and checked word for word. All or nothing: a
// tampered word or a bad field refuses the whole file and the session stays as it was; a file from
// before /generer opens as it did. Expected values: the commands typed (0,8 is 0.8; three words
// drawn), and the same log from the session that generated and from the one that reopened it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support.h"
#include "commands/generation_commands.h"
#include "files/session_file.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using nlohmann::json;

std::string saved(const Session& session, const std::string& name, std::string* reply = nullptr) {
    const std::string path = test::scratch("tb_session_generation", name).string();
    const CommandResult r = save_session(session, path, nullptr);
    EXPECT_TRUE(r.ok) << r.message;
    if (reply) *reply = r.message;
    return path;
}

void write(const std::string& path, const json& j) {
    std::ofstream(path, std::ios::binary) << j.dump(2);
}

// The whole visible state: the trace, the generation's settings and its log.
std::string state_of(const Session& s) {
    const GenerationState& g = s.generation();
    return trace_text(*s.trace()) + "|" + std::to_string(g.temperature) + (g.cache ? "on" : "off") + std::to_string(g.draws) + "|" +
           generation_log(s).value_or("none");
}

TEST(SessionGeneration, ATrainedGenerationReopensToTheSameLogByteForByte) {
    const Session made = test::session("/masque causal; /couches 1; /entrainer 50; /temperature 0,8; /phrase le chat; /generer 3");
    const std::string path = saved(made, "trained.json");
    Session reopened = test::session("/couches 2; /temperature 1,5; /cache off");
    const CommandResult r = open_session(reopened, path, nullptr);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_NE(r.message.find("dernière génération refaite, les mêmes 3 mots"), std::string::npos) << r.message;
    EXPECT_EQ(reopened.generation().temperature, 0.8);  // typed 0,8
    EXPECT_TRUE(reopened.generation().cache);
    EXPECT_EQ(reopened.generation().draws, 3);  // three words drawn since « le chat »
    ASSERT_TRUE(generation_log(made));
    EXPECT_EQ(*generation_log(reopened), *generation_log(made));
    EXPECT_EQ(trace_text(*reopened.trace()), trace_text(*made.trace()));
    // Saved again, the reopened session writes the same file: nothing was dropped on the way.
    std::string reply;
    EXPECT_EQ(test::read_file(saved(reopened, "again.json", &reply)), test::read_file(path));
    EXPECT_EQ(reply.find("génération"), std::string::npos) << reply;
    // The next draw continues the stream: the 4th, as in the session that never closed.
    Session continued = made;
    ASSERT_TRUE(test::registry().execute(continued, "/generer 1").ok);
    ASSERT_TRUE(test::registry().execute(reopened, "/generer 1").ok);
    EXPECT_EQ(json::parse(*generation_log(reopened))["sampling"]["first_draw"], 4);
    EXPECT_EQ(*generation_log(reopened), *generation_log(continued));
}

TEST(SessionGeneration, UntrainedWithoutTheCacheAndAfterTheMaskChanged) {
    // The seed's weights: the generation reopens on the weights the seed draws again.
    const Session off = test::session("/masque causal; /cache off; /phrase le chien; /generer 2");
    Session a = test::session();
    ASSERT_TRUE(open_session(a, saved(off, "off.json"), nullptr).ok);
    EXPECT_FALSE(a.generation().cache);
    EXPECT_EQ(*generation_log(a), *generation_log(off));
    // Untrained, the mask taken off again (bidirectional) keeps the seed's weights: the last generation stays.
    const Session back = test::session("/masque causal; /phrase le chien; /generer 2; /masque aucun");
    Session b = test::session();
    ASSERT_TRUE(open_session(b, saved(back, "back.json"), nullptr).ok);
    EXPECT_EQ(*generation_log(b), *generation_log(back));
    EXPECT_EQ(b.settings().mask, Mask::None);
}

TEST(SessionGeneration, AGenerationOnOtherWeightsIsNotSavedAndTheReplySaysSo) {
    const Session trained_after = test::session("/masque causal; /couches 1; /phrase le chat; /generer 1; /entrainer 5");
    std::string reply;
    const json file = json::parse(test::read_file(saved(trained_after, "dropped.json", &reply)));
    EXPECT_NE(reply.find("la dernière génération, faite avec d'autres poids que ceux du modèle, n'y est pas"), std::string::npos) << reply;
    EXPECT_FALSE(file["generation"].contains("last"));
    EXPECT_EQ(file["generation"]["draws"], 1);
}

TEST(SessionGeneration, ATamperedWordRefusesTheWholeFileAndChangesNothing) {
    const Session made = test::session("/masque causal; /couches 1; /entrainer 20; /phrase le chat; /generer 3");
    const std::string path = saved(made, "tampered.json");
    json file = json::parse(test::read_file(path));
    const int word = file["generation"]["last"]["tokens"][1];
    file["generation"]["last"]["tokens"][1] = word == 5 ? 6 : 5;  // another id of the vocabulary
    write(path, file);
    Session s = test::session("/couches 2; /temperature 1,5; /phrase la souris; /masque causal; /generer 1");
    const std::string before = state_of(s);
    const CommandResult r = open_session(s, path, nullptr);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message.rfind("session non ouverte : ", 0), 0u) << r.message;
    EXPECT_NE(r.message.find("la dernière génération ne se refait pas à l'identique : mot 2 enregistré « " +
                             test::vocabulary()->word(word == 5 ? 6 : 5) + " »"),
              std::string::npos)
        << r.message;
    EXPECT_NE(r.message.find("rien n'a changé"), std::string::npos);
    EXPECT_EQ(state_of(s), before);
}

TEST(SessionGeneration, EveryBadFieldIsRefusedWithItsReason) {
    const Session made = test::session("/masque causal; /phrase le chat; /generer 2");
    const json good = json::parse(test::read_file(saved(made, "good.json")));
    const std::vector<std::pair<std::function<void(json&)>, std::string>> bad = {
        {[](json& g) { g["temperature"] = 2.5; }, "« generation » : « temperature » : un nombre de 0 à 2 attendu (reçu « 2.5 »)"},
        {[](json& g) { g["cache"] = "oui"; }, "« generation » : « cache » : true ou false attendu"},
        {[](json& g) { g["draws"] = -1; }, "« generation » : « draws » : un entier de 0 à 6 attendu"},
        {[](json& g) { g["encore"] = 1; }, "« generation » : clé inconnue « encore »"},
        {[](json& g) { g.erase("draws"); }, "« generation » : « draws » absent"},
        {[](json& g) { g = json::array(); }, "« generation » doit être un objet"},
        {[](json& g) { g["last"]["tokens"] = json::array(); }, "« tokens » : une liste de 1 à 6 ids attendue (2 tokens avant, 8 au plus)"},
        {[](json& g) { g["last"]["tokens"] = {1, 2, 3, 4, 5, 6, 7}; }, "« tokens » : une liste de 1 à 6 ids attendue"},
        {[](json& g) { g["last"]["tokens"][0] = 100000; }, "« tokens » : un id de 0 à"},
        {[](json& g) { g["last"]["first_draw"] = 0; }, "« first_draw » : un entier de 1 à 8 attendu"},
        {[](json& g) { g["last"]["temperature"] = -0.5; }, "« last » : « temperature » : un nombre de 0 à 2 attendu"},
        {[](json& g) { g["last"]["settings"]["mask"] = "aucun"; }, "une génération se fait avec le masque causal"},
        {[](json& g) { g["last"]["settings"]["seed"] = 7; }, "pas le modèle de la session"},
        {[](json& g) { g["last"]["settings"]["ffn"] = 64; }, "pas le modèle de la session"},
        {[](json& g) { g["last"]["settings"]["sentence"] = "zzz"; }, "« last » : réglage « sentence »"},
        {[](json& g) { g["last"].erase("cache"); }, "« last » : « cache » absent"},
    };
    for (const auto& [change, reason] : bad) {
        json file = good;
        change(file["generation"]);
        const std::string path = test::scratch("tb_session_generation", "bad.json").string();
        write(path, file);
        Session s = test::session("/temperature 1,5");
        const std::string before = state_of(s);
        const CommandResult r = open_session(s, path, nullptr);
        EXPECT_FALSE(r.ok) << reason;
        EXPECT_NE(r.message.find(reason), std::string::npos) << r.message;
        EXPECT_EQ(state_of(s), before) << reason;
    }
}

TEST(SessionGeneration, AFileFromBeforeGenerationOpensAsItDid) {
    const Session made = test::session("/masque causal; /phrase le chat; /generer 2");
    json file = json::parse(test::read_file(saved(made, "old.json")));
    file.erase("generation");
    const std::string path = test::scratch("tb_session_generation", "old.json").string();
    write(path, file);
    // The session's own temperature, cache and last generation stay: the file says nothing of them.
    Session s = test::session("/masque causal; /temperature 1,5; /cache off; /phrase le chien; /generer 1");
    const std::string log = *generation_log(s);
    const CommandResult r = open_session(s, path, nullptr);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.message.find("génération"), std::string::npos) << r.message;
    EXPECT_EQ(trace_text(*s.trace()), trace_text(*made.trace()));
    EXPECT_EQ(s.generation().temperature, 1.5);
    EXPECT_FALSE(s.generation().cache);
    EXPECT_EQ(*generation_log(s), log);
}

// The fuzzer's seed (tests/fuzz/files/session_generation) reads whole, so that the fuzzer mutates a
// generation the reader accepts: its fields as written there by hand.
TEST(SessionGeneration, TheFuzzSeedIsAGenerationTheReaderAccepts) {
    SessionFile file;
    const auto error = parse_session(test::read_file(TB_SOURCE_DIR "/tests/fuzz/files/session_generation"), *test::vocabulary(), file);
    ASSERT_FALSE(error) << *error;
    ASSERT_TRUE(file.generation && file.generation->last);
    EXPECT_EQ(file.generation->draws, 3);
    EXPECT_EQ(file.generation->last->tokens, (std::vector<int>{12, 7, 30}));
    EXPECT_EQ(file.generation->last->settings.sentence, "la souris");
}

}  // namespace
}  // namespace tb
