#!/usr/bin/env bash
# Both pre-commit hooks of .pre-commit-hooks.yaml as a user installs them,
# with Debian's pre-commit, in a scratch repository (a docs/ folder), online
# (the Go module proxy) and offline (GOPROXY=off); each install timed:
#   checks-markdown, online, the framework's own module cache: what a first
#     commit costs a user by default (every module downloaded, then built);
#   checks-markdown, online, GOMODCACHE exported: the fast first install;
#   checks-markdown, GOPROXY=off, no GOMODCACHE: fails, and why (the
#     framework points GOPATH, so the module cache, at its own empty folder);
#   checks-markdown, GOPROXY=off, GOMODCACHE exported: works offline;
#   checks-markdown-system, offline, checks on PATH: nothing built;
#   checks-markdown-system without checks on PATH: the commit fails, saying so.
# Each working install lets a good commit through and stops a broken link.
# Go's build cache (GOCACHE) is this machine's, as it is a user's.
#   make precommit-check        (pre-commit from Debian)
#   CASES="system-offline system-missing" proofs/precommit.sh   only those
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/devdocs-precommit.XXXXXX")
trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
. "$repo/proofs/expect.sh"
export GIT_AUTHOR_NAME=hook GIT_AUTHOR_EMAIL=hook@example.invalid GIT_COMMITTER_NAME=hook GIT_COMMITTER_EMAIL=hook@example.invalid
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
unset GOMODCACHE
usercache=$(go env GOMODCACHE)

# The hook repository: this checkout as a commit, what `repo:` and `rev:` name.
checkout_copy "$repo" "$scratch/devdocs"
git -C "$scratch/devdocs" add -A && git -C "$scratch/devdocs" commit -qm "as checked out" --allow-empty
rev=$(git -C "$scratch/devdocs" rev-parse HEAD)

# The checks a system hook finds on PATH, built once from the checkout.
mkdir -p "$scratch/bin"
(cd "$repo" && go build -o "$scratch/bin/checks" ./cmd/checks)

# try NAME HOOK WANT(ok|fail|fail-at-commit) [VAR=VALUE…]: a fresh project and framework home,
# `pre-commit install-hooks` timed, then a good and a bad commit.
try() {
  local name=$1 hook=$2 want=$3 project="$scratch/$1" out start took
  shift 3
  if [ -n "${CASES:-}" ] && [[ " $CASES " != *" $name "* ]]; then return; fi
  mkdir -p "$project/docs"
  printf '# Docs\n\nRead [the guide](guide.md#setup).\n' > "$project/docs/index.md"
  printf '# Guide\n\n## Setup\n' > "$project/docs/guide.md"
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n' "$scratch/devdocs" "$rev" "$hook" > "$project/.pre-commit-config.yaml"
  cd "$project"
  git init -q -b main . && git add -A && git commit -qm "docs" --no-verify
  start=$(date +%s)
  if out=$(env PRE_COMMIT_HOME="$scratch/home-$name" "$@" pre-commit install-hooks 2>&1); then
    took=$(( $(date +%s) - start ))
    if [ "$want" = fail ]; then echo "FAIL $name: the install worked, and should not have"; fail=1; return; fi
  else
    if [ "$want" != fail ]; then echo "FAIL $name: the install failed:"; tail -n 15 <<<"$out"; fail=1; return; fi
    echo "ok   $name: the install fails, saying: $(grep -m1 -E 'GOPROXY=off|not found|Executable' <<<"$out" || tail -n1 <<<"$out")"
    return
  fi
  env PRE_COMMIT_HOME="$scratch/home-$name" "$@" pre-commit install >/dev/null
  printf '\nSee [the FAQ](faq.md).\n' >> docs/guide.md
  git add docs/guide.md
  if [ "$want" = fail-at-commit ]; then
    if out=$(env PRE_COMMIT_HOME="$scratch/home-$name" "$@" git commit -qm bad 2>&1); then echo "FAIL $name: the commit went through"; fail=1
    else echo "ok   $name: the commit stops, saying: $(grep -m1 -E 'not found' <<<"$out" || tail -n1 <<<"$out")"; fi
    return
  fi
  if out=$(env PRE_COMMIT_HOME="$scratch/home-$name" "$@" git commit -qm bad 2>&1); then
    echo "FAIL $name: a broken link was committed"; fail=1; return
  fi
  grep -q 'broken markdown link "faq.md"' <<<"$out" || { echo "FAIL $name: the commit failed without naming the link:"; echo "$out"; fail=1; return; }
  printf '# FAQ\n' > docs/faq.md
  git add docs/faq.md
  if ! out=$(env PRE_COMMIT_HOME="$scratch/home-$name" "$@" git commit -qm good 2>&1); then
    echo "FAIL $name: the fixed commit was stopped:"; echo "$out"; fail=1; return
  fi
  echo "ok   $name: installed in $took s; a broken link stops the commit, its fix passes"
}

try golang-online checks-markdown ok
try golang-online-shared-cache checks-markdown ok GOMODCACHE="$usercache"
try golang-offline-own-cache checks-markdown fail GOPROXY=off
try golang-offline-shared-cache checks-markdown ok GOPROXY=off GOMODCACHE="$usercache"
try system-offline checks-markdown-system ok GOPROXY=off PATH="$scratch/bin:$PATH"
try system-missing checks-markdown-system fail-at-commit PATH="$(dirname "$(command -v git)"):$(dirname "$(command -v pre-commit)")"
exit "$fail"
