# Helpers of the proofs on real builds (proofs/<preset>.sh) and of
# manuals.sh: each runs $checks and prints "ok" or "FAIL" with what it saw;
# $fail ends up 1 when anything failed. Sourced, not run.
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

# at LINE:COL: the place as the text format starts a problem's line, for
# the expected lines of expect_lines.
at() { printf '  %-6s ' "$1"; }

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

# expect_reports NAME DIR [FLAG…] -- "COUNT CHECK HREF"…: checks links DIR
# reports exactly these, by check and href, each COUNT times, and nothing
# else. An HREF starting with ~ is an extended regular expression, for one
# cause behind many links (every link into a folder a package leaves out);
# its COUNT still pins how many. A report counts for the first line it
# matches, literal lines before patterns. Needs jq.
expect_reports() {
  local name=$1 dir=$2 flags=() json code=0 out
  shift 2
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  json=$("$checks" links "$dir" "${flags[@]}" --format json) || code=$?
  if [ $code -gt 1 ]; then echo "FAIL $name: checks links $dir exited $code"; fail=1; return; fi
  out=$(jq -r '.diagnostics[] | "\(.check)\t\(.href // "-")"' <<<"$json" | awk -F'\t' -v name="$name" '
    NR == FNR {  # the expectations: COUNT CHECK HREF, HREF with spaces kept
      if ($0 == "") next
      n = split($0, f, " "); href = substr($0, length(f[1]) + length(f[2]) + 3)
      want[NR] = f[1]; what[NR] = f[2] " " href; lines = NR
      if (substr(href, 1, 1) == "~") { re[NR] = "^(" substr(href, 2) ")$"; chk[NR] = f[2] }
      else lit[f[2] "\t" href] = NR
      next
    }
    { total++
      if (($0 in lit)) { got[lit[$0]]++; next }
      for (i = 1; i <= lines; i++) if ((i in re) && $1 == chk[i] && $2 ~ re[i]) { got[i]++; next }
      extra++; if (extra <= 20) more = more "\n  " $0
    }
    END {
      for (i = 1; i <= lines; i++) if (got[i] + 0 != want[i]) { print "FAIL " name ": " what[i] " reported " got[i] + 0 " times, want " want[i]; bad = 1 }
      if (extra) { print "FAIL " name ": " extra " reports not expected:" more; bad = 1 }
      if (!bad) print "ok   " name ": " total + 0 " reports, all as triaged"
    }' <(printf '%s\n' "$@") -)
  echo "$out"
  grep -q '^FAIL' <<<"$out" && fail=1 || true
}

# expect_base_builds ROOT BASED BASE: the build made for the root and the
# one made for BASE are clean, each checked where it is served, and the
# BASE build checked as if at the root is not (its links carry BASE).
expect_base_builds() {
  expect "links of the root build, clean" 0 ": no problems$" links "$1"
  expect "links of the $3 build, clean" 0 ": no problems$" links "$2" --base-url "$3"
  expect "the $3 build checked as if at the root" 1 "errors" links "$2" --base-url /
}

# quietly WHAT DIR CMD…: a generator's build, CMD run in DIR with its output
# kept in DIR/build.log, shown (its last 30 lines) only when CMD fails,
# which ends the proof: nothing after a failed build could be judged.
quietly() {
  local what=$1 dir=$2
  shift 2
  (cd "$dir" && "$@" >build.log 2>&1) || { echo "FAIL $what in $dir:"; tail -n 30 "$dir/build.log"; exit 1; }
}

# npm_project JSON INSTALLED [FLAG…]: package.json in the current folder as
# JSON, its packages installed from npm (with npm install's FLAGs) unless an
# earlier run with the same package.json left INSTALLED (a path in
# node_modules) there. Then the proof goes on, or ends if it only prepares.
npm_project() {
  if [ "$(cat package.json 2>/dev/null)" != "$1" ] || [ ! -e "$2" ]; then
    printf '%s\n' "$1" > package.json
    nice -n 10 npm install --no-audit --no-fund --loglevel=error "${@:3}" >/dev/null
  fi
  prepared
}

# prepared: a proof run with PROOF_PREPARE=1 ends once its packages are
# installed. make proofs runs each so in the background (prepare.sh) while
# the proofs before it run: an install from the registry is mostly waiting
# on the network (Nextra's: 408 s, 62 s of it CPU, from a cold npm cache).
prepared() {
  if [ -n "${PROOF_PREPARE:-}" ]; then exit 0; fi
}

# checkout_copy REPO DIR: a clone of the checkout REPO at DIR with its
# uncommitted changes and untracked (not ignored) files copied in, so a proof
# of what users get from a commit (a release, a pre-commit hook) runs on the
# tree as it is.
checkout_copy() {
  git clone -q --no-hardlinks "$1" "$2"
  (cd "$1" && git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf -) 2>/dev/null | tar -C "$2" -xf -
}

# expect_findings NAME ARGS… -- "CHECK FILE"…: checks ARGS --format json
# (a single command, or checks all) reports exactly these diagnostics, by
# check and file, in any order, and nothing else (passed expectations of
# the browser contract, at info, aside). Its JSON is kept in $findings for
# expect_said. Needs jq.
findings=
expect_findings() {
  local name=$1 args=() code=0 got want
  shift
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  findings=$("$checks" "${args[@]}" --format json 2>/dev/null) || code=$?
  if [ $code -gt 1 ]; then echo "FAIL $name: checks ${args[*]} exited $code"; fail=1; return; fi
  got=$(jq -r '.. | objects | select(has("check") and has("severity") and .severity != "info") | "\(.check) \(.file)"' <<<"$findings" | sort)
  want=$(printf '%s\n' "$@" | sed '/^$/d' | sort)
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: checks ${args[*]} reported, by check and file:"; echo "$got"; echo "want:"; echo "$want"; fail=1
    echo "what it said:"; jq -r '.. | objects | select(has("check") and has("severity") and .severity != "info") | "\(.check) \(.file): \(.message)"' <<<"$findings"
  else
    echo "ok   $name: $(grep -c . <<<"$want") reports, each on its page, nothing else"
  fi
}

# expect_said NAME TEXT…: the JSON of the last expect_findings has each
# text (a message, note or hint said there).
expect_said() {
  local name=$1 text
  shift
  for text in "$@"; do
    grep -qF -- "$text" <<<"$findings" || { echo "FAIL $name: \"$text\" not said in:"; echo "$findings"; fail=1; return; }
  done
  echo "ok   $name: $# texts said"
}

# under_load CMD…: runs CMD while busy processes keep every core busy
# (twice as many as there are cores, as on a shared CI runner), then stops
# them: a verdict of the crawl must not change with the load.
under_load() {
  local busy=() i
  for i in $(seq $((2 * $(nproc)))); do
    (while :; do :; done) &
    busy+=($!)
  done
  "$@"
  kill "${busy[@]}" 2>/dev/null
  wait "${busy[@]}" 2>/dev/null || true
  return 0
}
