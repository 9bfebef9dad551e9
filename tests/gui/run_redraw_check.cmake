# The partial redraw (app/render/frame_cache.h) against the whole frame: every frame of a scripted
# run is drawn in part, read back, drawn whole and compared; not one pixel may differ. Arguments:
# XVFB_RUN EXE ACTIONS (window test actions, separated by |) SIZE DIR (a config folder of its own).
string(REPLACE "|" "\n" ACTIONS "${ACTIONS}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${DIR}" TRANSFORMER_BLOC_REDRAW=check "TRANSFORMER_BLOC_TEST_ACTIONS=${ACTIONS}"
          ${XVFB_RUN} -a -s "-screen 0 ${SIZE}x24" ${EXE} --size ${SIZE} --fresh --stats
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 170)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "transformer-bloc exited with ${rc}")
endif()
if(NOT out MATCHES "redraw_mismatched_pixels: 0\n")
  message(FATAL_ERROR "the partial redraw differs from the whole frame (or did not run: no GLX_MESA_copy_sub_buffer?)")
endif()
