# TB_SANITIZE=ON builds everything with AddressSanitizer and UndefinedBehaviorSanitizer; any
# report stops the program (no recovery), so a test that triggers one fails.
option(TB_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(TB_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
