# `cmake --install build --prefix P`: the program in P/bin, its data in
# P/share/transformer-bloc/{shaders,assets} (found by app/persist/data_dir.cpp from <exe>/../share),
# a desktop entry and a scalable icon where desktops look for them.
include(GNUInstallDirs)
install(TARGETS transformer-bloc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shaders ${PROJECT_SOURCE_DIR}/assets
        DESTINATION ${CMAKE_INSTALL_DATADIR}/transformer-bloc)
install(FILES ${PROJECT_SOURCE_DIR}/app/transformer-bloc.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/assets/icon/transformer-bloc.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
