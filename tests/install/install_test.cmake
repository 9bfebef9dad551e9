# Arguments: BUILD_DIR (the configured, built tree) and WORK (a scratch folder).
file(REMOVE_RECURSE "${WORK}")
set(prefix "${WORK}/prefix")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}${err}")
endif()

foreach(f bin/transformer-bloc
          share/transformer-bloc/assets/vocabulary.txt
          share/transformer-bloc/assets/corpus/interne.txt
          share/transformer-bloc/assets/corpus/grammaire.txt
          share/transformer-bloc/shaders/bead.vert
          share/transformer-bloc/shaders/bead.frag
          share/applications/transformer-bloc.desktop
          share/icons/hicolor/scalable/apps/transformer-bloc.svg)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(READ "${prefix}/share/applications/transformer-bloc.desktop" desktop)
foreach(key "Exec=transformer-bloc" "Icon=transformer-bloc" "Type=Application")
  string(FIND "${desktop}" "${key}" at)
  if(at LESS 0)
    message(FATAL_ERROR "desktop entry lacks ${key}")
  endif()
endforeach()

# Moved elsewhere: the program must find share/ beside its own bin/, not where it was installed.
set(moved "${WORK}/moved")
file(RENAME "${prefix}" "${moved}")
# A word only the installed copy knows: V (vocabulary size) grows by one if and only if the
# program reads this copy rather than the source tree's.
file(READ "${moved}/share/transformer-bloc/assets/vocabulary.txt" vocabulary)
string(REGEX MATCHALL "\n" lines "${vocabulary}")  # one word a line (file(STRINGS) mangles UTF-8)
list(LENGTH lines count)
file(APPEND "${moved}/share/transformer-bloc/assets/vocabulary.txt" "motinstalleseulement\n")
math(EXPR expected_v "${count} + 3")  # the words, the unknown and mask tokens, the added word

execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=TRANSFORMER_BLOC_DATA
                        "${moved}/bin/transformer-bloc" --headless --parametres
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the installed program failed (${rc})")
endif()
string(FIND "${out}" "V = ${expected_v}," at)
if(at LESS 0)
  message(FATAL_ERROR "the installed program did not read its installed vocabulary (expected V = ${expected_v})")
endif()
string(REGEX MATCH "total: [0-9]+" total "${out}")
if(NOT total)
  message(FATAL_ERROR "no total line")
endif()
