// layout_check PNG COMMANDS ACTIONS: the window's own account of a settled frame (the test action
// « layout_report FILE », app/ui/layout_report.h), at a projector's or a screen's size:
// - every window inside the display, and every widget inside its window (how far its items
//   reach, ImGui's DC.CursorMaxPos), nothing beyond it and no scroll bar, except the console's
//   log and the lesson's text, which scroll by design;
// - every run of text at least kMinTextPx tall, on screen, no glyph cut by a clip rectangle (a
//   label cut at a frame's edge) outside the two that scroll;
// - the timeline's scrub bar spans 0 … 2L+1 with the stop level (/etape) marked, the mark drawn
//   where the report says (in the PNG), not at the bar's end unless the stop is the output.
// And seed 002's modern block where the script shows it (check_modern), from the same text runs:
// - A/B of /recette gpt2 | /recette llama: the formula strip writes both blocks, labelled A and B,
//   B's (RMSNorm, RoPE, GQA, SwiGLU) under A's (LN, GELU), as seed 002's table writes them;
// - /position alibi, mid-attention: each penalty written beside a weight is −d/2ᵏ with d a
//   distance 1 … n − 1 and 2ᵏ = 1/m, m = 2^(−8(j'+1)/h) for the shown head j' (Press et al.);
// - /tetes h h_kv (GQA): the chips carry their head numbers 0 … h − 1 and 0 … h_kv − 1;
// - a gated FFN, mid-FFN: its three rows named (gate, value, hidden), no two names overlapping.
// And three readings issue 34 found wrong (check_readings): the profile's and the cosine plot's
// level names never run together (« ffn 2 output »); in the memory panel, seed 002's example named
// as the course's note, not « Graine 002 » (a random seed's word), and its numbers written whole on
// one line (« 134, / 217,728 », « 4, / 096² » at 1024×768).
// Exit status 1 when any check fails.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "picture_check.h"

namespace {

using namespace tb;
using namespace tb::test;

std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream in(line);
    for (std::string f; std::getline(in, f, '\t');) out.push_back(f);
    return out;
}

float num(const std::vector<std::string>& f, std::size_t i) { return i < f.size() ? std::stof(f[i]) : NAN; }

// Windows whose content scrolls by design: the console's log, the lesson's text.
// With a lesson open in the normal layout the controls scroll too: the lesson takes the top of
// their column (screen.h).
bool g_controls_scroll = false;
bool may_scroll(const std::string& name) {
    return name.find("##log") != std::string::npos || name.find("##lecon_texte") != std::string::npos ||
           (g_controls_scroll && name.rfind("##controls", 0) == 0);
}

// The value of a command's argument in the script ("/couches 6" -> 6), or `otherwise`.
int argument(const std::string& commands, const std::string& command, int otherwise) {
    int value = otherwise;
    for (std::size_t at = commands.find(command); at != std::string::npos; at = commands.find(command, at + 1))
        value = std::atoi(commands.c_str() + at + command.size());
    return value;
}

std::string report_path(const std::string& actions) {
    const std::string key = "layout_report ";
    const std::size_t at = actions.find(key);
    if (at == std::string::npos) return {};
    const std::size_t end = actions.find_first_of("\n|", at);
    return actions.substr(at + key.size(), end == std::string::npos ? std::string::npos : end - at - key.size());
}

struct Counts {
    int windows = 0, texts = 0, small = 0;
    float smallest = 1e9f;
};

void check_window(const std::vector<std::string>& f, float dw, float dh, Counts& n) {
    const std::string& name = f[1];
    const float x = num(f, 2), y = num(f, 3), w = num(f, 4), h = num(f, 5);
    const float items_right = num(f, 6), items_bottom = num(f, 7), scroll_x = num(f, 8), scroll_y = num(f, 9);
    const bool bar_x = f[10] == "1", bar_y = f[11] == "1";
    ++n.windows;
    check(x >= -0.5f && y >= -0.5f && x + w <= dw + 0.5f && y + h <= dh + 0.5f, "window " + name + " on screen");
    if (may_scroll(name)) return;
    const bool inside = items_right <= x + w + 0.5f && items_bottom <= y + h + 0.5f;
    check(inside, "window " + name + ": every widget inside (items reach " + std::to_string(static_cast<int>(items_right)) + ", " +
                      std::to_string(static_cast<int>(items_bottom)) + "; window ends " + std::to_string(static_cast<int>(x + w)) +
                      ", " + std::to_string(static_cast<int>(y + h)) + ")");
    // (ImGui's scroll range also counts the bottom padding: the items' reach is the measure.)
    check(!bar_x && !bar_y, "window " + name + ": no scroll bar (scroll range " + std::to_string(static_cast<int>(scroll_x)) + ", " +
                                std::to_string(static_cast<int>(scroll_y)) + ")");
}

void check_text(const std::vector<std::string>& f, float dw, float dh, Counts& n) {
    const std::string& owner = f[1];
    const float px = num(f, 2), x = num(f, 3), y = num(f, 4), right = num(f, 5), bottom = num(f, 6);
    const int cut = std::atoi(f[7].c_str());
    const std::string text = f.size() > 8 ? f[8] : "";
    ++n.texts;
    n.smallest = std::min(n.smallest, px);
    if (px < kMinTextPx - 0.05f) {
        ++n.small;
        check(false, "text « " + text + " » in " + owner + " at " + std::to_string(px) + " px (under 16)");
    }
    if (!may_scroll(owner)) {
        if (cut > 0) check(false, "text « " + text + " » in " + owner + ": " + std::to_string(cut) + " glyph(s) cut");
        if (x < -0.5f || y < -0.5f || right > dw + 0.5f || bottom > dh + 0.5f) check(false, "text « " + text + " » off screen");
    }
}

// The scrub bar: 0 … 2L+1, the stop at /etape's level, its tick drawn in the picture.
void check_scrub(const std::vector<std::string>& f, const std::string& commands, const Image& img) {
    const int layers = argument(commands, "/couches ", 2);
    const int stop = argument(commands, "/etape ", 2 * layers + 1);
    const float lo = num(f, 6), hi = num(f, 7), marked = num(f, 8), x = num(f, 9);
    check(lo == 0 && hi == static_cast<float>(2 * layers + 1),
          "scrub bar spans 0 … 2L+1 = " + std::to_string(2 * layers + 1) + " (got " + f[6] + " … " + f[7] + ")");
    check(marked == static_cast<float>(stop), "the stop level marked at " + std::to_string(stop) + " (got " + f[8] + ")");
    const float x0 = num(f, 2), x1 = num(f, 4), cy = 0.5f * (num(f, 3) + num(f, 5));
    const float expected = x0 + (x1 - x0) * static_cast<float>(stop) / (hi > 0 ? hi : 1);
    check(std::abs(x - expected) < 12.f, "the stop's tick at its level along the bar (" + std::to_string(static_cast<int>(x)) +
                                             ", expected about " + std::to_string(static_cast<int>(expected)) + ")");
    check(near(img.at(x, cy), {255, 210, 80}, 40), "the stop's tick drawn in the picture at x " + std::to_string(static_cast<int>(x)) +
                                                     " (" + str(img.at(x, cy)) + ")");
}

struct Run {
    std::string owner, text;
    float px, x, y, right, bottom;
};

std::string without_spaces(const std::string& s) {
    std::string out;
    for (char c : s)
        if (c != ' ') out += c;
    return out;
}

// The text of the runs of windows whose name starts with `owner`, joined, spaces left out.
std::string joined(const std::vector<Run>& runs, const std::string& owner) {
    std::string out;
    for (const Run& r : runs)
        if (r.owner.rfind(owner, 0) == 0) out += without_spaces(r.text) + "|";
    return out;
}

const Run* find_run(const std::vector<Run>& runs, const std::string& owner, const std::string& piece) {
    for (const Run& r : runs)
        if (r.owner.rfind(owner, 0) == 0 && without_spaces(r.text).find(without_spaces(piece)) != std::string::npos) return &r;
    return nullptr;
}

bool has(const std::string& commands, const std::string& piece) { return commands.find(piece) != std::string::npos; }

// No text over another in a window: a box's name over a norm band's « LN » tag read « FFN » half
// hidden in A/B at L 6; a line's word over the level « sortie » under the profile. A line's top
// and bottom fifth are blank, so lines may graze; a part of a text redrawn in another colour over
// itself (a badge's « × 3 ») is not another text.
void check_no_overlap(const std::vector<Run>& runs) {
    const auto bare = [](std::string t) {  // « (× 3 » under « × 3) »: the badge's factor recoloured
        t.erase(std::remove_if(t.begin(), t.end(), [](char c) { return c == '(' || c == ')'; }), t.end());
        return t;
    };
    for (std::size_t i = 0; i < runs.size(); ++i)
        for (std::size_t j = i + 1; j < runs.size(); ++j) {
            const Run &a = runs[i], &b = runs[j];
            const std::string ta = bare(a.text), tb = bare(b.text);
            if (a.owner != b.owner || ta.find(tb) != std::string::npos || tb.find(ta) != std::string::npos) continue;
            const float x = std::min(a.right, b.right) - std::max(a.x, b.x), y = std::min(a.bottom, b.bottom) - std::max(a.y, b.y);
            if (x > 1.f && y > 0.2f * std::min(a.px, b.px))
                check(false, "« " + a.text + " » over « " + b.text + " » in " + a.owner + " (" + std::to_string(static_cast<int>(x)) +
                                 " x " + std::to_string(static_cast<int>(y)) + " px)");
        }
}

void check_modern(const std::vector<Run>& runs, const std::string& commands, const std::string& actions) {
    // The strip's runs joined (a lit term or a subscript starts a run of its own).
    std::string formula = joined(runs, "##formule");
    formula.erase(std::remove(formula.begin(), formula.end(), '|'), formula.end());
    if (has(commands, "/recette gpt2") && has(commands, "/comparer on") && has(commands, "/b /recette llama")) {
        // Seed 002's table: GPT-2 pre-LayerNorm, GELU; Llama pre-RMSNorm, RoPE, GQA, SwiGLU.
        for (const char* piece : {"Ax←x+Attn", "Attn(LN(x))", "W₂GELU(W₁LN(x))", "Bx←x+Attn", "RoPE,GQA", "RMSNorm(x)",
                                  "x←x+W₂(SiLU(W₁RMSNorm(x))⊙W₃RMSNorm(x))"})
            check(formula.find(piece) != std::string::npos, std::string("the A/B formula strip writes « ") + piece + " » (strip: " + formula + ")");
        const Run* a = find_run(runs, "##formule", "GELU");
        const Run* b = find_run(runs, "##formule", "SiLU");
        check(a && b && b->y > a->y + 4, "B's block written under A's");
        // RoPE adds nothing at the input: B's input box says so (« embeddings, sans position », or
        // « sans position » where a half is narrow), not « entrée » as A's may.
        bool whole = false, sans = false, position = false;  // on one line or two
        for (const Run& r : runs) {
            if (r.owner != "##coupe_b") continue;  // B's half
            const std::string t = without_spaces(r.text);
            whole = whole || t == "sansposition" || t == "embeddings,sansposition";
            sans = sans || t == "sans" || t == "embeddings,sans";
            position = position || t == "position";
        }
        check(whole || (sans && position), "B's input box says « sans position »");
    }
    const std::string section = "##coupe";
    if (has(commands, "/position alibi") && has(actions, "playhead 0.45")) {
        int h = 2;
        if (const std::size_t at = commands.find("/tetes "); at != std::string::npos) h = std::atoi(commands.c_str() + at + 7);
        const int n = 5;  // the start-up sentence, « le chat regarde le chien »
        const long over_m = std::lround(std::pow(2.0, 8.0 * (0 + 1) / h));  // head 1 shown: j' = 0
        int penalties = 0;
        for (const Run& r : runs) {
            if (r.owner.rfind(section, 0) != 0) continue;
            std::stringstream words(r.text);
            for (std::string w; words >> w;) {
                if (w.rfind("−", 0) != 0 || w.find('/') == std::string::npos) continue;
                const int d = std::atoi(w.c_str() + std::string("−").size());
                const long k = std::atol(w.c_str() + w.find('/') + 1);
                ++penalties;
                check(d >= 1 && d <= n - 1 && k == over_m, "ALiBi penalty « " + w + " » is −d/" + std::to_string(over_m) +
                                                               " with d in 1 … " + std::to_string(n - 1));
            }
        }
        check(penalties >= 2, "ALiBi's penalties written beside the weights (" + std::to_string(penalties) + ")");
    }
    if (const std::size_t at = commands.find("/tetes "); at != std::string::npos && has(actions, "playhead 0.45")) {
        int h = 0, kv = 0;
        std::stringstream(commands.substr(at + 7, commands.find_first_of("\n|", at) - at - 7)) >> h >> kv;
        std::string q, k;
        for (int i = 0; i < h; ++i) q += std::to_string(i);
        for (int i = 0; i < kv; ++i) k += std::to_string(i);
        // The numbers written alone, a row of chips per line: joined left to right.
        std::map<int, std::map<float, std::string>> rows;
        for (const Run& r : runs) {
            const std::string digits = without_spaces(r.text);
            if (r.owner.rfind(section, 0) == 0 && !digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos)
                rows[static_cast<int>(std::lround(r.y))][r.x] = digits;
        }
        std::set<std::string> lines;
        for (const auto& [y, row] : rows) {
            std::string line;
            for (const auto& [x, digits] : row) line += digits;
            lines.insert(line);
        }
        if (kv > 0 && kv < h) check(lines.count(q) && lines.count(k), "GQA chips numbered " + q + " over " + k);
    }
    if ((has(commands, "/activation swiglu") || has(commands, "/recette llama")) && has(actions, "playhead 1.45")) {
        // Each row named on a run of its own (in an A/B half there may be no room: the caption names them).
        std::vector<const Run*> names;
        const bool half = has(commands, "/comparer on");
        for (const char* name : {"porte SiLU(W₁x)", "⊙ valeur W₃x", "= cachée"}) {
            const Run* r = nullptr;
            for (const Run& run : runs)
                if (run.owner.rfind(section, 0) == 0 && without_spaces(run.text) == without_spaces(name)) r = &run;
            check(r != nullptr || half, std::string("the gated FFN's row « ") + name + " » named");
            if (r) names.push_back(r);
        }
        if (half) check(find_run(runs, section, "porte SiLU(W₁x)") && find_run(runs, section, "valeur"),
                        "the gated FFN's gate and value named (caption or rows)");
        for (std::size_t i = 0; i < names.size(); ++i)
            for (std::size_t j = i + 1; j < names.size(); ++j) {
                const Run& a = *names[i];
                const Run& b = *names[j];
                const bool apart = a.right <= b.x || b.right <= a.x || a.bottom <= b.y || b.bottom <= a.y;
                check(apart, "the FFN's row names « " + a.text + " » and « " + b.text + " » do not overlap");
            }
    }
}

// A level's name on the plots' x axis (« att 1 » and « ffn 1 » joined first, their own space
// taken out): 2 for a medium name, which is words (« ffn 2 », « sortie »), 1 for a short one (« f2 »,
// « S »), 0 for another word.
int level_name(const std::string& word) {
    if (word == "input" || word == "output" || word == "entrée" || word == "sortie") return 2;
    if (word == "E" || word == "I" || word == "S" || word == "O") return 1;
    const std::size_t digit = word.find_first_of("0123456789");
    if (digit == std::string::npos || digit == 0 || word.find_first_not_of("0123456789", digit) != std::string::npos) return 0;
    const std::string stem = word.substr(0, digit);
    return stem == "att" || stem == "ffn" ? 2 : stem == "a" || stem == "f" ? 1 : 0;
}

// Two names touching, read as one word: « ffn2output », « entréeatt1 ».
bool glued(const std::string& word) {
    for (const std::string end : {"input", "output", "entrée", "sortie"})
        if (word.rfind(end, 0) == 0 && word.size() > end.size()) return true;
    if (word.rfind("att", 0) != 0 && word.rfind("ffn", 0) != 0) return false;
    std::size_t i = 3;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
    return i > 3 && i < word.size();
}

void check_readings(const std::vector<Run>& runs, const std::string& commands) {
    for (const Run& r : runs) {
        if (r.owner.rfind("##profil", 0) != 0 && r.owner.rfind("##cosinus", 0) != 0) continue;
        // The screen text joins runs closer than one and a half spaces with one space: two names
        // separated by one space read as one label where one of them is words (« ffn 2 output »);
        // short names (« a1 f1 ») have no space of their own and stay apart.
        std::string text = r.text;
        for (const char* stem : {"att ", "ffn "})
            for (std::size_t at = text.find(stem); at != std::string::npos; at = text.find(stem, at + 1))
                if (at + 4 < text.size() && std::isdigit(static_cast<unsigned char>(text[at + 4]))) text.erase(at + 3, 1);
        std::vector<std::string> words;
        std::stringstream in(text);
        for (std::string w; std::getline(in, w, ' ');) words.push_back(w);
        bool apart = true;
        for (std::size_t i = 0; i < words.size(); ++i) {
            const int a = i ? level_name(words[i - 1]) : 0, b = level_name(words[i]);
            apart = apart && !(a && b && a + b > 2) && !glued(words[i]);
        }
        if (!apart || r.text.find("ffn") != std::string::npos || r.text.find("a1") != std::string::npos)
            check(apart, "the level names apart in " + r.owner + " (read « " + r.text + " »)");
    }
    if (!has(commands, "/panneau memoire")) return;
    const bool en = has(commands, "/langue en");
    check(find_run(runs, "##panneau_memoire", en ? "Course note 002:" : "Fiche 002 du cours :") != nullptr &&
              find_run(runs, "##panneau_memoire", en ? "Seed 002" : "Graine 002") == nullptr,
          "seed 002's example named as the course's note 002, not as a random seed");
    // By hand: one layer's scores 8 × 4 096² = 134 217 728; GPT-2 small's KV cache at N = 1 024,
    // 2 × 12 × 1 024 × 12 × 64 × 1 = 18 874 368. Each written whole on one line (ImGui's wrapping
    // breaks after a comma: « 8 × 4, / 096² » at 1024×768).
    const std::string g = en ? "," : "\u202F";
    for (const std::string& number : {"4" + g + "096²", "134" + g + "217" + g + "728", "1" + g + "024", "18" + g + "874" + g + "368"})
        check(find_run(runs, "##panneau_memoire", number) != nullptr, "« " + number + " » written whole on one line in the memory panel");
}

// Presenter mode with a lesson, from 768 lines up: the lesson's strip never crushes the figures,
// the norm profile's plot and the grid's cells 160 px tall or more, the cosine plot 100, and the
// start-up sentence's cosines written in the cells at 16 px or more (issue 33: at 1024x768 the
// profile was a 30 px strip, its words over « log · linéaire », « cosinus moye » cut).
void check_figures(const std::map<std::string, std::vector<float>>& marks, const std::string& commands, float display_h) {
    // At the window's text size: a larger /vue texte takes its room from the figures.
    if (!has(commands, "/presentateur on") || !has(commands, "/lecon") || has(commands, "/vue texte") || display_h < 768) return;
    const auto height = [&](const char* name) {
        const auto at = marks.find(name);
        return at == marks.end() ? 0.f : at->second[3] - at->second[1];
    };
    const auto px = [&](const char* name) {
        const auto at = marks.find(name);
        return at == marks.end() || at->second.size() < 5 ? 0.f : at->second[4];
    };
    check(height("profile_plot") >= 160, "the norm profile's plot is 160 px tall or more (" + std::to_string(height("profile_plot")) + ")");
    check(height("similarity_cells") >= 160, "the grid's cells are 160 px tall or more (" + std::to_string(height("similarity_cells")) + ")");
    check(height("cosine_plot") >= 100, "the cosine plot is 100 px tall or more (" + std::to_string(height("cosine_plot")) + ")");
    if (!has(commands, "/phrase"))
        check(px("similarity_cells") >= kMinTextPx, "the grid's numbers written at 16 px or more (" + std::to_string(px("similarity_cells")) + ")");
}

// Issue 34: the start-up sentence's two « le » linked at the input, their cosine written on the
// link, « cos 0,79 » (the Python reference's forward pass: 0.7898), above the words under the
// input beads and between the two « le », at 16 px or more; the arch drawn white, 3 px or more,
// beside its pill (the input's words and vectors are the start-up ones in these scripts).
void check_twin_link(const std::vector<Run>& runs, const std::string& commands, const Image& img) {
    for (const char* other : {"/phrase", "/position", "/graine", "/recette", "/dimension", "/langue", "/lecon", "/comparer",
                              "/panneau", "/entrainer", "/melanger", "/etape"})
        if (has(commands, other)) return;
    std::vector<const Run*> le;
    for (const Run& r : runs)
        if (r.owner == "##coupe" && r.text == "le") le.push_back(&r);
    const Run* link = nullptr;  // the lowest « cos … »: the input's
    for (const Run& r : runs)
        if (r.owner == "##coupe" && r.text.rfind("cos ", 0) == 0 && (!link || r.y > link->y)) link = &r;
    check(le.size() == 2, "the two « le » written under the input beads (" + std::to_string(le.size()) + ")");
    check(link && link->text == "cos 0,79", "the input's link says « cos 0,79 » (" + (link ? link->text : std::string("none")) + ")");
    if (!link || le.size() != 2) return;
    const float left = std::min(le[0]->x, le[1]->x), right = std::max(le[0]->right, le[1]->right);
    check(link->bottom <= std::min(le[0]->y, le[1]->y) && link->x >= left && link->right <= right,
          "« cos 0,79 » above the words, between the two « le »");
    check(link->px >= kMinTextPx - 0.05f, "« cos 0,79 » at 16 px or more (" + std::to_string(link->px) + ")");
    // Just left of the pill (its padding 0.45 of the text size) the arch runs nearly level: white.
    const float x = link->x - link->px * 0.45f - 6;
    int white = 0, longest = 0;
    for (float y = link->y - link->px; y <= link->bottom + link->px; ++y) {
        const palette::Colour8 c = img.at(x, y);
        white = c.r >= 230 && c.g >= 230 && c.b >= 230 ? white + 1 : 0;
        longest = std::max(longest, white);
    }
    check(longest >= 3, "the link's arch drawn white, " + std::to_string(longest) + " px thick (3 or more)");
}

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 3, "layout_check PNG COMMANDS ACTIONS");
    const std::string commands = argv[2], path = report_path(argv[3]);
    g_controls_scroll = has(commands, "/lecon ouvrir") && !has(commands, "/presentateur on");
    std::ifstream in(path);
    check(static_cast<bool>(in), "the layout report " + path + " was written");
    float dw = 0, dh = 0;
    Counts n;
    bool scrub = false;
    std::vector<Run> runs;
    std::map<std::string, std::vector<float>> marks;  // a mark's X0 Y0 X1 Y1 VALUES…
    for (std::string line; std::getline(in, line);) {
        const std::vector<std::string> f = fields(line);
        if (f.empty()) continue;
        if (f[0] == "text" && f.size() >= 9) runs.push_back({f[1], f[8], num(f, 2), num(f, 3), num(f, 4), num(f, 5), num(f, 6)});
        if (f[0] == "display" && f.size() >= 3) dw = num(f, 1), dh = num(f, 2);
        else if (f[0] == "window" && f.size() >= 12) check_window(f, dw, dh, n);
        else if (f[0] == "text" && f.size() >= 8) check_text(f, dw, dh, n);
        else if (f[0] == "mark" && f.size() >= 10 && f[1] == "scrub") check_scrub(f, commands, img), scrub = true;
        if (f[0] == "mark" && f.size() >= 6)
            for (std::size_t k = 2; k < f.size(); ++k) marks[f[1]].push_back(num(f, k));
    }
    check(dw == static_cast<float>(img.w) && dh == static_cast<float>(img.h), "the report's display is the picture's size");
    check(n.windows >= 5 && n.texts >= 20, "windows (" + std::to_string(n.windows) + ") and text runs (" + std::to_string(n.texts) + ") reported");
    check(n.small == 0, "no text under 16 px (smallest " + std::to_string(n.smallest) + " px)");
    const bool presenter_lesson = commands.find("/lecon") != std::string::npos;
    check(scrub || presenter_lesson, "the timeline's scrub bar reported");
    check_modern(runs, commands, argv[3]);
    check_no_overlap(runs);
    check_readings(runs, commands);
    check_figures(marks, commands, dh);
    check_twin_link(runs, commands, img);
    // Presenter mode: no tooltip where the pointer rests (never moved, or left still 4.5 s).
    if (has(commands, "/presentateur on"))
        for (const Run& r : runs) check(r.owner.rfind("##Tooltip", 0) != 0, "no tooltip without a hover: « " + r.text + " »");
    std::printf("smallest text: %.1f px\n", static_cast<double>(n.smallest));
    return verdict();
}
