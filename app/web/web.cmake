# The web page (docs/web.md): the window's panels (tb_window_sources) with the page's shell, linked
# twice from the same objects: a folder (index.html, .js, .wasm, .data) for any static host, and one
# self-contained transformer-bloc.html (everything inside) that opens from a USB stick (file://).
add_library(tb_web_program STATIC
  web/page.cpp
  web/web_window.cpp
  web/stb_image_write.cpp
  render/screenshot.cpp
  ${tb_window_sources})
target_include_directories(tb_web_program PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(tb_web_program PUBLIC tb::app_logic tb::render_cpu tb::core PkgConfig::IMGUI)
target_compile_definitions(tb_web_program PRIVATE TB_VERSION="${PROJECT_VERSION}")
tb_set_warnings(tb_web_program)

set(tb_web_dir "${CMAKE_CURRENT_SOURCE_DIR}/web")
set(tb_web_link_options
  -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sFULL_ES3=1
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web -sFORCE_FILESYSTEM=1 -lidbfs.js
  "-sEXPORTED_FUNCTIONS=[_main,_tb_run,_tb_open_file,_tb_leaving_loses_work,_tb_save_now,_tb_time_training_steps]"
  "-sEXPORTED_RUNTIME_METHODS=[ccall,FS,UTF8ToString,addRunDependency,removeRunDependency]"
  "SHELL:--pre-js ${tb_web_dir}/page.js")
# The files the program reads, at the paths it reads them: /data (assets, shaders) and the font
# where the desktop looks for it.
set(tb_web_font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
set(tb_web_files
  ${PROJECT_SOURCE_DIR}/assets@/data/assets ${PROJECT_SOURCE_DIR}/shaders@/data/shaders ${tb_web_font}@${tb_web_font})

function(tb_web_page target packing)
  add_executable(${target} web/web_main.cpp)
  target_link_libraries(${target} PRIVATE tb_web_program)
  set(files)
  foreach(f ${tb_web_files})
    list(APPEND files "SHELL:${packing} ${f}")  # SHELL: CMake would merge the repeated flag
  endforeach()
  target_link_options(${target} PRIVATE ${tb_web_link_options} ${files} ${ARGN})
  set_target_properties(${target} PROPERTIES SUFFIX ".js" LINK_DEPENDS "${tb_web_dir}/page.js")
endfunction()

# The folder: transformer-bloc.{js,wasm,data} beside index.html.
tb_web_page(transformer-bloc --preload-file)
set_target_properties(transformer-bloc PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/page")
add_custom_command(TARGET transformer-bloc POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${tb_web_dir}/index.html ${CMAKE_BINARY_DIR}/page/index.html)

# The single file: the wasm and the files inside the script, the script inside the page.
tb_web_page(transformer-bloc-single --embed-file -sSINGLE_FILE=1)
add_custom_command(TARGET transformer-bloc-single POST_BUILD
  COMMAND ${CMAKE_COMMAND} -DPAGE=${tb_web_dir}/index.html -DSCRIPT=$<TARGET_FILE:transformer-bloc-single>
          -DOUT=${CMAKE_BINARY_DIR}/transformer-bloc.html -P ${tb_web_dir}/inline_script.cmake)

# What a school publishes (docs/web.md): transformer-bloc-web-VERSION.zip with the folder and the
# single file: cmake --build --preset web --target web-release.
set(tb_web_release "transformer-bloc-web-${PROJECT_VERSION}")
add_custom_target(web-release
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${tb_web_release} ${tb_web_release}.zip
  COMMAND ${CMAKE_COMMAND} -E make_directory ${tb_web_release}
  COMMAND ${CMAKE_COMMAND} -E copy_directory page ${tb_web_release}/page
  COMMAND ${CMAKE_COMMAND} -E copy transformer-bloc.html ${tb_web_release}/
  COMMAND ${CMAKE_COMMAND} -E tar cf ${tb_web_release}.zip --format=zip ${tb_web_release}
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${tb_web_release}
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR}
  DEPENDS transformer-bloc transformer-bloc-single
  COMMENT "${tb_web_release}.zip")
