# cmake -DPAGE=index.html -DSCRIPT=x.js -DOUT=page.html -P inline_script.cmake: the page with its
# <script src="transformer-bloc.js"> replaced by the script's text (SINGLE_FILE: the wasm and the
# files are inside it), so that one file opens by double-click, offline.
file(READ "${PAGE}" page)
file(READ "${SCRIPT}" script)
string(FIND "${script}" "</script" closing)
if(NOT closing EQUAL -1)
  message(FATAL_ERROR "${SCRIPT} contient « </script » : il ne peut pas être mis dans la page")
endif()
set(tag "<script src=\"transformer-bloc.js\"></script>")
string(FIND "${page}" "${tag}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${PAGE} n'appelle pas transformer-bloc.js")
endif()
string(REPLACE "${tag}" "<script>\n${script}\n</script>" page "${page}")
file(WRITE "${OUT}" "${page}")
