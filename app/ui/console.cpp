// The console: the channel's command language, typed, with history and completion.
#include "ui/console.h"

#include <imgui.h>

#include <cstring>

#include "text/text.h"

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

}  // namespace

void draw_console(const Rect& rect, ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send,
                  Language language) {
    if (!begin_panel("##console", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Strings& t = text_in(language);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s — %s", t.console_title, t.console_hint);
    ImGui::PopTextWrapPos();
    const float footer = ImGui::GetFrameHeightWithSpacing() + (state.candidates.empty() ? 0 : ImGui::GetTextLineHeightWithSpacing());
    ImGui::BeginChild("##log", ImVec2(0, -footer), true);
    ImGui::PushTextWrapPos(0);
    const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;  // /theme clair: darker inks
    const ImVec4 command_ink = light ? ImVec4(0.05f, 0.25f, 0.65f, 1) : ImVec4(0.55f, 0.78f, 1.f, 1);
    const bool english = language == Language::English;
    for (const auto& line : log) {
        const std::string& text = line.in(english);
        switch (line.kind) {
            case LogLine::Kind::Command: ImGui::TextColored(command_ink, "> %s", text.c_str()); break;
            case LogLine::Kind::Reply: ImGui::TextUnformatted(text.c_str()); break;
            case LogLine::Kind::Error: ImGui::TextColored(ImVec4(1.f, 0.38f, 0.35f, 1), "%s", text.c_str()); break;
        }
    }
    ImGui::PopTextWrapPos();
    if (state.scroll_to_bottom) ImGui::SetScrollHereY(1.0f);
    state.scroll_to_bottom = false;
    ImGui::EndChild();

    if (!state.candidates.empty()) ImGui::TextDisabled("%s", state.candidates.c_str());
    ImGui::PushItemWidth(-1);
    const ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion |
                                      ImGuiInputTextFlags_CallbackHistory;
    if (state.refocus) ImGui::SetKeyboardFocusHere();
    state.refocus = false;
    if (ImGui::InputTextWithHint("##commande", "/aide", state.input, sizeof state.input, flags, on_input, &state)) {
        const std::string line = state.input;
        state.input[0] = '\0';
        state.history_pos = -1;
        state.candidates.clear();
        state.refocus = true;  // keep typing after Enter
        if (!line.empty()) {
            if (state.history.empty() || state.history.back() != line) state.history.push_back(line);
            send(line);
        }
    }
    ImGui::PopItemWidth();
    ImGui::End();
}

}  // namespace tb
