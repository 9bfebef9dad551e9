# The OpenGL 3.3 core loader, generated at build time by Debian's glad 2 (python3-glad) into the
# build tree: never committed. Defines the target tb::glad (include <glad/gl.h>).
find_program(TB_GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
find_program(TB_GLAD_EXECUTABLE glad)
if(NOT TB_GLAD_EXECUTABLE)
  message(FATAL_ERROR "glad not found: install python3-glad")
endif()

set(TB_GLAD_DIR "${CMAKE_BINARY_DIR}/glad")
add_custom_command(
  OUTPUT "${TB_GLAD_DIR}/src/gl.c" "${TB_GLAD_DIR}/include/glad/gl.h"
  # /usr/bin/glad is run directly: its shebang picks the python that has the module.
  COMMAND "${TB_GLAD_EXECUTABLE}" --quiet --api gl:core=3.3 --extensions= --out-path "${TB_GLAD_DIR}" --reproducible c
  COMMENT "Generating the OpenGL 3.3 core loader with glad"
  VERBATIM)
add_library(tb_glad STATIC "${TB_GLAD_DIR}/src/gl.c")
add_library(tb::glad ALIAS tb_glad)
target_include_directories(tb_glad SYSTEM PUBLIC "${TB_GLAD_DIR}/include")
set_target_properties(tb_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
