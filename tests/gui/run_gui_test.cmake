# One window test: screenshot under Xvfb, then the checker. Arguments: XVFB_RUN EXE CHECK
# COMMANDS ACTIONS OUT. Keeps the PNG beside the test for a look when it fails.
file(REMOVE "${OUT}")
string(REPLACE "|" "\n" COMMANDS "${COMMANDS}")
string(REPLACE "|" "\n" ACTIONS "${ACTIONS}")
set(env_args)
if(ACTIONS)
  set(env_args ${CMAKE_COMMAND} -E env "TRANSFORMER_BLOC_TEST_ACTIONS=${ACTIONS}")
endif()
execute_process(
  COMMAND ${env_args} ${XVFB_RUN} -a -s "-screen 0 1600x900x24"
          ${EXE} --size 1600x900 --run "${COMMANDS}" --screenshot "${OUT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 50)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "transformer-bloc exited with ${rc}")
endif()
execute_process(COMMAND ${CHECK} "${OUT}" "${COMMANDS}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "picture check failed: see ${OUT}")
endif()
