# smoke.cmake - one CTest fuzz smoke test (see CMakeLists.txt):
#
#   cmake -DFUZZER=PATH -DNAME=reader -DSOURCE_DIR=tests/fuzz
#         -DWORK_DIR=SCRATCH -DSECONDS=20 -P smoke.cmake
#
# Replays every input saved under SOURCE_DIR/regressions/NAME/, then fuzzes
# for SECONDS over a copy of SOURCE_DIR/corpus/NAME/ made in WORK_DIR, so a
# run never writes into the source tree.  Fails on the first finding,
# leaving the input that caused it in WORK_DIR/artifacts/.
foreach(var IN ITEMS FUZZER NAME SOURCE_DIR WORK_DIR SECONDS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "smoke.cmake: -D${var}=... is missing")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/corpus" "${WORK_DIR}/artifacts")
file(GLOB seeds "${SOURCE_DIR}/corpus/${NAME}/*")
if(seeds)
  file(COPY ${seeds} DESTINATION "${WORK_DIR}/corpus")
endif()

# Given files rather than a folder, libFuzzer runs each once and stops.
file(GLOB regressions "${SOURCE_DIR}/regressions/${NAME}/*")
if(regressions)
  execute_process(COMMAND "${FUZZER}" ${regressions}
    WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz_${NAME}: an input saved under "
      "tests/fuzz/regressions/${NAME}/ fails again (exit ${rc})")
  endif()
endif()

set(dict_option)
if(EXISTS "${SOURCE_DIR}/dict/${NAME}.dict")
  set(dict_option "-dict=${SOURCE_DIR}/dict/${NAME}.dict")
endif()
execute_process(
  COMMAND "${FUZZER}" -max_total_time=${SECONDS} -timeout=10
    -rss_limit_mb=2048 -print_final_stats=1 ${dict_option}
    "-artifact_prefix=${WORK_DIR}/artifacts/" "${WORK_DIR}/corpus"
  WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz_${NAME} found a failure (exit ${rc}); the input "
    "is in ${WORK_DIR}/artifacts/: minimise it and save it under "
    "tests/fuzz/regressions/${NAME}/ (tests/fuzz/README.md)")
endif()
