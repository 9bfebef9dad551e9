# The web page built beside the desktop program (docs/web.md), so that `cmake --build build` makes
# both and ctest runs the browser tests (label web): the same sources configured again with
# emscripten's toolchain, in build/web, as `cmake --preset web` does in build-web. On when
# emscripten, the ImGui sources and the browser tests' tools are there (bash .ci/setup --tests).
set(tb_emscripten_toolchain /usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
set(tb_web_default OFF)
if(EXISTS ${tb_emscripten_toolchain} AND EXISTS "${PROJECT_SOURCE_DIR}/.web-deps/imgui/imgui.cpp")
  set(tb_web_default ON)
endif()
option(TB_WEB_PAGE "Build the web page too (build/web) and declare its browser tests" ${tb_web_default})
if(NOT TB_WEB_PAGE)
  message(STATUS "Page web non construite : bash tools/setup_web.sh l'active (docs/web.md)")
  return()
endif()

include(ExternalProject)
set(TB_WEB_BINARY_DIR "${CMAKE_BINARY_DIR}/web")
# NODE_PATH: emscripten's JavaScript tools find Debian's acorn even when node is not Debian's.
set(tb_web_env ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
ExternalProject_Add(web_page
  SOURCE_DIR "${PROJECT_SOURCE_DIR}"
  BINARY_DIR "${TB_WEB_BINARY_DIR}"
  CONFIGURE_COMMAND ${tb_web_env} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR>
    -DCMAKE_TOOLCHAIN_FILE=${tb_emscripten_toolchain} -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
  BUILD_COMMAND ${tb_web_env} $(MAKE)  # $(MAKE): the sub-build shares the outer -j's job slots
  INSTALL_COMMAND ""
  BUILD_ALWAYS TRUE
  USES_TERMINAL_BUILD FALSE)
