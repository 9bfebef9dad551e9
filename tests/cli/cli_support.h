#pragma once
// Running the executable in the command-line tests: its exit status and both outputs.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace tb::cli_test {

struct Outcome {
    int status;  // -1 when the program did not exit by itself (a signal: a crash)
    std::string out;  // standard output
    std::string err;  // standard error
};

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string temp_path(const std::string& name) {
    return std::string(TB_TEST_TMP) + "/" + name;
}

// Runs the program with `args` (already shell-quoted).
inline Outcome run(const std::string& args) {
    // ctest runs tests in parallel, each in its own process: the pid keeps their files apart.
    static int calls = 0;
    const std::string err_file = temp_path("stderr_" + std::to_string(getpid()) + "_" + std::to_string(calls++) + ".txt");
    const std::string command = std::string("'") + TB_EXECUTABLE + "' " + args + " 2>'" + err_file + "'";
    FILE* pipe = popen(command.c_str(), "r");
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    const int status = pclose(pipe);
    const std::string err = read_file(err_file);
    std::remove(err_file.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, err};
}

}  // namespace tb::cli_test
