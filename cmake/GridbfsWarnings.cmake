# gridbfs_warnings(TARGET...): the warnings the gridbfs tree is built with,
# set on each target (never globally, so a third-party project that adds
# gridbfs, or a plugin built with the installed GridbfsAddPlugin.cmake, does
# not inherit them).  Each flag is checked once against the compiler (gcc 12
# and clang 14 take them all), so another compiler still builds.
#
# Warnings as errors are CMake's own switch, not ours: the presets set
# CMAKE_COMPILE_WARNING_AS_ERROR (the target property
# COMPILE_WARNING_AS_ERROR, CMake 3.24+), and
# `cmake --compile-no-warning-as-error` turns it off for one configure.
include(CheckCCompilerFlag)

set(GRIDBFS_WARNING_FLAGS)
foreach(flag IN ITEMS -Wall -Wextra -Wpedantic -Wshadow)
  string(MAKE_C_IDENTIFIER "GRIDBFS_CC_HAS${flag}" var)
  check_c_compiler_flag(${flag} ${var})
  if(${var})
    list(APPEND GRIDBFS_WARNING_FLAGS ${flag})
  endif()
endforeach()

function(gridbfs_warnings)
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE ${GRIDBFS_WARNING_FLAGS})
  endforeach()
endfunction()
