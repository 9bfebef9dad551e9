# One window test: screenshot under Xvfb, then the checker. Arguments: XVFB_RUN EXE CHECK
# COMMANDS ACTIONS OUT, and SIZE (1600x900 unless given). Keeps the PNG beside the test for a look when it fails.
file(REMOVE "${OUT}")
if(NOT SIZE)
  set(SIZE 1600x900)  # the window's size; a projector's 1024x768 with -DSIZE=1024x768
endif()
string(REPLACE "|" "\n" COMMANDS "${COMMANDS}")
string(REPLACE "|" "\n" ACTIONS "${ACTIONS}")
# What the checker is told, when not the window's own commands and actions: a still the window
# reached through a command (/lecture) is checked as the test hook's pin would be.
foreach(what COMMANDS ACTIONS)
  if(DEFINED CHECK_${what})
    string(REPLACE "|" "\n" CHECK_${what} "${CHECK_${what}}")
  else()
    set(CHECK_${what} "${${what}}")
  endif()
endforeach()
# A config folder of the test's own: the window never reads or writes the user's last session.
get_filename_component(out_dir "${OUT}" DIRECTORY)
get_filename_component(out_name "${OUT}" NAME_WE)
set(env_args ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${out_dir}/config_${out_name}" TRANSFORMER_BLOC_GL_CHECK=1)
if(ACTIONS)
  list(APPEND env_args "TRANSFORMER_BLOC_TEST_ACTIONS=${ACTIONS}")
endif()
execute_process(
  COMMAND ${env_args} ${XVFB_RUN} -a -s "-screen 0 ${SIZE}x24"
          ${EXE} --size ${SIZE} --run "${COMMANDS}" --screenshot "${OUT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 50)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "transformer-bloc exited with ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env TB_TEST_SIZE=${SIZE} ${CHECK} "${OUT}" "${CHECK_COMMANDS}" "${CHECK_ACTIONS}" RESULT_VARIABLE rc)  # checkers may read a pinned playhead
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "picture check failed: see ${OUT}")
endif()
