# Presenter mode draws no « (?) » (issue 33); the normal layout does (so the reading can see them).
# Arguments: XVFB_RUN EXE WORK. The window's own text is read back with the test action « texts ».
file(MAKE_DIRECTORY "${WORK}")
foreach(mode normal presenter)
  set(commands "/lecon ouvrir transformer-bloc")
  if(mode STREQUAL presenter)
    string(APPEND commands "\n/presentateur on")
  endif()
  file(REMOVE "${WORK}/${mode}.txt")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${WORK}/config" "TRANSFORMER_BLOC_TEST_ACTIONS=texts ${WORK}/${mode}.txt\nquit"
            ${XVFB_RUN} -a -s "-screen 0 1280x720x24" ${EXE} --size 1280x720 --run "${commands}"
    RESULT_VARIABLE rc TIMEOUT 50)
  if(NOT rc EQUAL 0 OR NOT EXISTS "${WORK}/${mode}.txt")
    message(FATAL_ERROR "${mode} : transformer-bloc a fini avec ${rc}, ou sans écrire son texte")
  endif()
  file(READ "${WORK}/${mode}.txt" text)
  string(FIND "${text}" "(?)" at)
  if(mode STREQUAL normal AND at EQUAL -1)
    message(FATAL_ERROR "aucun « (?) » lu dans la mise en page normale : la lecture ne les voit pas")
  elseif(mode STREQUAL presenter AND NOT at EQUAL -1)
    message(FATAL_ERROR "un « (?) » en mode présentateur")
  endif()
endforeach()
