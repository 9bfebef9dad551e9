# The last session: saved on exit into $XDG_CONFIG_HOME (a folder of the test's own, never the
# user's), restored at the next plain start, skipped with --fresh; a corrupt last session is
# reported and the program starts in its start-up state. The last /graines comes back with it
# (/exporter graines writes the same bytes after the restart).
# Arguments: XVFB_RUN EXE WORK.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(config "${WORK}/config")
set(last "${config}/transformer-bloc/session.json")

# Runs the window with test actions (; separated) and no --run: a plain start.
function(run_window actions)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${config}" "TRANSFORMER_BLOC_TEST_ACTIONS=${actions}"
            ${XVFB_RUN} -a -s "-screen 0 1600x900x24" ${EXE} --size 1600x900 ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 50)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "transformer-bloc exited with ${rc}:\n${out}${err}")
  endif()
endfunction()

function(expect_setting file key value)
  file(READ "${file}" text)
  string(JSON got GET "${text}" settings ${key})
  if(NOT got STREQUAL value)
    message(FATAL_ERROR "${file}: ${key} is ${got}, expected ${value}")
  endif()
endfunction()

run_window("command /couches 4\ncommand /graine 77\ncommand /residuel off\ncommand /graines 4..5 5\nwait_sweep\ncommand /exporter graines ${WORK}/sweep_before.csv\nquit")
if(NOT EXISTS "${last}")
  message(FATAL_ERROR "no session saved on exit at ${last}")
endif()
expect_setting("${last}" layers 4)
expect_setting("${last}" seed 77)

run_window("command /session enregistrer ${WORK}/restored.json\ncommand /exporter graines ${WORK}/sweep_after.csv\nquit")
file(READ "${WORK}/sweep_before.csv" sweep_before)
file(READ "${WORK}/sweep_after.csv" sweep_after)
if(NOT sweep_before MATCHES "^graine,cote,pas,[^\n]*\n4,A,5," OR NOT sweep_after STREQUAL sweep_before)
  message(FATAL_ERROR "the sweep after the restart:\n${sweep_after}\ndiffers from the one before:\n${sweep_before}")
endif()
expect_setting("${WORK}/restored.json" layers 4)
expect_setting("${WORK}/restored.json" seed 77)
expect_setting("${WORK}/restored.json" residual OFF)

run_window("command /session enregistrer ${WORK}/fresh.json\nquit" --fresh)
expect_setting("${WORK}/fresh.json" layers 2)
expect_setting("${WORK}/fresh.json" seed 2017)

# A truncated last session: reported in the log, start-up state, no crash.
file(READ "${last}" text)
string(SUBSTRING "${text}" 0 40 cut)
file(WRITE "${last}" "${cut}")
run_window("command /session enregistrer ${WORK}/after_corrupt.json\nquit")
expect_setting("${WORK}/after_corrupt.json" layers 2)
