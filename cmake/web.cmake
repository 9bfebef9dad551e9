# The web page's build (emcmake; docs/web.md): the libraries core/ and app/ use, found where Debian
# puts them. Emscripten searches none of /usr/include (glibc's headers would shadow its own), so
# each library's folder is given alone, through a folder of links for those installed straight
# under /usr/include. Dear ImGui's sources come from `apt-get source imgui` (tools/setup_web.sh),
# outside the tracked tree.
# Exceptions as WebAssembly's own (no JavaScript trampolines: smaller, faster); SIMD128 for the
# forward pass's lane kernels (core/model/lane_kernels.cpp's portable set, vectorized by the compiler).
add_compile_options(-fwasm-exceptions -msimd128)
add_link_options(-fwasm-exceptions)

set(TB_IMGUI_SOURCE_DIR "${PROJECT_SOURCE_DIR}/.web-deps/imgui" CACHE PATH
    "Dear ImGui 1.86's sources (apt-get source imgui), as tools/setup_web.sh leaves them")
if(NOT EXISTS "${TB_IMGUI_SOURCE_DIR}/imgui.cpp")
  message(FATAL_ERROR "Sources de Dear ImGui introuvables dans ${TB_IMGUI_SOURCE_DIR} : lancez bash tools/setup_web.sh")
endif()

set(tb_web_include "${CMAKE_BINARY_DIR}/system-include")
file(MAKE_DIRECTORY "${tb_web_include}")
foreach(dir nlohmann CLI stb)
  if(NOT EXISTS "/usr/include/${dir}")
    message(FATAL_ERROR "/usr/include/${dir} manquant : lancez bash .ci/setup")
  endif()
  file(CREATE_LINK "/usr/include/${dir}" "${tb_web_include}/${dir}" SYMBOLIC)
endforeach()

add_library(Eigen3::Eigen INTERFACE IMPORTED)
target_include_directories(Eigen3::Eigen INTERFACE /usr/include/eigen3)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE "${tb_web_include}")
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 INTERFACE "${tb_web_include}")

# ImGui with its GLFW and OpenGL 3 backends, the latter on WebGL2 (OpenGL ES 3.0, "#version 300 es").
add_library(tb_imgui STATIC
  ${TB_IMGUI_SOURCE_DIR}/imgui.cpp ${TB_IMGUI_SOURCE_DIR}/imgui_draw.cpp
  ${TB_IMGUI_SOURCE_DIR}/imgui_tables.cpp ${TB_IMGUI_SOURCE_DIR}/imgui_widgets.cpp
  ${TB_IMGUI_SOURCE_DIR}/backends/imgui_impl_glfw.cpp ${TB_IMGUI_SOURCE_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(tb_imgui SYSTEM PUBLIC ${TB_IMGUI_SOURCE_DIR})
target_compile_definitions(tb_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
add_library(PkgConfig::IMGUI ALIAS tb_imgui)

