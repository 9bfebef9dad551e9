#include "text/fonts.h"

#include "text/glyphs.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace tb {

Fonts load_fonts(float pixels) { return load_fonts(*ImGui::GetIO().Fonts, pixels); }

Fonts load_fonts(ImFontAtlas& atlas, float pixels) {
    Fonts fonts;
    fonts.pixels = pixels;
    const char* candidates[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                                "/usr/local/share/fonts/DejaVuSans.ttf"};
    std::error_code ec;
    for (const char* path : candidates) {
        if (!std::filesystem::is_regular_file(path, ec)) continue;  // a missing file makes ImGui assert
        ImFontConfig config;
        config.OversampleH = pixels <= 30.f ? 2 : 1;  // large glyphs need no oversampling (and keep the atlas small)
        fonts.body = atlas.AddFontFromFileTTF(path, pixels, &config, glyph_ranges());
        fonts.large = atlas.AddFontFromFileTTF(path, pixels * 1.45f, &config, glyph_ranges());
        fonts.found = fonts.body && fonts.large;
        if (fonts.found) return fonts;
    }
    std::fprintf(stderr, "transformer-bloc : police DejaVu Sans introuvable (paquet fonts-dejavu-core) ; "
                         "police par défaut, sans accents\n");
    ImFontConfig config;
    config.SizePixels = pixels;
    fonts.body = fonts.large = atlas.AddFontDefault(&config);
    return fonts;
}

bool fit_fonts(Fonts& fonts, float pixels) {
    const float wanted = std::round(std::min(pixels, kMaxAtlasPx));  // whole pixels: a resize rebuilds a few times
    if (std::abs(wanted - fonts.pixels) < 0.5f) return false;
    ImGui::GetIO().Fonts->Clear();
    fonts = load_fonts(wanted);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    ImGui::GetIO().Fonts->ClearTexData();  // the GL texture has the pixels; the glyphs' UVs stay
    return true;
}

float font_stretch(const Fonts& fonts, float pixels) { return fonts.pixels > 0 ? pixels / fonts.pixels : 1.f; }

}  // namespace tb
