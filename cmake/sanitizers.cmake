# TB_SANITIZE=ON builds everything with AddressSanitizer and UndefinedBehaviorSanitizer; any
# report stops the program (no recovery), so a test that triggers one fails.
option(TB_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
# TB_FUZZ=ON (clang only) adds libFuzzer's coverage instrumentation to every target, so that the
# fuzzer in tests/fuzz is guided by the core's branches, not only its own.
option(TB_FUZZ "Build the libFuzzer target (needs clang)" OFF)
if(TB_SANITIZE OR TB_FUZZ)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
if(TB_FUZZ)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
