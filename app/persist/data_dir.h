#pragma once
// Where the program's data (assets/, shaders/) lives: $TRANSFORMER_BLOC_DATA, then the install
// prefix beside the executable (<prefix>/share/transformer-bloc), then the source tree it was
// built from. Returns the first folder holding assets/vocabulary.txt, or nothing.
#include <optional>
#include <string>

namespace tb {
std::optional<std::string> find_data_dir();
}
