# Hostile files at a plain start and for --lesson (issue 17): a last session nested 140 000 deep,
# or with two words of 16 500 characters, used to crash or abort every start. Now the program starts
# fresh, says why, and keeps the file aside as session.json.illisible; a lesson paragraph of
# 19 300 characters is refused with its line, exit 2.
# Arguments: XVFB_RUN EXE WORK PYTHON (tests/gui/drawn_text.py reads the drawn text back).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/config/transformer-bloc")
set(config "${WORK}/config")
set(last "${config}/transformer-bloc/session.json")

function(run_window actions expected_rc)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "XDG_CONFIG_HOME=${config}" "TRANSFORMER_BLOC_TEST_ACTIONS=${actions}"
            ${XVFB_RUN} -a -s "-screen 0 1600x900x24" ${EXE} --size 1600x900 ${ARGN}
    WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 50)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "transformer-bloc exited with ${rc}, expected ${expected_rc}:\n${out}${err}")
  endif()
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect_fresh_start name)
  file(REMOVE "${last}.illisible" "${WORK}/${name}.json")
  run_window("command /session enregistrer ${WORK}/${name}.json\nquit" 0)
  string(FIND "${err}" "la dernière session ne peut pas être rouverte, démarrage à neuf" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name}: no reason given on stderr:\n${err}")
  endif()
  if(NOT EXISTS "${last}.illisible")
    message(FATAL_ERROR "${name}: the unreadable session was not kept aside")
  endif()
  file(READ "${WORK}/${name}.json" text)
  string(JSON layers GET "${text}" settings layers)
  if(NOT layers EQUAL 2)
    message(FATAL_ERROR "${name}: not the start-up state (layers ${layers})")
  endif()
endfunction()

# A valid session first, as the window saves it; then the hostile variants of it.
run_window("command /couches 3\nquit" 0 --fresh)
file(READ "${last}" good)

string(REPEAT "[" 140000 open)
string(REPEAT "]" 140000 close)
string(REPLACE "\"view\": {" "\"view\": {\"deep\": ${open}${close}, " deep "${good}")
file(WRITE "${last}" "${deep}")
expect_fresh_start(deep)

string(REPEAT "a" 16500 word)
string(REGEX REPLACE "\"sentence\": \"[^\"]*\"" "\"sentence\": \"${word} ${word}\"" long "${good}")
file(WRITE "${last}" "${long}")
expect_fresh_start(long_words)

string(REPEAT "p" 19300 paragraph)
file(WRITE "${WORK}/lecon.txt" "[étape] Un | One\nfr: ${paragraph}\nen: Look.\n")
run_window("quit" 2 --fresh --lesson "${WORK}/lecon.txt")
string(FIND "${err}" "ligne 2 : paragraphe « fr: » trop long : 19300 octets" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the long lesson paragraph was not refused with its line:\n${err}")
endif()

# --run's /exporter image is drawn and written before the next line runs: here the SVG written
# next replaces it, so the file ends as the SVG (the picture used to be written after everything).
file(REMOVE "${WORK}/order.png")
run_window("" 0 --fresh --run "/exporter image ${WORK}/order.png\n/exporter svg ${WORK}/order.png"
           --screenshot "${WORK}/shot.png")
file(READ "${WORK}/order.png" head LIMIT 16)
string(FIND "${head}" "<?xml" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "/exporter image was not written before the next command ran")
endif()
# A picture that cannot be written (a FIFO as target): exit 2, the error said, the rest not run.
execute_process(COMMAND mkfifo "${WORK}/fifo")
run_window("" 2 --fresh --run "/exporter image ${WORK}/fifo\n/exporter svg ${WORK}/after.svg"
           --screenshot "${WORK}/shot2.png")
string(FIND "${err}" "/exporter image : impossible d'écrire dans « ${WORK}/fifo » : c'est un tube nommé (FIFO)" at)
if(at EQUAL -1 OR EXISTS "${WORK}/after.svg" OR EXISTS "${WORK}/shot2.png")
  message(FATAL_ERROR "a failed /exporter image did not stop the run with its error:\n${err}")
endif()

# The same failure on the last line: there is no next line, but the picture is still written
# before the run ends, and its failure still exits 2.
run_window("" 2 --fresh --run "/exporter image ${WORK}/fifo" --screenshot "${WORK}/shot3.png")
string(FIND "${err}" "/exporter image : impossible d'écrire dans « ${WORK}/fifo » : c'est un tube nommé (FIFO)" at)
if(at EQUAL -1 OR EXISTS "${WORK}/shot3.png")
  message(FATAL_ERROR "a failed /exporter image on the last line was not reported:\n${err}")
endif()

# Long texts that reach the log: a corpus with a word of 200 000 characters and a console line
# of 100 000 (both used to abort on ImGui's « Too many vertices »): the window lives, and draws
# the reply or the (cut) line. Neither the reply nor how it is read depends on where the checkout
# lies: the corpus is named relative to the working folder, and the drawn text is read back
# column by column, wrapped lines joined (drawn_text.py), wherever the console breaks them.
string(REPEAT "z" 200000 word)
file(WRITE "${WORK}/corpus.txt" "le chat ${word}\nle chien ${word}\n")
string(REPEAT "a" 100000 long_line)
foreach(case "corpus ouvrir corpus.txt|mot inconnu (appris comme <inconnu>)"
             "phrase ${long_line}|aaaaaaaaaaaaaaaaaaaa")
  string(FIND "${case}" "|" bar)
  string(SUBSTRING "${case}" 0 ${bar} command)
  math(EXPR bar "${bar} + 1")
  string(SUBSTRING "${case}" ${bar} -1 reply)
  file(REMOVE "${WORK}/texts.txt")
  run_window("command /${command}\ntexts_at ${WORK}/texts.txt\nquit" 0 --fresh)
  execute_process(COMMAND ${PYTHON} ${CMAKE_CURRENT_LIST_DIR}/drawn_text.py "${WORK}/texts.txt" "${reply}"
                  RESULT_VARIABLE found ERROR_VARIABLE read)
  if(NOT found EQUAL 0)
    message(FATAL_ERROR "the reply « ${reply} » is not drawn in the log:\n${read}")
  endif()
endforeach()
