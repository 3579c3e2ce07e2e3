#!/usr/bin/env bash
# The gate on this repository's own docs, as its pre-commit hook runs it (at
# the repository root, with its checks.json): the versions rules hold each
# docs version's links to GitHub and docs.rs to that version, and a relative
# link between two versions' folders is found.
#   make site-check
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/devdocs-site.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
. "$repo/proofs/expect.sh"
checks="$repo/bin/checks"

checkout_copy "$repo" "$scratch/repo"
cd "$scratch/repo"
expect "the docs as committed, clean" 0 ": no problems$" markdown

# One fault of each kind, each on a line of its own at the end of a page.
add() { printf '\n%s\n' "$2" >> "$1"; wc -l < "$1"; }
gh=$(add content/api/1.1/zkvm/install.md 'The [installer source](https://github.com/risc0/risc0/blob/main/rzup/install).')
rs=$(add content/api/1.0/zkvm/host-code-101.md 'The [prover API](https://docs.rs/risc0-zkvm/latest/risc0_zkvm/trait.Prover.html).')
nx=$(add content/api/next/zkvm/install.md 'The [1.2 installer](https://github.com/risc0/risc0/tree/v1.2.6/rzup).')
cv=$(add content/api/1.0/zkvm/install.md 'What [1.2 installs](../../1.2/zkvm/install.md).')
add content/api/1.2/zkvm/install.md 'The [installer source](https://github.com/risc0/risc0/tree/v1.2.6/rzup) and [its API](https://docs.rs/risc0-zkvm/1.2.6/risc0_zkvm/).' > /dev/null
expect_lines "the hook at the repository root finds each fault at its line" 1 markdown -- \
  "$(at "$gh:5")error   link \"https://github.com/risc0/risc0/blob/main/rzup/install\" is at GitHub risc0/risc0 ref \"main\", but its page is in docs version 1.1: expected v1.1.* (or list the link in the rule's \"except\") [wrong-version-link]" \
  "$(at "$rs:5")error   link \"https://docs.rs/risc0-zkvm/latest/risc0_zkvm/trait.Prover.html\" is at docs.rs risc0-zkvm version \"latest\", but its page is in docs version 1.0: expected 1.0.* (or list the link in the rule's \"except\") [wrong-version-link]" \
  "$(at "$nx:5")error   link \"https://github.com/risc0/risc0/tree/v1.2.6/rzup\" is at GitHub risc0/risc0 ref \"v1.2.6\", but its page is in docs version next: expected main (or list the link in the rule's \"except\") [wrong-version-link]" \
  "$(at "$cv:6")error   markdown link \"../../1.2/zkvm/install.md\" leaves docs version content/api/1.0 for content/api/1.2; link to the page's URL instead [cross-version-link]"
# The 1.2 page's links at its own tag are judged and pass: those four, nothing else.
expect "nothing else" 1 ": 4 errors$" markdown

exit $fail
