# gridbfs_add_plugin(NAME SOURCES src... [OUTPUT_DIRECTORY dir] [NO_INSTALL])
#
# Builds a rule plugin: a MODULE library named NAME.so (no "lib" prefix),
# hidden symbols but for the entry point, linked only to the public header.
# In the gridbfs tree it lands beside the binary's plugin folder, so the
# build tree runs without installing.
function(gridbfs_add_plugin name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "NO_INSTALL" "OUTPUT_DIRECTORY" "SOURCES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "gridbfs_add_plugin: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "gridbfs_add_plugin(${name}): SOURCES is required")
  endif()
  add_library(${name} MODULE ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE gridbfs::headers)
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden)
  if(arg_OUTPUT_DIRECTORY)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${arg_OUTPUT_DIRECTORY})
  elseif(GRIDBFS_PLUGIN_OUTPUT_DIR)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${GRIDBFS_PLUGIN_OUTPUT_DIR})
  endif()
  if(NOT arg_NO_INSTALL AND GRIDBFS_PLUGIN_SUBDIR)
    install(TARGETS ${name} LIBRARY DESTINATION ${GRIDBFS_PLUGIN_SUBDIR})
  endif()
endfunction()
