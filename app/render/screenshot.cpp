#include "render/screenshot.h"

#include <stb/stb_image_write.h>  // the code is in libstb: no STB_IMAGE_WRITE_IMPLEMENTATION

#include <algorithm>
#include <string>
#include <vector>

#include "base/files.h"
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
    // Encoded in memory, then written through a temporary file renamed into place (as every file
    // the program writes): a failed write leaves no half picture.
    std::string png;
    auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 3, flipped.data(), static_cast<int>(row)))
        return "impossible d'écrire " + quoted_path(path);
    return write_file_atomically(path, png);
}

}  // namespace tb
