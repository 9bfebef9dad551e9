#pragma once
// Every file the program reads or writes goes through here: one safe reader, one safe writer.
//
// The reader never blocks (a FIFO, a terminal or a device is refused before any read), follows
// links, takes only regular files and stops reading at its size limit, so /dev/zero or a huge
// file costs nothing. A leading UTF-8 byte order mark is dropped.
//
// The writer puts the bytes in a file of the target's folder that has no name yet (O_TMPFILE),
// keeps an existing file's permissions, syncs it, and only then names it: as the target when there
// is none, else as a hidden .NAME.XXXXXX renamed over the target at once. A reader sees the old file
// or the new one, never half of one; two writers never share a temporary; a writer killed before
// the naming leaves nothing. Where O_TMPFILE is missing (some file systems, no /proc), the hidden
// file is created exclusively, without following links, from the start. A link to a regular file
// is kept and the file it points to replaced; a dangling link, a folder, a FIFO or a device as
// target is refused, and so is a file whose mode bits give no write permission (chmod a-w: refused
// whoever runs the program, root included, as an editor has it) or that this user may not write:
// renaming over it would bypass the protection its owner set.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>

#include "base/language.h"

namespace tb {

struct ReadResult {
    bool ok = false;
    std::string text;      // the whole file, without a leading BOM (when ok)
    std::string error;     // French: what the path is, or why it could not be read (when !ok)
    std::string error_en;  // the same in English
};

// Reads the regular file at `path` whole, at most `max_bytes` bytes.
ReadResult read_text_file(const std::string& path, std::size_t max_bytes);

// "256 Kio", "1 Mio", "500 octets" (or the English units): how a size limit is said.
std::string format_byte_limit(std::size_t bytes, bool english = false);

// A message in both languages.
struct FileMessage {
    std::string fr, en;
};

// "« path »" (French) or "“path”" (English) with its control characters (C0, DEL, C1) and bytes that
// are not UTF-8 made visible (utf8::visible): how every message shows a file name, safe to print on a
// terminal.
std::string quoted_path(std::string_view path, Language language = Language::French);

// Why nothing may be written at `path` (a read-only file, a folder, a missing folder…), asked
// before any work is done (--trace, --screenshot, /exporter image); nothing when it may be.
// The writer asks it again itself.
std::optional<FileMessage> write_refusal(const std::string& path);

// Writes `bytes` to `path` safely (above). Returns the French reason on failure.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes);

// The system calls the writer makes, replaceable by a test that checks their order and failures.
struct WriterCalls {
    int (*open)(const char* path, int flags, mode_t mode);
    ssize_t (*write)(int fd, const void* data, std::size_t size);
    int (*fsync)(int fd);
    int (*fchmod)(int fd, mode_t mode);
    int (*close)(int fd);
    int (*link)(int fd, const char* to);  // gives the open O_TMPFILE file `fd` the name `to`
    int (*rename)(const char* from, const char* to);
    int (*unlink)(const char* path);
};
const WriterCalls& system_writer_calls();
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes,
                                                 const WriterCalls& calls);
// The same, the reason in both languages (for the commands that answer in English too).
std::optional<FileMessage> write_file(const std::string& path, std::string_view bytes,
                                      const WriterCalls& calls = system_writer_calls());

// Told the path of every file the writer has put in place (the web page offers each as a
// download); empty unless set.
std::function<void(const std::string&)>& written_file_observer();

}  // namespace tb
