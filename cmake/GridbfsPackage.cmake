# GridbfsPackage.cmake - install the plugin SDK beside the header:
#
#   LIBDIR/cmake/gridbfs/gridbfsConfig.cmake         find_package(gridbfs)
#   LIBDIR/cmake/gridbfs/gridbfsConfigVersion.cmake  compatibility check
#   LIBDIR/cmake/gridbfs/gridbfsTargets.cmake        gridbfs::headers
#   LIBDIR/cmake/gridbfs/GridbfsAddPlugin.cmake      gridbfs_add_plugin()
#   LIBDIR/pkgconfig/gridbfs.pc                      Cflags, pluginsdir
#
# The package's version is the newest plugin ABI the header speaks
# (GRIDBFS_ABI2_MINOR: 2.N), not the program's release: what a plugin
# author asks find_package() for is "a gridbfs that loads ABI N plugins".
# This gridbfs loads both majors (ABI 1 plugins through an adapter), so the
# version file accepts 2.0 to 2.N and 1.0 to 1.M (GRIDBFS_ABI_MINOR), and
# nothing else.  The release is available as GRIDBFS_PROGRAM_VERSION
# (CMake) and program_version (pkg-config).
#
# Both files are relocatable: paths are computed from where they are found,
# so a staged `cmake --install --prefix DIR` works as it is.
include(CMakePackageConfigHelpers)

file(STRINGS ${PROJECT_SOURCE_DIR}/include/gridbfs/plugin.h _gridbfs_abi
     REGEX "^#define GRIDBFS_ABI2?_MINOR +[0-9]+")
string(REGEX REPLACE ".*GRIDBFS_ABI_MINOR +([0-9]+).*" "\\1"
       _gridbfs_abi1_minor "${_gridbfs_abi}")
string(REGEX REPLACE ".*GRIDBFS_ABI2_MINOR +([0-9]+).*" "\\1"
       _gridbfs_abi2_minor "${_gridbfs_abi}")
if(NOT _gridbfs_abi1_minor MATCHES "^[0-9]+$" OR
   NOT _gridbfs_abi2_minor MATCHES "^[0-9]+$")
  message(FATAL_ERROR "cannot read GRIDBFS_ABI_MINOR/ABI2_MINOR from plugin.h")
endif()
set(GRIDBFS_ABI1_VERSION 1.${_gridbfs_abi1_minor})
set(GRIDBFS_ABI_VERSION 2.${_gridbfs_abi2_minor})
set(GRIDBFS_CMAKE_SUBDIR ${CMAKE_INSTALL_LIBDIR}/cmake/gridbfs)
set(GRIDBFS_PC_SUBDIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The header target, exported as gridbfs::headers.
set_target_properties(gridbfs_headers PROPERTIES EXPORT_NAME headers)
install(TARGETS gridbfs_headers EXPORT gridbfsTargets)
install(EXPORT gridbfsTargets NAMESPACE gridbfs::
  FILE gridbfsTargets.cmake DESTINATION ${GRIDBFS_CMAKE_SUBDIR})

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/gridbfsConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/gridbfsConfig.cmake
  INSTALL_DESTINATION ${GRIDBFS_CMAKE_SUBDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR GRIDBFS_PLUGIN_SUBDIR)
configure_file(${CMAKE_CURRENT_LIST_DIR}/gridbfsConfigVersion.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/gridbfsConfigVersion.cmake @ONLY)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/gridbfsConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/gridbfsConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/GridbfsAddPlugin.cmake
  DESTINATION ${GRIDBFS_CMAKE_SUBDIR})

# pkg-config: ${pcfiledir} keeps it relocatable; a folder given as an
# absolute path (-DCMAKE_INSTALL_INCLUDEDIR=/x) is written as it is.
# gridbfs_pc_path(VAR PATH) sets VAR to PATH as pkg-config text.
function(gridbfs_pc_path var path)
  if(IS_ABSOLUTE "${path}")
    set(${var} "${path}" PARENT_SCOPE)
  else()
    set(${var} "\${prefix}/${path}" PARENT_SCOPE)
  endif()
endfunction()
if(IS_ABSOLUTE "${GRIDBFS_PC_SUBDIR}")
  set(GRIDBFS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _gridbfs_up /prefix/${GRIDBFS_PC_SUBDIR} /prefix)
  string(REGEX REPLACE "/$" "" _gridbfs_up "${_gridbfs_up}")
  set(GRIDBFS_PC_PREFIX "\${pcfiledir}/${_gridbfs_up}")
endif()
gridbfs_pc_path(GRIDBFS_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
gridbfs_pc_path(GRIDBFS_PC_PLUGINSDIR "${GRIDBFS_PLUGIN_SUBDIR}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/gridbfs.pc.in
  ${PROJECT_BINARY_DIR}/cmake/gridbfs.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/gridbfs.pc
  DESTINATION ${GRIDBFS_PC_SUBDIR})
