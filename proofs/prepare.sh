#!/usr/bin/env bash
# prepare.sh DIR PROOF…: installs what each proof installs from a registry,
# in the background, a few at a time, while make proofs runs the proofs
# before them: an install is mostly waiting on the network. For each
# PROOF (a make target, as docusaurus-check) it makes DIR/pending-PROOF at
# once and removes it when the install has ended, ended well or not (the
# proof then installs again, and fails as it would have). make proofs waits
# for the marker to go before it runs the proof. Each install's output is
# in DIR/PROOF.log.
set -euo pipefail
dir=$1
shift
bench=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
for p in "$@"; do touch "$dir/pending-$p"; done
prepare() {
  local p=$1
  PROOF_PREPARE=1 nice -n 10 "$bench/${p%-check}.sh" > "$dir/$p.log" 2>&1 || echo "prepare $p: exit $?" >> "$dir/$p.log"
  rm -f "$dir/pending-$p"
}
export -f prepare
export dir bench
printf '%s\n' "$@" | xargs -P 3 -I{} bash -c 'prepare {}' &
