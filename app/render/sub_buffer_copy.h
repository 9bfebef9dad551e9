#pragma once
// GLX_MESA_copy_sub_buffer: a rectangle of the back buffer copied to the window, the back buffer
// left as it is. With it the back buffer is the frame kept from one frame to the next, and only
// what changed is drawn and sent to the X server. Used with software rendering only (Mesa's
// llvmpipe, where filling pixels is the cost); elsewhere the frame is drawn whole and swapped.
namespace tb {

class SubBufferCopy {
public:
    using Loader = void (*(*)(const char*))();  // glfwGetProcAddress
    // `supported`: glfwExtensionSupported("GLX_MESA_copy_sub_buffer"); with a current context.
    SubBufferCopy(Loader loader, bool supported);
    bool available() const { return copy_ != nullptr; }
    // x, y from the lower left, in framebuffer pixels.
    void copy(int x, int y, int width, int height) const;

private:
    using Display = void;
    void (*copy_)(Display*, unsigned long, int, int, int, int) = nullptr;
    Display* (*display_)() = nullptr;
    unsigned long (*drawable_)() = nullptr;
};

}  // namespace tb
