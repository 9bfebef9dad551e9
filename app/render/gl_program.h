#pragma once
// A linked GLSL program, built from two files; throws std::runtime_error with the compiler log.
#include <string>

#include "render/gl.h"

namespace tb {

class GlProgram {
public:
    GlProgram(const std::string& vertex_path, const std::string& fragment_path);
    ~GlProgram();
    GlProgram(const GlProgram&) = delete;
    GlProgram& operator=(const GlProgram&) = delete;

    GLuint id() const { return id_; }
    GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

private:
    GLuint id_ = 0;
};

}  // namespace tb
