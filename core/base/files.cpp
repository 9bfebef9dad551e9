#include "base/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <random>

#include "base/utf8.h"

namespace tb {
namespace {

using Said = FileMessage;

// What a path that is not a regular file is ("un dossier"), in both languages; nothing for a
// regular file.
std::optional<Said> not_a_file(mode_t mode) {
    if (S_ISREG(mode)) return std::nullopt;
    if (S_ISDIR(mode)) return Said{"un dossier", "a folder"};
    if (S_ISFIFO(mode)) return Said{"un tube nommé (FIFO)", "a named pipe (FIFO)"};
    if (S_ISCHR(mode) || S_ISBLK(mode)) return Said{"un périphérique", "a device"};
    if (S_ISSOCK(mode)) return Said{"une socket", "a socket"};
    return Said{"un fichier spécial", "a special file"};
}

// Why a system call on `path` failed, from errno.
Said reason(int error) {
    switch (error) {
    case ENOENT: return {"introuvable", "not found"};
    case EACCES:
    case EPERM: return {"accès refusé", "permission denied"};
    case ENOTDIR: return {"un élément du chemin n'est pas un dossier", "a component of the path is not a folder"};
    case ELOOP: return {"trop de liens symboliques (boucle ?)", "too many symbolic links (a loop?)"};
    case ENAMETOOLONG: return {"nom trop long", "name too long"};
    case ENOSPC: return {"disque plein", "disk full"};
    case EDQUOT: return {"quota disque dépassé", "disk quota exceeded"};
    case EFBIG: return {"fichier trop grand pour la limite du système", "file too large for the system's limit"};
    case EROFS: return {"système de fichiers en lecture seule", "read-only file system"};
    case EIO: return {"erreur d'entrée-sortie", "input/output error"};
    case EISDIR: return {"c'est un dossier", "it is a folder"};
    case EMFILE:
    case ENFILE: return {"trop de fichiers ouverts", "too many open files"};
    default: return {std::string("erreur système ") + std::to_string(error), "system error " + std::to_string(error)};
    }
}

ReadResult read_failure(const Said& said) {
    ReadResult r;
    r.error = said.fr;
    r.error_en = said.en;
    return r;
}

ReadResult read_failure(const std::string& path, const Said& what) {
    const std::string q = quoted_path(path), q_en = quoted_path(path, Language::English);
    return read_failure({q + " est " + what.fr + ", pas un fichier", q_en + " is " + what.en + ", not a file"});
}

ReadResult read_failure(const std::string& path, int error) {
    const std::string q = quoted_path(path), q_en = quoted_path(path, Language::English);
    if (error == ENOENT) return read_failure({"fichier " + q + " introuvable", "file " + q_en + " not found"});
    const Said why = reason(error);
    return read_failure({"impossible de lire " + q + " : " + why.fr, "cannot read " + q_en + ": " + why.en});
}

}  // namespace

std::string format_byte_limit(std::size_t bytes, bool english) {
    constexpr std::size_t kKi = 1024, kMi = 1024 * 1024;
    if (bytes >= kMi && bytes % kMi == 0) return std::to_string(bytes / kMi) + (english ? " MiB" : " Mio");
    if (bytes >= kKi && bytes % kKi == 0) return std::to_string(bytes / kKi) + (english ? " KiB" : " Kio");
    return std::to_string(bytes) + (english ? " bytes" : " octets");
}

ReadResult read_text_file(const std::string& path, std::size_t max_bytes) {
    if (path.empty()) return read_failure({"aucun nom de fichier donné", "no file name given"});
    // Looked at first, so that a device or a FIFO is not even opened; checked again on the open
    // descriptor, which is what is read.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int error = errno;
        struct stat link {};
        if (error == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
            return read_failure({quoted_path(path) + " est un lien vers un fichier absent",
                                 quoted_path(path, Language::English) + " is a link to a missing file"});
        return read_failure(path, error);
    }
    if (auto what = not_a_file(st.st_mode)) return read_failure(path, *what);
    // O_NONBLOCK: should the path become a FIFO between stat and open, open does not wait.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return read_failure(path, errno);
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    if (::fstat(fd, &st) != 0) return read_failure(path, errno);
    if (auto what = not_a_file(st.st_mode)) return read_failure(path, *what);
    const Said too_large{quoted_path(path) + " dépasse " + format_byte_limit(max_bytes) + " (trop grand)",
                         quoted_path(path, Language::English) + " exceeds " + format_byte_limit(max_bytes, true) + " (too large)"};
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) return read_failure(too_large);
    // The size can lie (a file that grows, /proc): the limit holds on what is actually read.
    ReadResult out;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            return read_failure(path, errno);
        }
        if (n == 0) break;
        if (out.text.size() + static_cast<std::size_t>(n) > max_bytes) return read_failure(too_large);
        out.text.append(buffer, static_cast<std::size_t>(n));
    }
    if (out.text.compare(0, 3, "\xEF\xBB\xBF") == 0) out.text.erase(0, 3);
    out.ok = true;
    return out;
}

const WriterCalls& system_writer_calls() {
    static const WriterCalls calls{
        [](const char* p, int flags, mode_t mode) { return ::open(p, flags, mode); },
        [](int fd, const void* data, std::size_t size) { return ::write(fd, data, size); },
        [](int fd) { return ::fsync(fd); },
        [](int fd, mode_t mode) { return ::fchmod(fd, mode); },
        [](int fd) { return ::close(fd); },
        [](int fd, const char* to) {  // names an O_TMPFILE file (open(2)); linkat's AT_EMPTY_PATH needs privileges
            const std::string self = "/proc/self/fd/" + std::to_string(fd);
            return ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, to, AT_SYMLINK_FOLLOW);
        },
        [](const char* from, const char* to) { return ::rename(from, to); },
        [](const char* p) { return ::unlink(p); },
    };
    return calls;
}

namespace {

// Six characters that no other writer (thread or process) draws at the same time.
std::string random_suffix() {
    static std::atomic<std::uint64_t> counter{0};
    static const std::uint64_t seed = std::random_device{}();
    std::mt19937_64 draw(seed ^ (static_cast<std::uint64_t>(::getpid()) << 32) ^ (counter++ * 0x9E3779B97F4A7C15ull) ^
                         static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
    static const char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string s(6, 'x');
    for (char& c : s) c = kChars[draw() % (sizeof kChars - 1)];
    return s;
}

// The temporary's name: ".NAME.XXXXXX" beside the target, NAME shortened (at a character's start)
// so that the whole stays within the 255 bytes a file name may have.
std::string temporary_name(const std::string& folder, const std::string& name) {
    constexpr std::size_t kMaxName = 255, kExtra = 1 + 1 + 6;
    std::size_t keep = std::min(name.size(), kMaxName - kExtra);
    while (keep > 0 && keep < name.size() && (static_cast<unsigned char>(name[keep]) & 0xC0) == 0x80) --keep;
    return folder + "/." + name.substr(0, keep) + "." + random_suffix();
}

Said cannot_write(const std::string& path, const Said& why) {
    return {"impossible d'écrire dans " + quoted_path(path) + " : " + why.fr,
            "cannot write to " + quoted_path(path, Language::English) + ": " + why.en};
}
Said cannot_write(const std::string& path, const std::string& fr, const std::string& en) {
    return cannot_write(path, Said{fr, en});
}

}  // namespace

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes) {
    return write_file_atomically(path, bytes, system_writer_calls());
}

namespace {

// Where a write goes: the file replaced (a link's target), its folder and name, its old status.
struct Destination {
    std::string path, target, folder, name;
    std::optional<struct stat> existing;
};

// One way of writing: `unnamed` (O_TMPFILE) or a hidden name from the start. Sets `unsupported`,
// having left nothing, when this system or file system cannot write that way.
std::optional<Said> write_one_way(bool unnamed, const Destination& d, std::string_view bytes,
                                 const WriterCalls& calls, bool& unsupported) {
    // Created exclusively (O_EXCL never follows a link, nor reuses a name), private until its
    // permissions are set; a new file gets the usual 0666 less the umask.
    const mode_t mode = d.existing ? 0600 : 0666;
    std::string named;  // the name the bytes have so far: none yet for an unnamed file
    int fd = -1;
    if (unnamed) {
        fd = calls.open(d.folder.c_str(), O_WRONLY | O_TMPFILE | O_CLOEXEC, mode);
        if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {  // EISDIR: a kernel before 3.11
            unsupported = true;
            return std::nullopt;
        }
        if (fd < 0) return cannot_write(d.path, reason(errno));
    } else {
        for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
            named = temporary_name(d.folder, d.name);
            fd = calls.open(named.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
            if (fd < 0 && errno != EEXIST) return cannot_write(d.path, reason(errno));
        }
        if (fd < 0) return cannot_write(d.path, "aucun nom de fichier temporaire libre", "no free temporary file name");
    }
    const auto give_up = [&](int error, bool close_it) {
        if (close_it) calls.close(fd);
        if (!named.empty()) calls.unlink(named.c_str());
        return cannot_write(d.path, reason(error));
    };
    if (d.existing) {
        if (d.existing->st_uid != ::geteuid() || d.existing->st_gid != ::getegid())
            if (::fchown(fd, d.existing->st_uid, d.existing->st_gid) != 0) { /* another owner: best effort (root only) */ }
        if (calls.fchmod(fd, d.existing->st_mode & 07777) != 0) return give_up(errno, true);
    }
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = calls.write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return give_up(n < 0 ? errno : ENOSPC, true);
        done += static_cast<std::size_t>(n);
    }
    if (calls.fsync(fd) != 0) return give_up(errno, true);
    if (unnamed) {
        // Named only now, whole and synced: as the target itself when there is none (a link never
        // replaces a name), else hidden, then renamed over the target.
        for (int attempt = 0; attempt < 100 && named.empty(); ++attempt) {
            const std::string to = !d.existing && attempt == 0 ? d.target : temporary_name(d.folder, d.name);
            if (calls.link(fd, to.c_str()) == 0) {
                named = to;
            } else if (errno != EEXIST) {
                // No /proc/self/fd to name it through, a file system without links, a sandbox:
                // the hidden way, which reports a failure of its own (a full disk) if there is one.
                calls.close(fd);
                unsupported = true;
                return std::nullopt;
            }
        }
        if (named.empty()) {
            calls.close(fd);
            return cannot_write(d.path, "aucun nom de fichier temporaire libre", "no free temporary file name");
        }
    }
    if (calls.close(fd) != 0) return give_up(errno, false);
    if (named != d.target && calls.rename(named.c_str(), d.target.c_str()) != 0) return give_up(errno, false);
    // The new name made durable (best effort: some file systems refuse to sync a folder).
    const int dir = ::open(d.folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return std::nullopt;
}

// A file that may not be replaced: its mode bits give nobody write permission (chmod a-w), which
// holds for every user, root included, as an editor has it; or this user may not write it (another
// owner's file). Renaming over it would bypass that protection, so it is refused, nothing written.
std::optional<Said> read_only(const std::string& path, const struct stat& st, const std::string& target) {
    const std::string q = quoted_path(path), q_en = quoted_path(path, Language::English);
    if ((st.st_mode & 0222) == 0)
        return Said{q + " est en lecture seule : rien n'a été écrit (chmod u+w pour l'autoriser)",
                    q_en + " is read-only: nothing was written (chmod u+w to allow it)"};
    if (::access(target.c_str(), W_OK) == 0) return std::nullopt;
    if (errno == EROFS) return cannot_write(path, reason(EROFS));
    if (errno != EACCES && errno != EPERM) return std::nullopt;  // ETXTBSY…: replacing the name is still allowed
    return Said{q + " est en lecture seule pour cet utilisateur : rien n'a été écrit (il appartient à un autre)",
                q_en + " is read-only for this user: nothing was written (it belongs to someone else)"};
}

// Where a write of `path` goes (its links followed), or why nothing may be written there.
std::optional<Said> find_destination(const std::string& path, Destination& d) {
    if (path.empty()) return Said{"aucun nom de fichier donné", "no file name given"};
    if (path.back() == '/') return cannot_write(path, "c'est un nom de dossier", "it is a folder's name");
    // The file actually replaced: the path, or what its links lead to.
    d = Destination{path, path, "", "", std::nullopt};
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            char resolved[PATH_MAX];
            if (!::realpath(path.c_str(), resolved))
                return errno == ENOENT ? cannot_write(path, "c'est un lien vers un fichier absent", "it is a link to a missing file")
                                       : cannot_write(path, reason(errno));
            d.target = resolved;
            if (::stat(d.target.c_str(), &st) != 0) return cannot_write(path, reason(errno));
        }
        if (auto what = not_a_file(st.st_mode))
            return cannot_write(path, "c'est " + what->fr + ", pas un fichier", "it is " + what->en + ", not a file");
        if (auto refusal = read_only(path, st, d.target)) return refusal;
        d.existing = st;
    } else if (errno != ENOENT) {
        return cannot_write(path, reason(errno));
    }
    const std::size_t slash = d.target.rfind('/');
    d.folder = slash == std::string::npos ? "." : slash == 0 ? "/" : d.target.substr(0, slash);
    d.name = slash == std::string::npos ? d.target : d.target.substr(slash + 1);
    if (!d.existing) {
        struct stat f {};
        const std::string folder = quoted_path(d.folder), folder_en = quoted_path(d.folder, Language::English);
        if (::stat(d.folder.c_str(), &f) != 0)
            return errno == ENOENT ? cannot_write(path, "dossier absent " + folder, "missing folder " + folder_en)
                                   : cannot_write(path, reason(errno));
        if (!S_ISDIR(f.st_mode)) return cannot_write(path, folder + " n'est pas un dossier", folder_en + " is not a folder");
        if (d.name.size() > 255) return cannot_write(path, "nom trop long", "name too long");
    }
    return std::nullopt;
}

}  // namespace

std::string quoted_path(std::string_view path, Language language) {
    const std::string shown = utf8::visible(path, 4096);
    return language == Language::English ? "\u201C" + shown + "\u201D" : "« " + shown + " »";
}

std::optional<FileMessage> write_refusal(const std::string& path) {
    Destination d;
    return find_destination(path, d);
}

std::optional<FileMessage> write_file(const std::string& path, std::string_view bytes, const WriterCalls& calls) {
    Destination d;
    if (auto refusal = find_destination(path, d)) return refusal;
    // Unnamed first (O_TMPFILE): the bytes get a name only once whole and synced, so a writer
    // killed before that leaves nothing behind. Where that is not available, a hidden name from the
    // start (then a killed writer can leave it).
    bool unsupported = false;
    auto error = write_one_way(true, d, bytes, calls, unsupported);
    if (unsupported) error = write_one_way(false, d, bytes, calls, unsupported);
    if (!error && written_file_observer()) written_file_observer()(path);
    return error;
}

std::function<void(const std::string&)>& written_file_observer() {
    static std::function<void(const std::string&)> observer;
    return observer;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes,
                                                 const WriterCalls& calls) {
    if (auto error = write_file(path, bytes, calls)) return error->fr;
    return std::nullopt;
}

}  // namespace tb
