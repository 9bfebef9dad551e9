# Warnings for our own targets: the build must stay warning-free.
function(tb_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
endfunction()
