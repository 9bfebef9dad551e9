# A last session with a long training reopens without freezing the window: its 10 000 steps (L 6,
# d 16, w 64) train on the worker while the window draws, so frames come before the session is
# open; quitting meanwhile keeps the file as it was (the next start retrains it again).
# Counts frames and log lines, never time. Arguments: XVFB_RUN EXE WORK.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/config/transformer-bloc")
set(last "${WORK}/config/transformer-bloc/session.json")

# The file: one step trained headless (the corpus's identity written by the program), then 10 000,
# without its weights (a recipe alone, as version 1 wrote it: trained again on opening).
execute_process(
  COMMAND ${EXE} --headless --run "/couches 6; /dimension 16; /ffn 64; /entrainer 1; /session enregistrer ${WORK}/one.json"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "headless run failed: ${out}${err}")
endif()
file(READ "${WORK}/one.json" text)
string(JSON text SET "${text}" training 0 steps 10000)
string(JSON text REMOVE "${text}" weights)
file(WRITE "${last}" "${text}")

# A plain start (it restores the last session); the log written at the first test action, then quit.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${WORK}/config" "TRANSFORMER_BLOC_TEST_ACTIONS=log ${WORK}/log.txt\nquit"
          ${XVFB_RUN} -a -s "-screen 0 1600x900x24" ${EXE} --size 1600x900 --stats
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "transformer-bloc exited with ${rc}:\n${out}${err}")
endif()
string(REGEX MATCH "frames: ([0-9]+)" found "${out}${err}")
set(frames "${CMAKE_MATCH_1}")
if(NOT found OR frames LESS 3)
  message(FATAL_ERROR "fewer than 3 frames drawn:\n${out}${err}")
endif()
file(READ "${WORK}/log.txt" log)
if(NOT log MATCHES "réentraînement de 10 000 pas, elle s'ouvre à la fin")
  message(FATAL_ERROR "the retraining did not start at once:\n${log}")
endif()
if(log MATCHES "session ouverte")
  message(FATAL_ERROR "the session opened before the first frames (a retraining on the drawing thread?):\n${log}")
endif()
file(READ "${last}" after)
string(JSON steps GET "${after}" training 0 steps)
string(JSON layers GET "${after}" settings layers)
if(NOT steps EQUAL 10000 OR NOT layers EQUAL 6)
  message(FATAL_ERROR "quitting while it retrained lost the session: ${after}")
endif()
message(STATUS "frames drawn while the session retrained: ${frames}")
