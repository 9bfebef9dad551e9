#include "training/workspace.h"

#include <stdexcept>

namespace tb {

void WorkspaceDeleter::operator()(Workspace* w) const { delete w; }
WorkspacePtr make_workspace() { return WorkspacePtr(new Workspace); }

namespace train {

Dims dims_of(const Settings& s, const Workspace& ws) {
    const int dh = s.dimension / s.heads;
    return {ws.tokens, s.dimension, s.ffn, s.heads, s.kv_heads, dh, s.kv_heads * dh};
}

void lay_out(const Settings& s, const Batch& batch, const std::vector<int>& loss_rows, Workspace& ws) {
    ws.ids.clear(), ws.positions.clear(), ws.offsets.clear(), ws.lengths.clear();
    for (const Example& e : batch) {
        if (e.ids.empty() || e.ids.size() > static_cast<std::size_t>(kMaxN))
            throw std::invalid_argument("a training sentence has 1 to 8 tokens");
        ws.offsets.push_back(static_cast<int>(ws.ids.size()));
        ws.lengths.push_back(static_cast<int>(e.ids.size()));
        for (std::size_t p = 0; p < e.ids.size(); ++p) ws.ids.push_back(e.ids[p]), ws.positions.push_back(static_cast<int>(p));
    }
    ws.tokens = static_cast<int>(ws.ids.size());
    ws.every_token.tokens.resize(ws.ids.size());
    for (int t = 0; t < ws.tokens; ++t) ws.every_token.tokens[static_cast<std::size_t>(t)] = t;
    ws.every_token.positions = ws.positions;
    ws.every_token.first = ws.offsets;
    ws.every_token.first.push_back(ws.tokens);
    // The last attention's queries are the loss's rows: the loss reads nothing else, and every
    // sublayer after it works row by row, so the other rows' gradients would be 0 there.
    ws.rows = loss_rows;
    ws.narrowed_at = !ws.rows.empty() && static_cast<int>(ws.rows.size()) < ws.tokens ? 2 * s.layers - 2 : -1;
    if (ws.narrowed_at >= 0) {
        Queries& q = ws.loss_queries;
        q.tokens = ws.rows;
        q.positions.clear(), q.first.assign(1, 0);
        std::size_t r = 0;
        for (std::size_t i = 0; i < ws.offsets.size(); ++i) {
            const int end = ws.offsets[i] + ws.lengths[i];
            for (; r < q.tokens.size() && q.tokens[r] < end; ++r) q.positions.push_back(ws.positions[static_cast<std::size_t>(q.tokens[r])]);
            q.first.push_back(static_cast<int>(r));
        }
    }
    if (ws.sublayers.size() < static_cast<std::size_t>(2 * s.layers)) ws.sublayers.resize(static_cast<std::size_t>(2 * s.layers));
    if (ws.transposed.size() < static_cast<std::size_t>(7 * s.layers)) ws.transposed.resize(static_cast<std::size_t>(7 * s.layers));
}

int stream_rows(const Workspace& ws, int k) {
    return ws.narrowed_at >= 0 && k > ws.narrowed_at ? static_cast<int>(ws.rows.size()) : ws.tokens;
}

const Queries& queries_of(const Workspace& ws, int k) { return k == ws.narrowed_at ? ws.loss_queries : ws.every_token; }

}  // namespace train
}  // namespace tb
