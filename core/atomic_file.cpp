#include "atomic_file.h"

#include <cstdio>
#include <fstream>

namespace tb {

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes) {
    if (path.empty()) return std::string("aucun nom de fichier donné");
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) return "impossible d'écrire dans « " + path + " » (dossier absent ou protégé)";
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out.flush()) {
            out.close();
            std::remove(temporary.c_str());
            return "écriture interrompue dans « " + path + " » (disque plein ?)";
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        return "impossible de remplacer « " + path + " »";
    }
    return std::nullopt;
}

}  // namespace tb
