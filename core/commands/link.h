#pragma once
// A link to a state (channel.md §7 /lien, cli.md "The web page"): command lines in a URL fragment,
// "#/couches%206;/residuel%20off". A link is untrusted text (anyone may send one to a class): it may
// set the settings, the view and the step, open a built-in lesson by name, train a bounded number
// of steps and generate (/generer, /temperature, /cache: bounded by their own commands), never save,
// export, open a file or touch the stored session.
//
// The policy is an allow-list: each command a link may run is named here with a check of its
// argument, so a command added later is refused from links until someone decides otherwise. The
// settings table's commands (settings_table.h) are allowed whatever their argument: a setting is
// state only, and its own command checks its value.
//
// Pure: no file is read; the registry runs the lines afterwards, each refusing a bad value itself.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/command_kit.h"

namespace tb {

// What a link may start: at most this many training steps (/entrainer N), and as many in all
// across a sweep's seeds (/graines A..B N: seeds × N), for at most kMaxLinkSeeds seeds.
constexpr int kMaxLinkTrainingSteps = 3000;
constexpr int kMaxLinkSeeds = 32;
// A fragment's size (its bytes as encoded) and its number of command lines.
constexpr std::size_t kMaxLinkBytes = 8192;
constexpr std::size_t kMaxLinkLines = 64;

struct LinkLines {
    std::vector<std::string> lines;  // empty when refused
    std::optional<Text> error;       // why nothing may run, "(rien n'a été changé)" at its end
};

// The lines of a fragment ("#" optional): cut at each ';' as typed, then each piece percent-decoded
// (%XX, two hex digits, either case; '+' stays a plus: a fragment is not a form), trimmed, empty ones
// dropped. Strict: a '%' not followed by two hex digits, bytes that are not UTF-8, a control
// character (C0, DEL, C1: a new line, a tab) raw or decoded, too many bytes or lines: refused in
// French, no line given. A ';' or '#' inside a line is written %3B, %23, so a decoded line is run
// as it stands, never split again.
LinkLines decode_link(std::string_view fragment);

// One line percent-encoded for a fragment: every byte but the unreserved ones (letters, digits,
// - . _ ~) and ! $ & ' ( ) * + , = : @ / ? as %XX (upper case): spaces, ';', '#', '%', quotes,
// brackets and every byte of a non-ASCII character.
std::string encode_link_line(std::string_view line);
// The fragment of these lines: "#" then the lines encoded, joined by ';'.
std::string encode_link(const std::vector<std::string>& lines);

// Why `line` may not come from a link (nothing when it may): what a link may not do, then the line.
std::optional<Text> link_line_refusal(std::string_view line);
// The first line of `lines` a link may not run, said with "(rien n'a été changé)"; nothing when
// every line may run.
std::optional<Text> link_refusal(const std::vector<std::string>& lines);

// A fragment read and checked: its lines when every one may run, else why none runs. The web page
// runs them as --run does (cli.md): one by one through the window's features, each line as it stands
// (never split again), each training ended before the next line (Features::wait_for_training),
// stopping at the first the registry refuses.
LinkLines read_link(std::string_view fragment);

}  // namespace tb
