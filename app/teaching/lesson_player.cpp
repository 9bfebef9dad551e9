#include "teaching/lesson_player.h"

#include <algorithm>
#include <utility>

#include "course/lesson_text.h"

namespace tb {

void LessonPlayer::append_commands(std::vector<std::string>& out, int index) const {
    for (const auto& c : lesson_.steps[static_cast<std::size_t>(index)].commands) out.push_back(c.text);
}

std::vector<std::string> LessonPlayer::enter(int index) {
    index_ = index;
    revealed_ = !step().has_question();
    std::vector<std::string> out;
    if (revealed_) append_commands(out, index_);
    return out;
}

std::vector<std::string> LessonPlayer::open(Lesson lesson, std::string path) {
    lesson_ = std::move(lesson);
    path_ = std::move(path);
    open_ = !lesson_.steps.empty();
    if (!open_) return {};
    std::vector<std::string> out = {"/reinit"};
    for (auto& line : enter(0)) out.push_back(std::move(line));
    return out;
}

void LessonPlayer::close() {
    open_ = false;
    lesson_ = {};
    path_.clear();
    index_ = 0;
    revealed_ = true;
}

std::vector<std::string> LessonPlayer::reveal() {
    std::vector<std::string> out;
    if (!open_ || revealed_) return out;
    revealed_ = true;
    append_commands(out, index_);
    return out;
}

std::vector<std::string> LessonPlayer::next() {
    std::vector<std::string> out = reveal();
    if (!open_ || index_ + 1 >= count()) return out;
    for (auto& line : enter(index_ + 1)) out.push_back(std::move(line));
    return out;
}

std::vector<std::string> LessonPlayer::previous() { return go_to(index_ - 1); }

std::vector<std::string> LessonPlayer::go_to(int index) {
    if (!open_) return {};
    const int target = std::clamp(index, 0, count() - 1);
    std::vector<std::string> out = {"/reinit"};
    for (int i = 0; i < target; ++i) append_commands(out, i);
    for (auto& line : enter(target)) out.push_back(std::move(line));
    return out;
}

std::string LessonPlayer::shown(const std::string& fr, const std::string& en, Language language) const {
    const std::string& text = language == Language::English && !en.empty() ? en : fr;
    if (!session_) return text;
    return fill_lesson_text(text, *session_->trace(), language);
}

}  // namespace tb
