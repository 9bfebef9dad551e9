# Leaks (issue 6): a headless run and a short window run under valgrind's memcheck, clean but for
# the known graphics-stack leaks of tests/valgrind.supp. Label valgrind (slow: about a minute).
find_program(TB_VALGRIND valgrind)
if(NOT TB_VALGRIND OR TB_SANITIZE OR TB_FUZZ)
  return()
endif()
set(memcheck ${TB_VALGRIND} --leak-check=full --num-callers=40 --errors-for-leak-kinds=definite,indirect --error-exitcode=9
    --suppressions=${CMAKE_CURRENT_SOURCE_DIR}/valgrind.supp)
add_test(NAME valgrind.headless
  COMMAND ${memcheck} $<TARGET_FILE:transformer-bloc> --headless
          --run "/couches 6; /dimension 16; /propager; /parametres; /phrase le zorglub dort")
set_tests_properties(valgrind.headless PROPERTIES LABELS valgrind)
if(TB_XVFB_RUN)
  add_test(NAME valgrind.window
    COMMAND ${CMAKE_COMMAND} -E env XDG_CONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/valgrind_config
            "TRANSFORMER_BLOC_TEST_ACTIONS=command /couches 3;command /residuel off;command /propager;quit"
            ${TB_XVFB_RUN} -a -s "-screen 0 1600x900x24" ${memcheck} $<TARGET_FILE:transformer-bloc> --size 800x600)
  set_tests_properties(valgrind.window PROPERTIES LABELS "gui;valgrind" TIMEOUT 600)
endif()
