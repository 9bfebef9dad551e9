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
# TB_TSAN=ON builds everything with ThreadSanitizer (a build folder of its own: it cannot be mixed
# with the above), for the window's live training and its worker (app/training):
#   cmake -S . -B build-tsan -DTB_TSAN=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build-tsan --target tsan_training_tests
#   TSAN_OPTIONS=halt_on_error=1 build-tsan/tests/app/tsan_training_tests
option(TB_TSAN "Build with ThreadSanitizer" OFF)
if(TB_TSAN)
  if(TB_SANITIZE OR TB_FUZZ)
    message(FATAL_ERROR "TB_TSAN does not mix with TB_SANITIZE or TB_FUZZ: use a build folder of its own")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
