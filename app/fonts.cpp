#include "fonts.h"

#include "text/glyphs.h"

#include <imgui.h>

#include <cstdio>
#include <filesystem>

namespace tb {

Fonts load_fonts(float pixels) {
    ImGuiIO& io = ImGui::GetIO();
    Fonts fonts;
    const char* candidates[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                                "/usr/local/share/fonts/DejaVuSans.ttf"};
    std::error_code ec;
    for (const char* path : candidates) {
        if (!std::filesystem::is_regular_file(path, ec)) continue;  // a missing file makes ImGui assert
        ImFontConfig config;
        config.OversampleH = 2;
        fonts.body = io.Fonts->AddFontFromFileTTF(path, pixels, &config, glyph_ranges());
        fonts.large = io.Fonts->AddFontFromFileTTF(path, pixels * 1.45f, &config, glyph_ranges());
        fonts.found = fonts.body && fonts.large;
        if (fonts.found) return fonts;
    }
    std::fprintf(stderr, "transformer-bloc : police DejaVu Sans introuvable (paquet fonts-dejavu-core) ; "
                         "police par défaut, sans accents\n");
    ImFontConfig config;
    config.SizePixels = pixels;
    fonts.body = fonts.large = io.Fonts->AddFontDefault(&config);
    return fonts;
}

}  // namespace tb
