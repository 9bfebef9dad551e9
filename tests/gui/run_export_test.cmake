# /exporter image under Xvfb: the PNG the command queues is written at the end of a frame, has
# the window's size, and shows the picture gui_check expects for the model commands.
# Arguments: XVFB_RUN EXE CHECK COMMANDS (model commands, | separated) EXPORT SHOT.
file(REMOVE "${EXPORT}" "${SHOT}")
string(REPLACE "|" "\n" COMMANDS "${COMMANDS}")
get_filename_component(out_dir "${SHOT}" DIRECTORY)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${out_dir}/config_export"
          ${XVFB_RUN} -a -s "-screen 0 1600x900x24"
          ${EXE} --size 1600x900 --run "${COMMANDS}\n/exporter image ${EXPORT}" --screenshot "${SHOT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 50)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "transformer-bloc exited with ${rc}")
endif()
if(NOT EXISTS "${EXPORT}")
  message(FATAL_ERROR "/exporter image wrote nothing at ${EXPORT}")
endif()
if(EXISTS "${EXPORT}.tmp")
  message(FATAL_ERROR "a temporary file was left beside ${EXPORT}")
endif()
# gui_check checks the size (1600x900) and the colours where the layout puts each element.
execute_process(COMMAND ${CHECK} "${EXPORT}" "${COMMANDS}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "picture check failed on the exported PNG: see ${EXPORT}")
endif()
