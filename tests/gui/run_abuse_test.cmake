# Window abuse (issue 6): resize to 1x1 and back, minimize and restore, fullscreen on and off, a
# storm of commands during an animation, a huge then tiny text scale. Pass = exit status 0 and no
# OpenGL error ($TRANSFORMER_BLOC_GL_CHECK makes the program check glGetError every frame).
# Arguments: XVFB_RUN EXE OUT_DIR.
set(storm "")
foreach(i RANGE 1 8)
  string(APPEND storm "|command /residuel off|command /norme aucune|command /couches 1|command /phrase le chat dort"
                      "|command /couches 6|command /dimension 16|command /propager|command /etape 3"
                      "|command /norme post|command /dimension 8|command /residuel on|command /couches 9")
endforeach()
set(actions "command /couches 6|command /propager|resize 1x1|resize 1600x900|iconify|restore|empty"
            "|fullscreen|fullscreen${storm}|scale 6|scale 0.3|scale 1|resize 200x150|settle|resize 1600x900|quit")
string(REPLACE ";" "" actions "${actions}")
string(REPLACE "|" "\n" actions "${actions}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${OUT_DIR}/config_abuse" TRANSFORMER_BLOC_GL_CHECK=1
          "TRANSFORMER_BLOC_TEST_ACTIONS=${actions}"
          ${XVFB_RUN} -a -s "-screen 0 1600x900x24" ${EXE} --size 1600x900
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 110)
string(REGEX MATCHALL "test : [^\n]*" done "${err}")
list(LENGTH done count)
message("${count} actions done")
if(NOT rc EQUAL 0)
  message("${out}${err}")
  message(FATAL_ERROR "transformer-bloc exited with ${rc}")
endif()
if(err MATCHES "erreur GL")
  message(FATAL_ERROR "OpenGL errors:\n${err}")
endif()
if(count LESS 100)
  message(FATAL_ERROR "only ${count} actions ran: the storm did not reach the window")
endif()
