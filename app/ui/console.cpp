// The console: the channel's command language, typed, with history and completion.
#include "ui/console.h"

#include <imgui.h>

#include <algorithm>
#include <cstring>

#include "text/text.h"
#include "ui/help.h"

namespace tb {
namespace {

std::string common_prefix(const std::vector<std::string>& words) {
    if (words.empty()) return {};
    std::string prefix = words.front();
    for (const auto& w : words) {
        std::size_t i = 0;
        while (i < prefix.size() && i < w.size() && prefix[i] == w[i]) ++i;
        prefix.resize(i);
    }
    return prefix;
}

int on_input(ImGuiInputTextCallbackData* data) {
    auto& state = *static_cast<ConsoleState*>(data->UserData);
    if (data->EventFlag == ImGuiInputTextFlags_CallbackCompletion && state.registry) {
        const std::vector<std::string> options = state.registry->complete(std::string(data->Buf, data->BufTextLen));
        state.candidates.clear();
        if (options.empty()) return 0;
        const std::string prefix = options.size() == 1 ? options.front() : common_prefix(options);
        if (prefix.size() > static_cast<std::size_t>(data->BufTextLen)) {
            data->DeleteChars(0, data->BufTextLen);
            data->InsertChars(0, prefix.c_str());
        }
        if (options.size() > 1)
            for (const auto& o : options) state.candidates += o + "   ";
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory && !state.history.empty()) {
        const int count = static_cast<int>(state.history.size());
        if (data->EventKey == ImGuiKey_UpArrow)
            state.history_pos = state.history_pos < 0 ? count - 1 : std::max(0, state.history_pos - 1);
        else if (data->EventKey == ImGuiKey_DownArrow && state.history_pos >= 0)
            state.history_pos = state.history_pos + 1 >= count ? -1 : state.history_pos + 1;
        data->DeleteChars(0, data->BufTextLen);
        if (state.history_pos >= 0) data->InsertChars(0, state.history[static_cast<std::size_t>(state.history_pos)].c_str());
    }
    return 0;
}

// The input line: Return runs it (EnterReturnsTrue), Tab completes, ↑/↓ walk the history; asks for
// the keyboard when refocus is set and counts down focus_wait until it has it.
bool input_line(ConsoleState& state, ImGuiInputTextFlags flags) {
    if (state.refocus) ImGui::SetKeyboardFocusHere();
    state.refocus = false;
    const bool entered = ImGui::InputTextWithHint("##commande", "/aide", state.input, sizeof state.input, flags, on_input, &state);
    if (ImGui::IsItemActive()) state.focus_wait = 0;
    else if (state.focus_wait > 0) --state.focus_wait;
    return entered;
}

// Sends the typed line (kept in the history) and empties it; returns true.
bool run_line(ConsoleState& state, const CommandSink& send) {
    const std::string line = state.input;
    state.input[0] = '\0';
    state.history_pos = -1;
    state.candidates.clear();
    if (!line.empty()) {
        if (state.history.empty() || state.history.back() != line) state.history.push_back(line);
        send(line);
    }
    return true;
}

ImVec4 command_ink() {
    const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;  // /theme clair: darker inks
    return light ? ImVec4(0.05f, 0.25f, 0.65f, 1) : ImVec4(0.55f, 0.78f, 1.f, 1);
}

// The log's lines from `from` on, commands in blue with their >, refusals in red; broken at spaces
// only (text_whole), so that « 1,744 » or « 0,79 » never splits at its separator.
void draw_log_lines(const std::vector<LogLine>& log, std::size_t from, Language language) {
    const ImU32 ink = ImGui::ColorConvertFloat4ToU32(command_ink());
    const bool english = language == Language::English;
    for (std::size_t i = from; i < log.size(); ++i) {
        const std::string& text = log[i].in(english);
        switch (log[i].kind) {
            case LogLine::Kind::Command: text_whole("> " + text, ink); break;
            case LogLine::Kind::Reply: text_whole(text); break;
            case LogLine::Kind::Error: text_whole(text, IM_COL32(255, 97, 89, 255)); break;
        }
    }
}

// Presenter mode's input: runs on Return and closes (the answer stays a few seconds above it);
// Escape, or the keyboard going elsewhere, closes it.
void one_line_input(ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send, Language language) {
    ImGui::TextDisabled("%s", tr(language, "Entrée : exécuter · Échap : fermer · Tab : compléter",
                                 "Return: run · Escape: close · Tab: complete"));
    ImGui::PushItemWidth(-1);
    const std::size_t before = log.size();
    const ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion |
                                      ImGuiInputTextFlags_CallbackHistory;
    if (input_line(state, flags)) {
        state.reply_from = before;
        run_line(state, send);
        state.reply_until = ImGui::GetTime() + kConsoleReplySeconds;
        state.line_open = false;
    } else if (!ImGui::IsItemActive() && !console_focus_pending(state)) {
        state.line_open = false;  // Escape (ImGui lets the line go), or a click elsewhere
        state.input[0] = '\0';
    }
    ImGui::PopItemWidth();
}

}  // namespace

void draw_console(const Rect& rect, ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send,
                  Language language) {
    if (!begin_tool_panel("##console", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Strings& t = text_in(language);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s — %s", t.console_title, t.console_hint);
    ImGui::PopTextWrapPos();
    const float footer = ImGui::GetFrameHeightWithSpacing() + (state.candidates.empty() ? 0 : ImGui::GetTextLineHeightWithSpacing());
    ImGui::BeginChild("##log", ImVec2(0, -footer), true);
    ImGui::PushTextWrapPos(0);
    draw_log_lines(log, 0, language);
    ImGui::PopTextWrapPos();
    if (state.scroll_to_bottom) ImGui::SetScrollHereY(1.0f);
    state.scroll_to_bottom = false;
    ImGui::EndChild();

    if (!state.candidates.empty()) ImGui::TextDisabled("%s", state.candidates.c_str());
    ImGui::PushItemWidth(-1);
    const ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion |
                                      ImGuiInputTextFlags_CallbackHistory;
    if (input_line(state, flags) && run_line(state, send)) {
        state.refocus = true;  // keep typing after Enter
        state.focus_wait = kConsoleFocusFrames;
    }
    state.line_open = false;  // the one-line console is presenter mode's
    ImGui::PopItemWidth();
    ImGui::End();
}

void draw_console_line(const Rect& area, ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send,
                       Language language) {
    const double now = ImGui::GetTime();
    if (!state.line_open && now > state.reply_until) return;
    std::size_t from = now <= state.reply_until ? std::min(state.reply_from, log.size()) : log.size();
    from = std::max(from, log.size() - std::min<std::size_t>(log.size(), 3));  // the last three lines at most
    // Centred on the bottom edge, as tall as its lines (wrapped at its width).
    const float width = std::min(area.w, std::max(area.w * 0.7f, 36 * ImGui::GetFontSize()));
    ImGui::SetNextWindowPos(ImVec2(area.cx(), area.bottom()), ImGuiCond_Always, ImVec2(0.5f, 1.f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, area.h));
    ImGui::SetNextWindowBgAlpha(0.94f);
    const ImGuiWindowFlags window_flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize |
                                          ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin("##ligne_commande", nullptr, window_flags)) {
        ImGui::PushTextWrapPos(0);
        draw_log_lines(log, from, language);
        ImGui::PopTextWrapPos();
        if (state.line_open) one_line_input(state, log, send, language);
    }
    ImGui::End();
}

}  // namespace tb
