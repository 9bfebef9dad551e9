// The layer-norm panel's data: the vector a teacher types.
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tb {

VectorParse parse_vector(std::string_view text) {
    VectorParse r;
    std::vector<double> values;
    std::string token;
    auto flush = [&]() -> bool {
        if (token.empty()) return true;
        std::replace(token.begin(), token.end(), ',', '.');  // French decimal comma
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end == token.c_str() || *end != '\0' || !std::isfinite(v) || std::abs(v) > 1e6) {
            r.error = "« " + token + " » n'est pas un nombre (séparez les valeurs par des espaces, ex. 2 4 4 4 5 5 7 9)";
            r.error_en = "“" + token + "” is not a number (separate the values with spaces, e.g. 2 4 4 4 5 5 7 9)";
            return false;
        }
        values.push_back(v);
        token.clear();
        return true;
    };
    for (const char c : text) {
        if (c == ' ' || c == '\t' || c == ';' || c == '\n') {
            if (!flush()) return r;
        } else {
            token += c;
        }
    }
    if (!flush()) return r;
    if (values.size() < 2 || values.size() > 16) {
        r.error = "il faut de 2 à 16 valeurs (reçu " + std::to_string(values.size()) + ")";
        r.error_en = "2 to 16 values are needed (got " + std::to_string(values.size()) + ")";
        return r;
    }
    r.vector = Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
    return r;
}

}  // namespace tb
