#pragma once
// The cross-section's colours, shared by the drawing and the screenshot checker (tests/gui).
namespace tb::palette {

struct Colour8 {
    int r, g, b;
};

constexpr Colour8 kBackground{22, 25, 36};
constexpr Colour8 kSection{30, 34, 48};
constexpr Colour8 kInput{222, 186, 58};       // yellow: embeddings + positions
constexpr Colour8 kAttention{66, 118, 222};   // blue
constexpr Colour8 kFfn{222, 104, 168};        // pink
constexpr Colour8 kOutput{76, 176, 98};       // green
constexpr Colour8 kBand{158, 158, 164};       // grey LayerNorm band
constexpr Colour8 kResidual{246, 206, 64};    // yellow arc and ⊕
constexpr Colour8 kLabel{18, 20, 28};         // text on the boxes
constexpr Colour8 kKeyCell{140, 200, 255};    // a generation's K/V cache: a K cell (light blue)…
constexpr Colour8 kValueCell{255, 170, 110};  // … and a V cell (orange)

}  // namespace tb::palette
