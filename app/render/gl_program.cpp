#include "render/gl_program.h"

#include <stdexcept>

#include "base/files.h"

namespace tb {
namespace {

std::string read_file(const std::string& path) {
    const ReadResult read = read_text_file(path, 1 << 20);  // the one safe reader, as for every file
    if (!read.ok) throw std::runtime_error("shader : " + read.error);
    return read.text;
}

// The shaders are written once, for GLSL 3.30 core; WebGL2 reads GLSL ES 3.00, the same language
// for what they use once told the precision of floats.
std::string for_this_platform(std::string source) {
#ifdef __EMSCRIPTEN__
    const std::string desktop = "#version 330 core";
    if (source.compare(0, desktop.size(), desktop) == 0)
        source.replace(0, desktop.size(), "#version 300 es\nprecision highp float;\nprecision highp int;");
#endif
    return source;
}

GLuint compile(GLenum type, const std::string& path) {
    const std::string source = for_this_platform(read_file(path));
    const GLuint shader = glCreateShader(type);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        glDeleteShader(shader);
        throw std::runtime_error("compilation de " + path + " : " + log);
    }
    return shader;
}

}  // namespace

GlProgram::GlProgram(const std::string& vertex_path, const std::string& fragment_path) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex_path);
    GLuint fs = 0;
    try {
        fs = compile(GL_FRAGMENT_SHADER, fragment_path);
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    id_ = glCreateProgram();
    glAttachShader(id_, vs);
    glAttachShader(id_, fs);
    glLinkProgram(id_);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(id_, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(id_, sizeof log, nullptr, log);
        glDeleteProgram(id_);
        throw std::runtime_error(std::string("édition de liens des shaders : ") + log);
    }
}

GlProgram::~GlProgram() { glDeleteProgram(id_); }

}  // namespace tb
