#pragma once
// Where a session file keeps the corpus of each training run, so that the file opens from any
// folder: a built-in corpus by its name ("interne", "grammaire"); a teacher's file relative to the
// session file's folder when it lies inside that folder (copy the folder, the session follows),
// otherwise absolute. A relative path is resolved against the session file's folder; files of
// version 1 kept the path as typed to /corpus, relative to the folder the program ran in, and fall
// back to it.
#include <string>
#include <vector>

namespace tb {

bool is_builtin_corpus_name(const std::string& stored);  // "interne" or "grammaire"

// The path to store for `corpus` (a built-in name, or an absolute path: TrainingRecipe::corpus) in
// the session file `session_path`. A relative path that would read as a built-in name starts "./".
std::string stored_corpus_path(const std::string& corpus, const std::string& session_path);

// The paths to try, in order, for a corpus stored as `stored` in the session file `session_path`
// of format `version`: a built-in name alone; an absolute path alone; a relative one against the
// file's folder, then (version 1) as typed. Every path absolute and normalized, but built-in names.
std::vector<std::string> corpus_candidates(const std::string& stored, const std::string& session_path, int version);

}  // namespace tb
