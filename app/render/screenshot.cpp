#include "render/screenshot.h"

#include <stb/stb_image_write.h>  // the code is in libstb: no STB_IMAGE_WRITE_IMPLEMENTATION

#include <algorithm>
#include <cstdio>
#include <vector>

#include "render/gl.h"

namespace tb {

std::optional<std::string> write_screenshot(const std::string& path, int width, int height) {
    if (width <= 0 || height <= 0) return "fenêtre vide : rien à enregistrer";
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    std::vector<unsigned char> pixels(row * static_cast<std::size_t>(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());  // RGB: ImGui leaves alpha < 1
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < height; ++y)  // GL's rows go bottom-up, PNG's top-down
        std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(row * static_cast<std::size_t>(height - 1 - y)), row,
                    flipped.begin() + static_cast<std::ptrdiff_t>(row * static_cast<std::size_t>(y)));
    // Through a temporary file renamed into place: a failed write leaves no half picture.
    const std::string temporary = path + ".tmp";
    if (!stbi_write_png(temporary.c_str(), width, height, 3, flipped.data(), static_cast<int>(row))) {
        std::remove(temporary.c_str());
        return "impossible d'écrire « " + path + " »";
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        return "impossible d'écrire « " + path + " »";
    }
    return std::nullopt;
}

}  // namespace tb
