# Runs cluster-planner --screenshot under Xvfb and checks the PNGs; then checks that bad input
# fails with a non-zero exit and one line on stderr. Called by CTest (see CMakeLists.txt).
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Keep the test's recent-files list out of the user's settings.
set(env ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=${WORK_DIR}/config)
set(xvfb ${XVFB_RUN} -a -s "-screen 0 1600x1000x24")

function(run_app expect_success)
  execute_process(COMMAND ${env} ${xvfb} ${APP} ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
  if(expect_success AND NOT rc EQUAL 0)
    message(FATAL_ERROR "cluster-planner ${ARGN} failed (${rc}): ${err}")
  endif()
  if(NOT expect_success)
    if(rc EQUAL 0)
      message(FATAL_ERROR "cluster-planner ${ARGN} succeeded but should have failed")
    endif()
    string(STRIP "${err}" err)
    if(err STREQUAL "")
      message(FATAL_ERROR "cluster-planner ${ARGN} failed without a message on stderr")
    endif()
    string(FIND "${err}" "cluster-planner:" prefix)
    if(prefix EQUAL -1)
      message(FATAL_ERROR "cluster-planner ${ARGN}: stderr lacks the program's message: ${err}")
    endif()
    set(last_error "${err}" PARENT_SCOPE)
  endif()
endfunction()

function(check_png path min_bytes)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "${path} was not written")
  endif()
  file(SIZE "${path}" size)
  if(size LESS ${min_bytes})
    message(FATAL_ERROR "${path} is only ${size} bytes: an empty window?")
  endif()
  file(READ "${path}" magic LIMIT 8 HEX)
  if(NOT magic STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "${path} is not a PNG")
  endif()
endfunction()

# The sample design, plan and 3D.
run_app(TRUE --screenshot ${WORK_DIR}/plan.png --screenshot-3d ${WORK_DIR}/hall3d.png)
check_png(${WORK_DIR}/plan.png 20000)
check_png(${WORK_DIR}/hall3d.png 20000)

# A template with a GPU count.
run_app(TRUE --template supernode --gpus 144 --screenshot ${WORK_DIR}/supernode.png)
check_png(${WORK_DIR}/supernode.png 20000)

# A corrupt project: non-zero exit, a message naming the file, no PNG.
file(WRITE ${WORK_DIR}/garbage.cplan "this is not an SQLite database, just some bytes\n")
run_app(FALSE ${WORK_DIR}/garbage.cplan --screenshot ${WORK_DIR}/garbage.png)
string(FIND "${last_error}" "garbage.cplan" named)
if(named EQUAL -1)
  message(FATAL_ERROR "the error does not name the file: ${last_error}")
endif()
if(EXISTS ${WORK_DIR}/garbage.png)
  message(FATAL_ERROR "a screenshot was written for a file that failed to open")
endif()

# Command-line mistakes.
run_app(FALSE --gpus 64 --screenshot ${WORK_DIR}/x.png)
run_app(FALSE --template nonsense --screenshot ${WORK_DIR}/x.png)
run_app(FALSE --template classic --gpus minus-one --screenshot ${WORK_DIR}/x.png)
run_app(FALSE --catalog ${WORK_DIR}/missing-catalog.json --screenshot ${WORK_DIR}/x.png)
