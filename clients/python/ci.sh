#!/usr/bin/env bash
# The Python client as a user gets it, from this clone: builds the wheel offline (Debian's
# setuptools, no package index), installs it into a fresh virtual environment, type-checks the
# package (mypy --strict), runs the plugin's own tests and the consumer project
# examples/python-consumer, then kills a pytest with -9 in the middle of a test and checks that no
# ccemu it started is left. Prints `python: N passed, N failed` and exits non-zero on any failure.
# Needs Debian's python3-pytest, python3-build, python3-venv and mypy (.ci/run installs them);
# python3-requests and python3-httpx make the auth tests run rather than skip.
set -uo pipefail
clone=$(cd "$(dirname "$0")/../.." && pwd)
python=/usr/bin/python3 # Debian's: the packages above are its, whatever python3 the PATH finds first
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# Counts a JUnit XML report into the totals.
count() {
  read -r p f < <("$python" - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else list(root)
tests = sum(int(s.get("tests", 0)) for s in suites)
bad = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
skipped = sum(int(s.get("skipped", 0)) for s in suites)
print(tests - bad - skipped, bad)
PY
  ) || { p=0; f=1; }
  passed=$((passed + p)) failed=$((failed + f))
}

# A step that is not a test file: one passed or one failed.
step() {
  local name=$1
  shift
  if "$@"; then passed=$((passed + 1)); else echo "python: $name failed"; failed=$((failed + 1)); return 1; fi
}

cp -r "$clone/clients/python" "$work/source" # the build writes build/ and *.egg-info beside the sources
build_wheel() {
  "$python" -m build --no-isolation --wheel --outdir "$work/dist" "$work/source" >"$work/build.log" 2>&1 ||
    { tail -20 "$work/build.log"; return 1; }
}
step "the wheel build" build_wheel
step "the venv" "$python" -m venv --system-site-packages "$work/venv"
step "pip install of the wheel" "$work/venv/bin/pip" install --quiet --no-index "$work"/dist/ccemu-*.whl
step "mypy --strict" /usr/bin/mypy --strict --cache-dir "$work/mypy-cache" "$clone/clients/python/src/ccemu"

# Tested from the installed wheel: no CCEMU_* from the caller, the tests and the ini say where.
unset CCEMU_DIR CCEMU_COMMAND CCEMU_URL
(cd "$clone/clients/python" && "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
  --junitxml="$work/own.xml" tests)
count "$work/own.xml"
(cd "$clone/examples/python-consumer" && "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
  -rs --junitxml="$work/consumer.xml")
count "$work/consumer.xml"

# kill -9 of pytest mid-test: ccemu watches its standard input, which the kernel closes.
mkdir "$work/killed" && cat >"$work/killed/test_killed.py" <<'PY'
import os, time

def test_waits(ccemu):
    open(os.environ["READY"], "w").write(str(ccemu.process.pid))
    time.sleep(600)
PY
killed_check() {
  READY="$work/ready" CCEMU_DIR="$clone" "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
    "$work/killed" >"$work/killed.log" 2>&1 &
  local pytest_pid=$! tries=0
  until [ -s "$work/ready" ] || [ $tries -ge 600 ]; do sleep 0.5; tries=$((tries + 1)); done
  [ -s "$work/ready" ] || { echo "the test never ran"; cat "$work/killed.log"; return 1; }
  # Everything below pytest: the launcher (npx, deno task) and ccemu itself.
  local below=() todo=("$pytest_pid")
  while [ ${#todo[@]} -gt 0 ]; do
    local pid=${todo[0]}
    todo=("${todo[@]:1}")
    for child in $(ps -o pid= --ppid "$pid"); do below+=("$child") todo+=("$child"); done
  done
  echo "pytest $pytest_pid, below it: ${below[*]} (ccemu's launcher $(cat "$work/ready"))"
  kill -9 "$pytest_pid"
  wait "$pytest_pid" 2>/dev/null
  for _ in $(seq 1 40); do
    local left=()
    for pid in "${below[@]}"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    [ ${#left[@]} -eq 0 ] && { echo "no ccemu left after kill -9 of pytest"; return 0; }
    sleep 0.5
  done
  echo "left after kill -9 of pytest:"
  ps -o pid,ppid,args -p "$(IFS=,; echo "${left[*]}")"
  kill -9 "${left[@]}" 2>/dev/null
  return 1
}
step "no ccemu left after kill -9" killed_check

echo "python: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
