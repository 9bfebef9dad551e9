#include "x_errors.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

#ifdef TB_HAVE_X11
#include <X11/Xlib.h>

extern "C" Display* glfwGetX11Display(void);  // GLFW 3.3's, as glfw3native.h declares it
#endif

namespace tb {
namespace {

// The core protocol's errors (X.h, codes 1 to 17), named as Xlib names them, said in French.
const char* error_meaning(int code) {
    static const char* const meanings[] = {
        nullptr,
        "BadRequest (requête inconnue)",
        "BadValue (valeur hors limites)",
        "BadWindow (fenêtre inexistante)",
        "BadPixmap (pixmap inexistant)",
        "BadAtom (atome inexistant)",
        "BadCursor (curseur inexistant)",
        "BadFont (police inexistante)",
        "BadMatch (paramètres incompatibles)",
        "BadDrawable (surface de dessin inexistante)",
        "BadAccess (accès refusé)",
        "BadAlloc (mémoire du serveur épuisée)",
        "BadColor (palette inexistante)",
        "BadGC (contexte graphique inexistant)",
        "BadIDChoice (identifiant déjà pris)",
        "BadName (nom inconnu)",
        "BadLength (longueur de requête incorrecte)",
        "BadImplementation (défaut du serveur X)",
    };
    return code >= 1 && code <= 17 ? meanings[code] : nullptr;
}

constexpr int kMaxPrinted = 20;  // a storm of errors does not flood the terminal
int g_errors = 0, g_total = 0;
std::function<void()> g_connection_lost;

}  // namespace

std::string x_error_text(int error_code, int major, int minor, const std::string& request_name) {
    const char* meaning = error_meaning(error_code);
    const std::string what = meaning ? meaning : "erreur n° " + std::to_string(error_code) + " (d'une extension)";
    std::string request = request_name.empty() ? "la requête " + std::to_string(major) + "." + std::to_string(minor)
                                               : request_name + " (" + std::to_string(major) + "." + std::to_string(minor) + ")";
    return "erreur X ignorée : " + what + " dans " + request + " ; la fenêtre continue";
}

int take_x_errors() { return std::exchange(g_errors, 0); }

#ifdef TB_HAVE_X11
namespace {

Display* g_display = nullptr;
std::map<int, std::string> g_extensions;  // major opcode -> name, listed at install

// « X_ShmPutImage (MIT-SHM) »: Xlib's own names from its error database (a local file, no request).
std::string request_name(Display* display, int major, int minor) {
    char buffer[128] = "";
    if (major < 128) {
        XGetErrorDatabaseText(display, "XRequest", std::to_string(major).c_str(), "", buffer, sizeof buffer);
        return buffer;
    }
    const auto found = g_extensions.find(major);
    if (found == g_extensions.end()) return {};
    const std::string key = found->second + "." + std::to_string(minor);
    XGetErrorDatabaseText(display, "XRequest", key.c_str(), "", buffer, sizeof buffer);
    return buffer[0] ? std::string(buffer) + " (" + found->second + ")" : found->second;
}

int on_x_error(Display* display, XErrorEvent* event) {
    ++g_errors;
    if (++g_total <= kMaxPrinted) {
        const std::string text = x_error_text(event->error_code, event->request_code, event->minor_code,
                                              request_name(display, event->request_code, event->minor_code));
        std::fprintf(stderr, "transformer-bloc : %s\n", text.c_str());
    } else if (g_total == kMaxPrinted + 1) {
        std::fprintf(stderr, "transformer-bloc : d'autres erreurs X suivent, elles ne sont plus écrites\n");
    }
    return 0;  // returning goes on (Xlib's default handler would end the process)
}

// Nothing can be drawn any more: save what can be saved, say so, end (Xlib ends the process if
// this returns).
int on_x_connection_lost(Display*) {
    std::fprintf(stderr, "transformer-bloc : la connexion au serveur X est perdue (écran fermé ?) ; "
                         "la session est enregistrée, le programme s'arrête\n");
    if (g_connection_lost) {
        try {
            g_connection_lost();
        } catch (...) {  // nothing more can be done
        }
    }
    std::fflush(nullptr);
    std::_Exit(1);
}

}  // namespace

void* glfw_x11_display() { return glfwGetX11Display(); }

void install_x_error_handlers(void* display, std::function<void()> connection_lost) {
    g_display = static_cast<Display*>(display);
    if (!g_display) return;
    g_connection_lost = std::move(connection_lost);
    // A server gone mid-write would end the process on SIGPIPE before Xlib sees the broken
    // connection: ignored, the write fails and Xlib calls on_x_connection_lost.
    std::signal(SIGPIPE, SIG_IGN);
    int count = 0;
    if (char** names = XListExtensions(g_display, &count)) {
        for (int i = 0; i < count; ++i) {
            int major = 0, event = 0, error = 0;
            if (XQueryExtension(g_display, names[i], &major, &event, &error)) g_extensions[major] = names[i];
        }
        XFreeExtensionList(names);
    }
    keep_x_error_handlers();
}

void keep_x_error_handlers() {
    if (!g_display) return;
    XSetErrorHandler(on_x_error);
    XSetIOErrorHandler(on_x_connection_lost);
}

void cause_x_error(void* display) {
    auto* d = static_cast<Display*>(display);
    if (!d) return;
    XCreatePixmap(d, DefaultRootWindow(d), 0, 0, static_cast<unsigned>(DefaultDepth(d, DefaultScreen(d))));  // width 0: BadValue
    XSync(d, False);
}

#else

void* glfw_x11_display() { return nullptr; }
void install_x_error_handlers(void*, std::function<void()>) {}
void keep_x_error_handlers() {}
void cause_x_error(void*) {}

#endif

}  // namespace tb
