#include "scene/decode.h"

#include <algorithm>
#include <cmath>

#include "base/numbers.h"
#include "model/memory.h"
#include "model/settings_table.h"

namespace tb {
namespace {

int prompt_size(const Generation& g) { return static_cast<int>(g.prompt.size()); }
int word_count(const Generation& g) { return static_cast<int>(g.steps.size()); }
float smooth(float t) { return t * t * (3 - 2 * t); }
std::string pick(Language language, const std::string& french, const std::string& english) {
    return language == Language::French ? french : english;
}

// Keeps the records of the tokens `keep` accepts.
template <typename Keep>
void keep_tokens(FrameRecords& f, Keep keep) {
    const auto drop = [&](auto& records, auto token_of) {
        records.erase(std::remove_if(records.begin(), records.end(), [&](const auto& r) { return !keep(token_of(r)); }),
                      records.end());
    };
    drop(f.beads, [](const BeadRecord& r) { return r.token; });
    drop(f.lanes, [](const LaneRecord& r) { return r.token; });
    drop(f.arrows, [](const ArrowRecord& r) { return r.token; });
    drop(f.dials, [](const DialRecord& r) { return r.token; });
    drop(f.hidden, [](const HiddenRecord& r) { return r.token; });
    f.links.erase(std::remove_if(f.links.begin(), f.links.end(),
                                 [&](const LinkRecord& l) { return !keep(l.from_token) || !keep(l.to_token); }),
                  f.links.end());
}

// The positions a layer's cache holds at this instant, whether its newest column was just added,
// and which query's weights its strip shows (-1: none yet).
struct CacheState {
    int rows = 0, fresh = -1, query = -1;
};
CacheState cache_state(const Generation& g, const DecodeInstant& at, int attention_level) {
    const int n0 = prompt_size(g), k = at.word;
    const bool passed = at.playhead >= attention_level - 1 + kEntersBox;
    if (at.finished) return {at.shown, -1, at.shown - 1};
    if (k == 0) return passed ? CacheState{n0, -1, n0 - 1} : CacheState{};
    const int before = n0 + k - 1;  // the positions passed before word k climbs
    if (at.bars > 0 || at.drop >= 0) return {before, -1, before - 1};
    if (!passed) return {g.cache ? before : 0, -1, g.cache ? before - 1 : -1};
    return {before + 1, g.cache ? before : -1, before};
}

KvCacheRecord cache_record(const Trace& trace, const Layout& layout, const Box& box, const CacheState& state, bool cache_on,
                           int head) {
    const Settings& s = trace.settings;
    KvCacheRecord r;
    r.level = box.level, r.layer = box.block;
    r.rows = state.rows, r.fresh = state.fresh, r.cache_on = cache_on;
    r.kv_heads = s.kv_heads > 0 ? s.kv_heads : s.heads;
    r.capacity = Settings::kMaxTokens;
    const float pad = 4.f, gap = 2.f;
    const float x0 = std::max(layout.label_x, layout.stream_x1) + pad, x1 = box.rect.right() - pad;
    const float y0 = box.rect.y + pad, y1 = box.rect.bottom() - pad;
    r.cell_w = std::clamp((x1 - x0 - gap * (r.capacity - 1)) / r.capacity, 1.f, 28.f);
    const float groups = 1.f + 2.f * r.kv_heads + 0.8f;  // the strip, K's cells, V's, and the gaps between
    r.cell_h = std::clamp((y1 - y0) / groups, 1.f, r.cell_w);
    const float w = r.capacity * r.cell_w + (r.capacity - 1) * gap, h = groups * r.cell_h;
    r.area = {x1 - w, box.rect.cy() - h * 0.5f, w, h};
    r.strip_y = r.area.y;
    r.keys_y = r.strip_y + r.cell_h * 1.4f;
    r.values_y = r.keys_y + r.cell_h * (r.kv_heads + 0.4f);
    for (int p = 0; p < r.capacity; ++p)
        r.columns.push_back({r.area.x + p * (r.cell_w + gap), r.keys_y, r.cell_w, r.values_y + r.kv_heads * r.cell_h - r.keys_y});
    const auto& weights = trace.levels[static_cast<std::size_t>(box.level)].attention_weights;
    if (state.query >= 0 && !weights.empty()) {
        const Matrix& w_head = weights[static_cast<std::size_t>(std::clamp(head, 0, static_cast<int>(weights.size()) - 1))];
        for (int j = 0; j < state.rows && state.query < w_head.rows() && j < w_head.cols(); ++j)
            r.strip.push_back(static_cast<float>(w_head(state.query, j)));
    }
    return r;
}

// Word k's most probable words, the chosen one among them, at the output box's right part.
WordBarsRecord bars_record(const Generation& g, const Layout& layout, int word, float alpha,
                           const std::vector<std::string>& words) {
    WordBarsRecord r;
    const GenerationStep& step = g.steps[static_cast<std::size_t>(word - 1)];
    r.word = word, r.alpha = alpha;
    const Box* box = layout.box_for_level(static_cast<int>(layout.level_y.size()) - 1);
    if (!box) return r;
    r.px = std::clamp(box->rect.h / 3.f / 1.25f, kMinTextPx, std::max(kMinTextPx, layout.label_px));
    r.row_h = r.px * 1.25f;
    const int rows = std::clamp(static_cast<int>(box->rect.h / r.row_h), 1, 3);
    const Vector p = next_word_probabilities(step.logits, g.temperature);
    for (int id : top_ids(step.logits, rows, step.token)) {
        const std::string w = id >= 0 && id < static_cast<int>(words.size()) ? words[static_cast<std::size_t>(id)] : "?";
        r.bars.push_back({w, p(id), step.logits(id), id == step.token});
    }
    const float x = std::max(layout.label_x, layout.stream_x1) + 4.f;
    const float h = r.row_h * static_cast<float>(r.bars.size());
    r.area = {x, box->rect.cy() - h * 0.5f, box->rect.right() - 4.f - x, h};
    return r;
}

// The counters, on the section's caption line: the cache now (`held`: the positions each layer
// holds), and the multiply-adds so far.
std::string counters(const Generation& g, const DecodeInstant& at, int held, Language language) {
    const Settings& s = g.settings;
    const std::int64_t elements = held * (cache_elements(s, 0) / std::max(1, s.layers));
    std::int64_t with = g.prefill_multiply_adds, without = 0;
    for (int i = 0; i < at.word && i < word_count(g); ++i)
        with += g.steps[static_cast<std::size_t>(i)].with_cache, without += g.steps[static_cast<std::size_t>(i)].without_cache;
    const std::string cache = pick(language, "cache K/V : ", "K/V cache: ") + format_count(elements, language) +
                              pick(language, " éléments (", " elements (") + format_bytes(elements * kFp16Bytes, language) +
                              pick(language, " en fp16)", " in fp16)");
    if (at.word == 0)
        return pick(language, "Préremplissage : la phrase passe une fois ; ", "Prefill: the sentence passes once; ") + cache;
    const std::string head = pick(language, "Mot ", "Word ") + std::to_string(at.word) + "/" + std::to_string(word_count(g)) + " · ";
    return head + cache + pick(language, " · mult.-add. : ", " · multiply-adds: ") + format_count(with, language) +
           pick(language, " avec le cache, ", " with the cache, ") + format_count(without, language) +
           pick(language, " sans", " without");
}

}  // namespace

std::vector<std::string> generation_words(const Vocabulary& vocabulary) {
    std::vector<std::string> words;
    for (int id = 0; id < vocabulary.size(); ++id) words.push_back(id == vocabulary.mask_id() ? "[masque]" : vocabulary.word(id));
    return words;
}

bool shows_generation(const Generation& g, const Trace& trace) {
    if (trace.weights != g.weights || trace.token_count() != prompt_size(g) + word_count(g)) return false;
    Settings same = trace.settings;  // the sentence grew; any other setting changed makes it another model
    same.sentence = g.settings.sentence;
    if (settings_to_json(same) != settings_to_json(g.settings)) return false;
    for (int i = 0; i < trace.token_count(); ++i) {
        const int id = i < prompt_size(g) ? g.prompt[static_cast<std::size_t>(i)] : g.steps[static_cast<std::size_t>(i - prompt_size(g))].token;
        if (trace.tokens[static_cast<std::size_t>(i)].id != id) return false;
    }
    return true;
}

std::shared_ptr<const Generation> generation_on(const Trace& b, const Generation& a) {
    const int n0 = prompt_size(a);
    if (b.settings.mask != Mask::Causal || b.token_count() != n0 + word_count(a) || !b.weights) return nullptr;
    auto g = std::make_shared<Generation>();
    g->settings = b.settings, g->vocabulary_size = b.vocabulary_size, g->weights = b.weights;
    g->prompt = a.prompt, g->temperature = a.temperature, g->first_draw = a.first_draw, g->cache = a.cache;
    g->prefill_multiply_adds = n0 > 1 ? multiply_adds_without_cache(b.settings, 0, n0 - 2) : 0;
    for (int k = 0; k < word_count(a); ++k) {
        GenerationStep step;
        step.position = n0 - 1 + k;
        if (b.tokens[static_cast<std::size_t>(step.position + 1)].id != a.steps[static_cast<std::size_t>(k)].token) return nullptr;
        step.logits = logits_of(*b.weights, b.levels.back().vectors.row(step.position).transpose());
        step.token = a.steps[static_cast<std::size_t>(k)].token;
        step.probability = next_word_probabilities(step.logits, a.temperature)(step.token);
        step.cache_elements = cache_elements(b.settings, step.position);
        step.with_cache = multiply_adds_with_cache(b.settings, b.vocabulary_size, step.position);
        step.without_cache = multiply_adds_without_cache(b.settings, b.vocabulary_size, step.position);
        g->steps.push_back(std::move(step));
    }
    return g;
}

Trace first_tokens(const Trace& trace, int n) {
    Trace t = trace;
    n = std::clamp(n, 0, trace.token_count());
    t.tokens.resize(static_cast<std::size_t>(n));
    if (t.typed_places.size() > static_cast<std::size_t>(n)) t.typed_places.resize(static_cast<std::size_t>(n));
    const auto rows = [n](Matrix& m) {
        if (m.rows() > n) m = Matrix(m.topRows(n));
    };
    for (Level& level : t.levels) {
        for (Matrix* m : {&level.vectors, &level.normalized_input, &level.sublayer_output, &level.before_norm, &level.hidden,
                          &level.gate, &level.up})
            rows(*m);
        for (Matrix& w : level.attention_weights) w = Matrix(w.topLeftCorner(std::min<Eigen::Index>(n, w.rows()), std::min<Eigen::Index>(n, w.cols())));
    }
    return t;
}

int decode_top(const Generation& g) { return 2 * g.settings.layers + 1; }
double decode_step_start(const Generation& g, int word) {
    return decode_top(g) + (word - 1) * (kChooseBeats + kDropBeats + decode_top(g) / kClimbLevelsPerBeat);
}
double decode_beats(const Generation& g) { return decode_step_start(g, word_count(g) + 1); }

DecodeInstant decode_instant(const Generation& g, double beat) {
    const int n0 = prompt_size(g), top = decode_top(g);
    DecodeInstant at;
    if (!(beat < decode_beats(g))) {
        at.word = word_count(g), at.shown = at.resting = n0 + word_count(g), at.playhead = top, at.finished = true;
        return at;
    }
    beat = std::max(0.0, beat);
    if (beat < top) {
        at.shown = n0, at.playhead = beat;
        return at;
    }
    const double per_word = kChooseBeats + kDropBeats + top / kClimbLevelsPerBeat;
    at.word = std::min(word_count(g), 1 + static_cast<int>(std::floor((beat - top) / per_word)));
    const double t = beat - decode_step_start(g, at.word);
    const int before = n0 + at.word - 1;
    if (t < kChooseBeats) {
        at.shown = at.resting = before, at.playhead = top;
        at.bars = static_cast<float>(std::min(1.0, t / 0.3));
    } else if (t < kChooseBeats + kDropBeats) {
        at.shown = before + 1, at.resting = before, at.playhead = 0;
        at.drop = static_cast<float>((t - kChooseBeats) / kDropBeats);
        at.bars = 1.f - at.drop;
    } else {
        at.shown = before + 1, at.resting = g.cache ? before : 0;
        at.playhead = std::min<double>(top, (t - kChooseBeats - kDropBeats) * kClimbLevelsPerBeat);
    }
    return at;
}

DecodeRecords decode_frame(FrameRecords& frame, const Trace& trace, const Layout& layout, const Generation& g,
                           const DecodeInstant& at, const AnimationOptions& options, const std::vector<std::string>& words,
                           Language language) {
    const int top = static_cast<int>(trace.levels.size()) - 1;
    DecodeRecords out;
    out.active = true, out.instant = at;
    frame.shown_tokens = at.shown;
    frame.twin_links = at.finished;
    frame.sharing = {}, frame.note = ScoreNote::None;  // the caches take the boxes' right part; their cells show the sharing
    keep_tokens(frame, [&](int token) { return token < at.shown && token >= at.resting; });
    if (at.word > 0 && g.cache) frame.links.clear();  // the query reads the cache: its weights are the strip
    if (at.resting > 0) {  // the earlier beads at the top with their climb's trails, not recomputed
        FrameRecords rest = animate(trace, layout, top, options);
        keep_tokens(rest, [&](int token) { return token < at.resting; });
        frame.beads.insert(frame.beads.begin(), rest.beads.begin(), rest.beads.end());
    }
    if (at.drop >= 0)  // the chosen word falls from the output to the input, in its own column
        for (BeadRecord& b : frame.beads)
            if (b.token == at.shown - 1 && b.role == BeadRole::Bead)
                b.y = layout.level_y[static_cast<std::size_t>(top)] +
                      (layout.level_y[0] - layout.level_y[static_cast<std::size_t>(top)]) * smooth(at.drop);
    int held = 0;  // positions, summed over the layers
    for (const Box& box : layout.boxes) {
        if (box.kind != BoxKind::Attention) continue;
        const CacheState state = cache_state(g, at, box.level);
        held += state.rows;
        out.caches.push_back(cache_record(trace, layout, box, state, g.cache, options.head));
    }
    if (at.bars > 0 && at.word >= 1) out.bars = bars_record(g, layout, at.word, at.bars, words);
    out.caption = counters(g, at, held, language);
    if (at.word > 0 || at.finished || frame.story == StoryPhase::None) frame.caption = out.caption;
    return out;
}

}  // namespace tb
