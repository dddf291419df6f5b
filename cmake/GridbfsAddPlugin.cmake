# gridbfs_add_plugin(NAME SOURCES src... [OUTPUT_DIRECTORY dir] [NO_INSTALL])
#
# Builds a rule plugin: a MODULE library named NAME.so (no "lib" prefix),
# hidden symbols but for the entry point, linked only to the public header
# (the target gridbfs::headers).  Unknown arguments are an error.
#
# The same file serves the gridbfs tree and, installed beside
# gridbfsConfig.cmake, third parties (find_package(gridbfs)):
#
#   output   OUTPUT_DIRECTORY if given; else in the gridbfs tree the build
#            tree's plugin folder (GRIDBFS_PLUGIN_OUTPUT_DIR), so the build
#            tree runs without installing; else CMake's default, the
#            plugin's own build folder (or CMAKE_LIBRARY_OUTPUT_DIRECTORY).
#   install  unless NO_INSTALL: in the gridbfs tree the plugin folder under
#            the prefix (GRIDBFS_PLUGIN_SUBDIR); for a third party
#            GRIDBFS_PLUGIN_INSTALL_DIR, which gridbfsConfig.cmake presets to
#            the installed gridbfs's plugin folder (GRIDBFS_PLUGIN_DIR), so
#            the installed gridbfs finds the plugin by name.
#   -O2      when the build has no type (a plain `cmake -S . -B build`, no
#            CMAKE_BUILD_TYPE): a plugin built without -O runs its search
#            about twice as slowly.  A build type, as -DCMAKE_BUILD_TYPE=Debug,
#            brings its own flags instead.
function(gridbfs_add_plugin name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_INSTALL" "OUTPUT_DIRECTORY" "SOURCES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "gridbfs_add_plugin: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "gridbfs_add_plugin(${name}): SOURCES is required")
  endif()
  # SOURCES would swallow a misspelt keyword that follows it.
  foreach(src IN LISTS arg_SOURCES)
    if(src MATCHES "^[A-Z][A-Z0-9_]*$")
      message(FATAL_ERROR "gridbfs_add_plugin: unknown arguments: ${src} (not a source file name)")
    endif()
  endforeach()
  if(NOT name MATCHES "^[a-z0-9-]+$")
    message(FATAL_ERROR "gridbfs_add_plugin(${name}): a plugin name is [a-z0-9-]+")
  endif()
  if(NOT TARGET gridbfs::headers)
    message(FATAL_ERROR "gridbfs_add_plugin(${name}): no target gridbfs::headers (use find_package(gridbfs))")
  endif()
  add_library(${name} MODULE ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE gridbfs::headers)
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  # (at generate time: $<CONFIG> is empty when no build type was chosen)
  set(gnu "GNU,Clang,AppleClang")
  target_compile_options(${name} PRIVATE
    "$<$<AND:$<STREQUAL:$<CONFIG>,>,$<OR:$<COMPILE_LANG_AND_ID:C,${gnu}>,$<COMPILE_LANG_AND_ID:CXX,${gnu}>>>:-O2>")
  if(arg_OUTPUT_DIRECTORY)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${arg_OUTPUT_DIRECTORY})
  elseif(GRIDBFS_PLUGIN_OUTPUT_DIR)
    # (no per-config folder under a multi-config generator: the binary
    # finds the plugins at one place relative to itself)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY $<1:${GRIDBFS_PLUGIN_OUTPUT_DIR}>)
  endif()
  if(GRIDBFS_PLUGIN_SUBDIR)
    set(dest ${GRIDBFS_PLUGIN_SUBDIR})
  else()
    set(dest ${GRIDBFS_PLUGIN_INSTALL_DIR})
  endif()
  if(NOT arg_NO_INSTALL AND dest)
    install(TARGETS ${name} LIBRARY DESTINATION ${dest})
  endif()
endfunction()
