# Helpers of the generator proofs (docusaurus.sh, mkdocs.sh, hugo.sh): each
# runs $checks and prints "ok" or "FAIL" with what it saw; $fail ends up 1
# when anything failed. Sourced, not run.
fail=0

# expect NAME WANT_CODE WANT_PATTERN ARGS…: the exit code, and a line of the
# output (stdout and stderr) matching the pattern.
expect() {
  local name=$1 code=$2 want=$3 out got=0
  shift 3
  out=$("$checks" "$@" 2>&1) || got=$?
  if [ "$got" != "$code" ] || ! grep -q -- "$want" <<<"$out"; then
    echo "FAIL $name: checks $* exited $got (want $code), output:"; echo "$out"; fail=1
  else
    echo "ok   $name: $(tail -n1 <<<"$out")"
  fi
}

# expect_lines NAME WANT_CODE ARGS… -- LINE…: the exit code, and each line
# (exactly, as text) in the output.
expect_lines() {
  local name=$1 code=$2 args=() out got=0 line
  shift 2
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  out=$("$checks" "${args[@]}" 2>&1) || got=$?
  [ "$got" = "$code" ] || { echo "FAIL $name: checks ${args[*]} exited $got (want $code), output:"; echo "$out"; fail=1; return; }
  for line in "$@"; do
    grep -qxF -- "$line" <<<"$out" || { echo "FAIL $name: no line \"$line\" in:"; echo "$out"; fail=1; return; }
  done
  echo "ok   $name: $# lines as expected"
}

# expect_faults NAME DIR [FLAG…] -- HREF…: checks links DIR reports each
# href, and nothing else.
expect_faults() {
  local name=$1 dir=$2 flags=() out n want
  shift 2
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  out=$("$checks" links "$dir" "${flags[@]}" --format json || true)
  for want in "$@"; do
    grep -qF "\"href\": \"$want\"" <<<"$out" || { echo "FAIL $name: the fault $want was not reported"; fail=1; }
  done
  n=$(grep -c '"check":' <<<"$out" || true)
  if [ "$n" != $# ]; then
    echo "FAIL $name: want exactly $# problems, got $n:"; echo "$out"; fail=1
  else
    echo "ok   $name: all $# found, nothing else"
  fi
}
