// The safe reader and writer (core/base/files.h): what each kind of path gives, and the writer's
// promises (nothing clobbered, permissions and links kept, sync before rename, concurrent writers).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <tuple>
#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "base/files.h"

namespace tb {
namespace {

namespace fs = std::filesystem;

// A fresh empty folder for one test.
fs::path folder(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("tb_files_" + std::to_string(getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every name in `dir` (hidden ones included), sorted.
std::vector<std::string> names(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(FileReader, RegularFileWholeWithoutItsBom) {
    const fs::path dir = folder("reader_ok");
    write(dir / "a.txt", "\xEF\xBB\xBF/couches 3\n");
    const ReadResult r = read_text_file((dir / "a.txt").string(), 100);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.text, "/couches 3\n");
    fs::create_symlink(dir / "a.txt", dir / "link");
    EXPECT_EQ(read_text_file((dir / "link").string(), 100).text, "/couches 3\n");  // a link is followed
}

TEST(FileReader, SaysWhatThePathIs) {
    const fs::path dir = folder("reader_kinds");
    const auto error = [](const fs::path& p) { return read_text_file(p.string(), 1 << 20).error; };
    EXPECT_EQ(error(dir / "absent"), "fichier « " + (dir / "absent").string() + " » introuvable");
    EXPECT_EQ(error(dir), "« " + dir.string() + " » est un dossier, pas un fichier");
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
    // No writer ever opens the FIFO: a blocking open would hang here.
    EXPECT_EQ(error(dir / "fifo"), "« " + (dir / "fifo").string() + " » est un tube nommé (FIFO), pas un fichier");
    EXPECT_EQ(error("/dev/zero"), "« /dev/zero » est un périphérique, pas un fichier");
    fs::create_symlink(dir / "gone", dir / "dangling");
    EXPECT_EQ(error(dir / "dangling"), "« " + (dir / "dangling").string() + " » est un lien vers un fichier absent");
    const ReadResult en = read_text_file((dir / "fifo").string(), 10);
    EXPECT_EQ(en.error_en, "“" + (dir / "fifo").string() + "” is a named pipe (FIFO), not a file");
}

TEST(FileReader, SizeLimitHoldsWhileReading) {
    const fs::path dir = folder("reader_size");
    write(dir / "exact.txt", std::string(1024, 'a'));
    write(dir / "over.txt", std::string(1025, 'a'));
    EXPECT_TRUE(read_text_file((dir / "exact.txt").string(), 1024).ok);
    EXPECT_EQ(read_text_file((dir / "over.txt").string(), 1024).error,
              "« " + (dir / "over.txt").string() + " » dépasse 1 Kio (trop grand)");
    // /proc files say they have 0 bytes: only the reading can find they are longer.
    const ReadResult proc = read_text_file("/proc/self/maps", 16);
    EXPECT_FALSE(proc.ok);
    EXPECT_TRUE(contains(proc.error, "dépasse 16 octets")) << proc.error;
    EXPECT_EQ(format_byte_limit(256 * 1024), "256 Kio");
    EXPECT_EQ(format_byte_limit(1 << 20), "1 Mio");
}

TEST(FileWriter, NewFileAndReplacementLeaveNoTemporary) {
    const fs::path dir = folder("writer_new");
    const fs::path path = dir / "out.json";
    ASSERT_FALSE(write_file_atomically(path.string(), "one"));
    ASSERT_FALSE(write_file_atomically(path.string(), "two"));
    EXPECT_EQ(read(path), "two");
    EXPECT_EQ(names(dir), std::vector<std::string>{"out.json"});
}

// The user's own PATH.tmp is not ours to touch, nor the file a link of that name aims at.
TEST(FileWriter, TheUsersTmpFilesAndLinksAreUntouched) {
    const fs::path dir = folder("writer_tmp");
    write(dir / "notes.csv.tmp", "mine");
    write(dir / "victim", "precious");
    fs::create_symlink(dir / "victim", dir / "out.json.tmp");
    ASSERT_FALSE(write_file_atomically((dir / "notes.csv").string(), "a,b\n"));
    ASSERT_FALSE(write_file_atomically((dir / "out.json").string(), "{}"));
    EXPECT_EQ(read(dir / "notes.csv.tmp"), "mine");
    EXPECT_EQ(read(dir / "victim"), "precious");
    EXPECT_TRUE(fs::is_symlink(dir / "out.json.tmp"));
    EXPECT_EQ(read(dir / "out.json"), "{}");
}

TEST(FileWriter, KeepsPermissionsAndLinks) {
    const fs::path dir = folder("writer_keep");
    write(dir / "session.json", "old");
    ASSERT_EQ(::chmod((dir / "session.json").c_str(), 0600), 0);
    ASSERT_FALSE(write_file_atomically((dir / "session.json").string(), "new"));
    struct stat st {};
    ASSERT_EQ(::stat((dir / "session.json").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0600u);
    EXPECT_EQ(read(dir / "session.json"), "new");

    fs::create_directories(dir / "real");
    write(dir / "real" / "file.json", "old");
    fs::create_symlink(dir / "real" / "file.json", dir / "link.json");
    ASSERT_FALSE(write_file_atomically((dir / "link.json").string(), "through the link"));
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(read(dir / "real" / "file.json"), "through the link");
    EXPECT_EQ(names(dir / "real"), std::vector<std::string>{"file.json"});
}

TEST(FileWriter, RefusesWhatIsNotAFile) {
    const fs::path dir = folder("writer_refuse");
    fs::create_symlink(dir / "nowhere", dir / "dangling");
    auto error = write_file_atomically((dir / "dangling").string(), "x");
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, "impossible d'écrire dans « " + (dir / "dangling").string() + " » : c'est un lien vers un fichier absent");
    EXPECT_FALSE(fs::exists(dir / "nowhere"));
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
    error = write_file_atomically((dir / "fifo").string(), "x");
    ASSERT_TRUE(error);
    EXPECT_TRUE(contains(*error, "c'est un tube nommé (FIFO), pas un fichier")) << *error;
    fs::create_directories(dir / "sub");
    error = write_file_atomically((dir / "sub").string(), "x");
    ASSERT_TRUE(error);
    EXPECT_TRUE(contains(*error, "c'est un dossier, pas un fichier")) << *error;
    // A character device of our own (the numbers of /dev/null), where the test may make one (root).
    if (::mknod((dir / "device").c_str(), S_IFCHR | 0600, makedev(1, 3)) == 0) {
        error = write_file_atomically((dir / "device").string(), "x");
        ASSERT_TRUE(error);
        EXPECT_TRUE(contains(*error, "c'est un périphérique, pas un fichier")) << *error;
        struct stat st {};
        ASSERT_EQ(::lstat((dir / "device").c_str(), &st), 0);
        EXPECT_TRUE(S_ISCHR(st.st_mode));
    }
    error = write_file_atomically((dir / "absent" / "x.json").string(), "x");
    ASSERT_TRUE(error);
    EXPECT_TRUE(contains(*error, "dossier absent")) << *error;
    std::vector<std::string> left = {"dangling", "fifo", "sub"};
    if (fs::exists(fs::symlink_status(dir / "device"))) left.insert(left.begin() + 1, "device");
    EXPECT_EQ(names(dir), left);  // no temporary left, nothing created
}

TEST(FileWriter, ALongestLegalNameWorks) {
    const fs::path dir = folder("writer_long");
    const std::string name = std::string(248, 'n') + ".json";  // 253 bytes
    ASSERT_EQ(name.size(), 253u);
    ASSERT_FALSE(write_file_atomically((dir / name).string(), "long"));
    EXPECT_EQ(read(dir / name), "long");
    EXPECT_EQ(names(dir), std::vector<std::string>{name});
}

// The writer's calls, recorded by a stand-in for the system.
struct Recorder {
    static inline std::vector<std::string> calls;
    static inline std::string failing;  // the call that fails, with errno `error`
    static inline int error = 0;
    static int result(const std::string& name, int ok) {
        calls.push_back(name);
        if (name == failing) {
            errno = error;
            return -1;
        }
        return ok;
    }
};

WriterCalls recording(const WriterCalls& real) {
    static WriterCalls r;
    static const WriterCalls* system = &real;
    r.open = [](const char* p, int f, mode_t m) {
        return Recorder::result((f & O_TMPFILE) == O_TMPFILE ? "open unnamed" : "open", 0) < 0 ? -1 : system->open(p, f, m);
    };
    r.write = [](int fd, const void* d, std::size_t n) -> ssize_t {
        return Recorder::result("write", 0) < 0 ? -1 : system->write(fd, d, n);
    };
    r.fsync = [](int fd) { return Recorder::result("fsync", 0) < 0 ? -1 : system->fsync(fd); };
    r.fchmod = [](int fd, mode_t m) { return Recorder::result("fchmod", 0) < 0 ? -1 : system->fchmod(fd, m); };
    r.close = [](int fd) {
        system->close(fd);
        return Recorder::result("close", 0);
    };
    r.link = [](int fd, const char* to) { return Recorder::result("link", 0) < 0 ? -1 : system->link(fd, to); };
    r.rename = [](const char* a, const char* b) { return Recorder::result("rename", 0) < 0 ? -1 : system->rename(a, b); };
    r.unlink = [](const char* p) { return Recorder::result("unlink", 0) < 0 ? -1 : system->unlink(p); };
    return r;
}

using Calls = std::vector<std::string>;

// The data synced before the file is named or renamed, with an unnamed file (O_TMPFILE) and,
// where that is refused, with a hidden one; each failure leaves the target and the folder as they were.
TEST(FileWriter, SyncsBeforeItNamesOrRenames) {
    const fs::path dir = folder("writer_order");
    const WriterCalls calls = recording(system_writer_calls());
    Recorder::failing.clear();
    Recorder::calls.clear();
    ASSERT_FALSE(write_file_atomically((dir / "new.json").string(), "data", calls));
    EXPECT_EQ(Recorder::calls, (Calls{"open unnamed", "write", "fsync", "link", "close"}));  // named as the target at once

    write(dir / "old.json", "old");
    Recorder::calls.clear();
    ASSERT_FALSE(write_file_atomically((dir / "old.json").string(), "data", calls));
    EXPECT_EQ(Recorder::calls, (Calls{"open unnamed", "fchmod", "write", "fsync", "link", "close", "rename"}));

    // A file system without O_TMPFILE: the hidden name from the start.
    Recorder::calls.clear();
    Recorder::failing = "open unnamed";
    Recorder::error = EOPNOTSUPP;
    ASSERT_FALSE(write_file_atomically((dir / "old.json").string(), "data", calls));
    EXPECT_EQ(Recorder::calls, (Calls{"open unnamed", "open", "fchmod", "write", "fsync", "close", "rename"}));
    EXPECT_EQ(names(dir), (Calls{"new.json", "old.json"}));

    // The unnamed file cannot be named (no /proc, a file system without links): the hidden way.
    Recorder::calls.clear();
    Recorder::failing = "link";
    Recorder::error = EPERM;
    ASSERT_FALSE(write_file_atomically((dir / "old.json").string(), "linked", calls));
    EXPECT_EQ(Recorder::calls, (Calls{"open unnamed", "fchmod", "write", "fsync", "link", "close", "open", "fchmod", "write",
                                      "fsync", "close", "rename"}));
    EXPECT_EQ(read(dir / "old.json"), "linked");
    write(dir / "old.json", "data");
    EXPECT_EQ(names(dir), (Calls{"new.json", "old.json"}));

    // Each failure: the reason said, the target intact, nothing left (the named temporary removed).
    for (const auto& [call, error, said, unnamed_end] : std::vector<std::tuple<std::string, int, std::string, Calls>>{
             {"write", ENOSPC, "disque plein", {"write", "close"}},
             {"fsync", EIO, "erreur d'entrée-sortie", {"fsync", "close"}},
             {"close", EDQUOT, "quota disque dépassé", {"close", "unlink"}},
             {"rename", EACCES, "accès refusé", {"rename", "unlink"}}}) {
        Recorder::calls.clear();
        Recorder::failing = call;
        Recorder::error = error;
        auto refused = write_file_atomically((dir / "old.json").string(), "new", calls);
        ASSERT_TRUE(refused) << call;
        EXPECT_TRUE(contains(*refused, said)) << *refused;
        EXPECT_EQ(Calls(Recorder::calls.end() - 2, Recorder::calls.end()), unnamed_end) << call;
        EXPECT_EQ(read(dir / "old.json"), "data");
        EXPECT_EQ(names(dir), (Calls{"new.json", "old.json"})) << call;
        // The same failure on the hidden way: its temporary removed last.
        const WriterCalls hidden = [&] {
            WriterCalls c = calls;
            c.open = [](const char* p, int f, mode_t m) {
                if ((f & O_TMPFILE) == O_TMPFILE) {
                    errno = EOPNOTSUPP;
                    return -1;
                }
                return Recorder::result("open", 0) < 0 ? -1 : ::open(p, f, m);
            };
            return c;
        }();
        Recorder::calls.clear();
        refused = write_file_atomically((dir / "old.json").string(), "new", hidden);
        ASSERT_TRUE(refused) << call;
        EXPECT_TRUE(contains(*refused, said)) << *refused;
        EXPECT_EQ(Recorder::calls.back(), "unlink") << call;
        EXPECT_EQ(std::count(Recorder::calls.begin(), Recorder::calls.end(), "rename"), call == "rename" ? 1 : 0);
        EXPECT_EQ(read(dir / "old.json"), "data");
        EXPECT_EQ(names(dir), (Calls{"new.json", "old.json"})) << call;
    }
}

// The pipe a paused writer says "written and synced" on (the child of the test below).
int paused_signal = -1;

// A writer killed (SIGKILL) after its data is written and synced, before it names the file:
// nothing is left in the folder, the old file is intact (tmpfs and the test's usual disk).
TEST(FileWriter, AKilledWriterLeavesNothing) {
    std::vector<fs::path> dirs = {folder("writer_killed")};
    if (::access("/dev/shm", W_OK) == 0) {
        dirs.push_back(fs::path("/dev/shm") / ("tb_files_killed_" + std::to_string(getpid())));
        fs::remove_all(dirs.back());
        fs::create_directories(dirs.back());
    }
    for (const fs::path& dir : dirs) {
        const int probe = ::open(dir.c_str(), O_WRONLY | O_TMPFILE, 0600);
        if (probe < 0) {
            ADD_FAILURE() << dir << " has no O_TMPFILE (errno " << errno << "): the writer falls back to a hidden name";
            continue;
        }
        ::close(probe);
        write(dir / "old.json", "old");
        for (const fs::path& target : {dir / "old.json", dir / "new.json"}) {
            int ends[2];
            ASSERT_EQ(::pipe(ends), 0);
            const pid_t child = ::fork();
            ASSERT_GE(child, 0);
            if (child == 0) {
                ::close(ends[0]);
                paused_signal = ends[1];
                WriterCalls pausing = system_writer_calls();
                pausing.fsync = [](int fd) {
                    const int done = ::fsync(fd);
                    const char byte = 'w';
                    if (::write(paused_signal, &byte, 1) != 1) ::_exit(3);
                    for (;;) ::pause();  // until killed
                    return done;
                };
                write_file_atomically(target.string(), std::string(100000, 'n'), pausing);
                ::_exit(4);  // the pause was never reached
            }
            ::close(ends[1]);
            char byte = 0;
            EXPECT_EQ(::read(ends[0], &byte, 1), 1) << target;  // written and synced, not named
            ::close(ends[0]);
            EXPECT_EQ(names(dir), Calls{"old.json"}) << target;
            ::kill(child, SIGKILL);
            int status = 0;
            ASSERT_EQ(::waitpid(child, &status, 0), child);
            EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << target;
            EXPECT_EQ(names(dir), Calls{"old.json"}) << target;
            EXPECT_EQ(read(dir / "old.json"), "old");
        }
    }
    if (dirs.size() > 1) fs::remove_all(dirs.back());
}

// Two writers at once, 100 times: the file is always one of them whole, both say they succeeded.
TEST(FileWriter, ConcurrentWritersNeverCorrupt) {
    const fs::path dir = folder("writer_race");
    const fs::path path = dir / "shared.json";
    const std::string a(200000, 'a'), b(150000, 'b');
    for (int pair = 0; pair < 100; ++pair) {
        std::optional<std::string> ea, eb;
        std::thread ta([&] { ea = write_file_atomically(path.string(), a); });
        std::thread tb([&] { eb = write_file_atomically(path.string(), b); });
        ta.join();
        tb.join();
        ASSERT_FALSE(ea) << *ea;
        ASSERT_FALSE(eb) << *eb;
        const std::string text = read(path);
        ASSERT_TRUE(text == a || text == b) << "pair " << pair << ": " << text.size() << " bytes";
    }
    EXPECT_EQ(names(dir), std::vector<std::string>{"shared.json"});
}

}  // namespace
}  // namespace tb
