#include "course/lesson.h"

#include "base/files.h"
#include "base/numbers.h"
#include "commands/training_commands.h"
#include "base/utf8.h"

namespace tb {
namespace {

constexpr std::size_t kMaxLessonBytes = 256 * 1024;
// What one text item of the lesson panel may hold: ImGui draws an item's glyphs into one run of
// 16-bit indices (4 vertices a byte at most), so a paragraph stays well under 16 384 bytes.
constexpr std::size_t kMaxParagraphBytes = 4000;
constexpr std::size_t kMaxTitleBytes = 200;

// "Question  FR" -> "question fr": folded, single spaces, so keys are accent- and case-insensitive.
std::string key_of(std::string_view raw) {
    std::string folded = utf8::fold(trim(raw)), out;
    for (char c : folded) {
        if (c == ' ' || c == '\t') {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

LessonError error_at(int line, const std::string& fr, const std::string& en) {
    const std::string n = std::to_string(line);
    return {line, "ligne " + n + " : " + fr, "line " + n + ": " + en};
}

void append(std::string& paragraph, const std::string& more) {
    if (!paragraph.empty()) paragraph += ' ';
    paragraph += more;
}

// "Titre français | English title" -> both halves, trimmed; false when either is missing.
bool split_title(const std::string& value, std::string& fr, std::string& en) {
    const auto bar = value.find('|');
    if (bar == std::string::npos) return false;
    fr = trim(std::string_view(value).substr(0, bar));
    en = trim(std::string_view(value).substr(bar + 1));
    return !fr.empty() && !en.empty() && en.find('|') == std::string::npos && fr.size() <= kMaxTitleBytes &&
           en.size() <= kMaxTitleBytes;
}

const char* const kKeysFr =
    "commande, fr, en, question fr, question en, réponse fr, réponse en ou attendu";

// What a finished step must hold; the error points at its [étape] line.
std::optional<LessonError> check_step(const LessonStep& s) {
    const std::string name = "l'étape « " + s.title_fr + " »", name_en = "step \"" + s.title_en + "\"";
    auto missing = [&](const char* key) {
        return error_at(s.line, name + " n'a pas de ligne « " + key + ": » (attendu : " + key + ": suivi du texte)",
                        name_en + " has no \"" + key + ":\" line (expected: " + key + ": followed by the text)");
    };
    if (s.text_fr.empty()) return missing("fr");
    if (s.text_en.empty()) return missing("en");
    const bool any_question = !s.question_fr.empty() || !s.question_en.empty() || !s.answer_fr.empty() || !s.answer_en.empty();
    if (any_question) {
        if (s.question_fr.empty()) return missing("question fr");
        if (s.question_en.empty()) return missing("question en");
        if (s.answer_fr.empty()) return missing("réponse fr");
        if (s.answer_en.empty()) return missing("réponse en");
    }
    return std::nullopt;
}

// A "[étape] Titre | Title" line: closes the step before, opens the next one.
std::optional<LessonError> parse_section(const std::string& line, int number, Lesson& lesson, LessonStep*& step) {
    const auto close = line.find(']');
    const std::string section = close == std::string::npos ? line : line.substr(0, close + 1);
    if (close == std::string::npos || key_of(section) != "[etape]")
        return error_at(number, "section inconnue « " + utf8::visible(section) + " » (attendu : [étape] Titre | Title)",
                        "unknown section \"" + utf8::visible(section) + "\" (expected: [étape] Titre | Title)");
    if (step)
        if (auto e = check_step(*step)) return e;
    LessonStep next;
    next.line = number;
    if (!split_title(trim(std::string_view(line).substr(close + 1)), next.title_fr, next.title_en))
        return error_at(number,
                        "titre d'étape incomplet ou trop long (attendu : [étape] Titre français | English title, " +
                            std::to_string(kMaxTitleBytes) + " octets au plus chacun)",
                        "incomplete or too long step title (expected: [étape] Titre français | English title, at most " +
                            std::to_string(kMaxTitleBytes) + " bytes each)");
    lesson.steps.push_back(std::move(next));
    step = &lesson.steps.back();
    return std::nullopt;
}

// Where a step keeps a key's text: a paragraph, or a list of command lines (one stays null).
struct KeyTarget {
    std::string* paragraph = nullptr;
    std::vector<LessonLine>* list = nullptr;
};
KeyTarget target_of(const std::string& key, LessonStep& step) {
    if (key == "commande") return {nullptr, &step.commands};
    if (key == "attendu") return {nullptr, &step.expected};
    if (key == "fr") return {&step.text_fr};
    if (key == "en") return {&step.text_en};
    if (key == "question fr") return {&step.question_fr};
    if (key == "question en") return {&step.question_en};
    if (key == "reponse fr") return {&step.answer_fr};
    if (key == "reponse en") return {&step.answer_en};
    return {};
}

// A "clé: texte" line, in the step being read (or, for « leçon: », before any).
std::optional<LessonError> parse_key_line(const std::string& line, int number, Lesson& lesson, LessonStep* step) {
    const auto colon = line.find(':');
    if (colon == std::string::npos)
        return error_at(number,
                        "« " + utf8::visible(line) + " » n'est ni un commentaire (# ...), ni une étape ([étape] Titre | Title), "
                        "ni une ligne « clé: texte »",
                        "\"" + utf8::visible(line) + "\" is neither a comment (# ...), nor a step ([étape] Titre | Title), "
                        "nor a \"key: text\" line");
    const std::string key = key_of(std::string_view(line).substr(0, colon));
    const std::string value = trim(std::string_view(line).substr(colon + 1));
    const std::string shown = utf8::visible(trim(std::string_view(line).substr(0, colon)));
    if (value.empty())
        return error_at(number, "« " + shown + ": » sans texte (attendu : " + shown + ": suivi du texte)",
                        "\"" + shown + ":\" without text (expected: " + shown + ": followed by the text)");
    if (key == "lecon") {
        if (step)
            return error_at(number, "« leçon: » doit précéder la première étape", "\"leçon:\" must come before the first step");
        if (!split_title(value, lesson.title_fr, lesson.title_en))
            return error_at(number,
                            "titre de leçon incomplet ou trop long (attendu : leçon: Titre français | English title, " +
                                std::to_string(kMaxTitleBytes) + " octets au plus chacun)",
                            "incomplete or too long lesson title (expected: leçon: Titre français | English title, at most " +
                                std::to_string(kMaxTitleBytes) + " bytes each)");
        return std::nullopt;
    }
    LessonStep scratch;  // tells a known key from an unknown one before the first step
    const KeyTarget target = target_of(key, step ? *step : scratch);
    const bool known = target.paragraph || target.list;
    if (!step && known)
        return error_at(number, "« " + shown + ": » avant la première étape (attendu : [étape] Titre | Title)",
                        "\"" + shown + ":\" before the first step (expected: [étape] Titre | Title)");
    if (!known)
        return error_at(number, "clé inconnue « " + shown + " » (attendu : leçon, " + std::string(kKeysFr) + ")",
                        "unknown key \"" + shown + "\" (expected: leçon, commande, fr, en, question fr, "
                        "question en, réponse fr, réponse en or attendu)");
    if (target.list) {
        target.list->push_back({number, value});
        return std::nullopt;
    }
    std::vector<PlaceholderUse> uses;
    if (auto p = scan_placeholders(value, uses)) return error_at(number, p->fr, p->en);
    for (auto& use : uses) step->fields.push_back({number, std::move(use), key.rfind("question", 0) == 0});
    append(*target.paragraph, value);
    if (target.paragraph->size() > kMaxParagraphBytes)
        return error_at(number,
                        "paragraphe « " + shown + ": » trop long : " + std::to_string(target.paragraph->size()) +
                            " octets (" + std::to_string(kMaxParagraphBytes) + " au plus ; coupez-le en étapes)",
                        "\"" + shown + ":\" paragraph too long: " + std::to_string(target.paragraph->size()) + " bytes (" +
                            std::to_string(kMaxParagraphBytes) + " at most; split it into steps)");
    return std::nullopt;
}

// Each {placeholder} of `step` that cannot be filled in the state `s` (before its commands when
// `before`: only the question is shown then).
std::optional<LessonError> unfillable(const LessonStep& step, const Settings& s, bool before) {
    for (const auto& f : step.fields) {
        if (before && !f.in_question) continue;
        if (auto p = placeholder_unavailable(f.use, s)) return error_at(f.line, p->fr, p->en);
    }
    return std::nullopt;
}

}  // namespace

LessonParse parse_lesson(std::string_view text) {
    LessonParse out;
    auto fail = [&](LessonError e) {
        out.lesson.reset();
        out.error = std::move(e);
        return out;
    };
    if (text.size() > kMaxLessonBytes)
        return fail({0, "fichier trop long (au plus 256 Kio attendus)", "file too long (at most 256 KiB expected)"});
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a BOM some editors write
    Lesson lesson;
    LessonStep* step = nullptr;
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find('\n', start);
        std::string_view raw = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        start = end == std::string_view::npos ? text.size() + 1 : end + 1;
        ++number;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        if (!utf8::is_valid(raw))
            return fail(error_at(number, "texte qui n'est pas de l'UTF-8 valide (enregistrez le fichier en UTF-8)",
                                 "text that is not valid UTF-8 (save the file as UTF-8)"));
        const std::string line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        const auto error = line[0] == '[' ? parse_section(line, number, lesson, step) : parse_key_line(line, number, lesson, step);
        if (error) return fail(*error);
    }
    if (lesson.steps.empty())
        return fail(error_at(number, "aucune étape (attendu : au moins une ligne [étape] Titre | Title)",
                             "no step (expected: at least one [étape] Titre | Title line)"));
    if (auto e = check_step(lesson.steps.back())) return fail(*e);
    out.lesson = std::move(lesson);
    return out;
}

namespace {

// /entrainer while a lesson is checked: its argument and its corpus checked, the steps counted
// against kMaxLessonTrainingSteps, nothing trained (the check must not take the seconds that the
// window's worker takes later: it runs where the lesson is opened, on the drawing thread). No
// later check depends on trained weights: `attendu:` and the placeholders read the settings.
void count_training_only(CommandRegistry& registry, int& total) {
    Command* c = registry.find("entrainer");
    if (!c) return;
    Handler headless = c->run;
    c->run = [headless, &total](Session& session, const Args& args) -> CommandResult {
        const std::optional<int> count = training_steps_argument(args);
        if (!count) return headless(session, args);  // stop, or its refusal of a bad argument
        if (total + *count > kMaxLessonTrainingSteps)
            return {false, Text{"une leçon peut demander au plus " + format_count(kMaxLessonTrainingSteps, Language::French) +
                                    " pas d'entraînement en tout (ici " + format_count(total + *count, Language::French) + ")",
                                "a lesson may ask at most " + format_count(kMaxLessonTrainingSteps, Language::English) +
                                    " training steps in all (here " + format_count(total + *count, Language::English) + ")"}};
        if (const std::optional<Text> error = ensure_corpus(session)) return {false, *error};
        total += *count;
        return {true, Text{"entraînement de " + std::to_string(*count) + " pas (vérifié)", "training of " + std::to_string(*count) + " steps (checked)"}};
    };
}

}  // namespace

std::optional<LessonError> check_lesson(const Lesson& lesson, Session scratch) {
    CommandRegistry registry;
    int training_steps = 0;
    count_training_only(registry, training_steps);
    auto refused = [](const LessonLine& c, const CommandResult& r) {
        return error_at(c.line, "la commande « " + utf8::visible(c.text) + " » est refusée : " + r.message,
                        "the command \"" + utf8::visible(c.text) + "\" is refused: " + (r.english.empty() ? r.message : r.english));
    };
    registry.execute(scratch, "/reinit");
    for (const auto& step : lesson.steps) {
        if (auto e = unfillable(step, scratch.settings(), true)) return e;
        for (const auto& c : step.commands) {
            registry.set_language(Language::French);  // a lesson's /langue en must not turn its errors English
            const CommandResult r = registry.execute(scratch, c.text);
            if (!r.ok) return refused(c, r);
        }
        if (auto e = unfillable(step, scratch.settings(), false)) return e;
        for (const auto& c : step.expected) {
            registry.set_language(Language::French);
            Session probe = scratch;
            const CommandResult r = registry.execute(probe, c.text);
            if (!r.ok) return refused(c, r);
            const Settings& a = scratch.settings();
            const Settings& b = probe.settings();
            if (!same_model(a, b) || a.step != b.step)
                return error_at(c.line,
                                "après l'étape « " + step.title_fr + " », l'état n'est pas celui qu'« attendu: " + c.text +
                                    " » décrit (cette commande le changerait)",
                                "after step \"" + step.title_en + "\", the state is not the one \"attendu: " + c.text +
                                    "\" describes (that command would change it)");
        }
    }
    return std::nullopt;
}

LessonParse load_lesson(std::string_view text, const Session& session) {
    LessonParse parsed = parse_lesson(text);
    if (!parsed.ok()) return parsed;
    if (auto e = check_lesson(*parsed.lesson, session)) {
        parsed.lesson.reset();
        parsed.error = *e;
    }
    return parsed;
}

LessonParse read_lesson_file(const std::string& path, const Session& session) {
    LessonParse out;
    const ReadResult file = read_text_file(path, kMaxLessonBytes);
    if (!file.ok) {
        out.error = {0, "impossible de lire la leçon : " + file.error, "cannot read the lesson: " + file.error_en};
        return out;
    }
    return load_lesson(file.text, session);
}

std::vector<CommandResult> run_lesson_step(const Lesson& lesson, int index, CommandRegistry& registry,
                                           Session& session) {
    std::vector<CommandResult> results;
    if (index < 0 || index >= static_cast<int>(lesson.steps.size())) return results;
    for (const auto& c : lesson.steps[static_cast<std::size_t>(index)].commands) {
        results.push_back(registry.execute(session, c.text));
        if (!results.back().ok) break;
    }
    return results;
}

}  // namespace tb
