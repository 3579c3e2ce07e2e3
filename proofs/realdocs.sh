#!/usr/bin/env bash
# The gate on the documentation of the generators themselves: checks
# markdown run at each repository's root, as the pre-commit hook runs it, on
# a clone at the commit below. Each run must print exactly the summary the
# table of docs/generators.md gives (pages, links, errors, warnings): a change of the
# gate that adds or drops a report shows here. Which reports are true is
# written there, from reading each one against the sources.
#
# The repositories are not fetched here (CI has no network but the package
# registries): put clones in $REALDOCS_DIR (default /tmp/realdocs), one
# folder per name below, at the commit given, e.g.
#   git clone https://github.com/vuejs/vitepress /tmp/realdocs/vitepress
#   git -C /tmp/realdocs/vitepress checkout ed2bfb266ef788e86d1a73fe3cd7708a4cd5e260
# A clone that is not there, or not at its commit, is skipped with its reason.
#   make realdocs-check
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
dir=${REALDOCS_DIR:-/tmp/realdocs}
. "$(dirname "$0")/expect.sh"

# name, repository, commit, the summary checks markdown prints at the root.
table=(
  "vitepress vuejs/vitepress ed2bfb266ef788e86d1a73fe3cd7708a4cd5e260 284 pages, 1110 links checked: 16 warnings"
  "mkdocs mkdocs/mkdocs 2862536793b3c67d9d83c33e0dd6d50a791928f8 21 pages, 330 links checked: no problems"
  "mkdocs-material squidfunk/mkdocs-material 5b36f2ac499a45905e246bc66bbee2858ef6556f 100 pages, 1109 links checked: 3 warnings"
  "starlight withastro/starlight 3999be7cc18b41095d61e3b63d68ff3e6c6c050b 360 pages, 2170 links checked: 4 warnings"
  "rspress web-infra-dev/rspress c4e94041c71057e8dbd4e1f22b08dcab1684186b 256 pages, 711 links checked: no problems"
  "hugoDocs gohugoio/hugoDocs 1c613349f4220ae84070df25979d720c43e5cfa6 1002 pages, 2361 links checked: no problems"
  "jekyll jekyll/jekyll 202df571314ba1d18e9fccd81d12aaad4a703c38 110 pages, 152 links checked: 1 error"
  "sphinx sphinx-doc/sphinx e44a40eb2f810558ccd9da1425421270ccb81351 nothing to check: no problems"
  # facebook/docusaurus's snapshot (1.5 GB) is too large to fetch here; this
  # repository holds its tree at 3.0.0-beta.0 as one commit, unchanged.
  "docusaurus it990110/tutorial.io 74cf39710abbaddd3ca941c8f66090555ec5727c 733 pages, 3077 links checked: 91 warnings"
  "11ty-website 11ty/11ty-website d85ca0a424fb3d1de4e8a4ace14e4ebb4a5f6883 231 pages, 1062 links checked: 6 warnings"
)

ran=0 missing=()
for row in "${table[@]}"; do
  read -r name repo commit want <<<"$row"
  at="$dir/$name"
  if [ "$(git -C "$at" rev-parse HEAD 2>/dev/null)" != "$commit" ]; then
    missing+=("$name")
    echo "skip $name: no clone of $repo at ${commit:0:12} in $at"
    continue
  fi
  ran=$((ran + 1))
  got=$(cd "$at" && "$checks" markdown 2>/dev/null | tail -n1 | sed -E 's/ in [0-9.]+s:/:/; s/^checks markdown: //') || true
  if [ "$got" = "$want" ]; then
    echo "ok   $name at ${commit:0:12}: $got"
  else
    echo "FAIL $name at ${commit:0:12}: got \"$got\", want \"$want\""
    fail=1
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  why="no clones of ${missing[*]} at their commits in $dir (CI cannot fetch them; proofs/realdocs.sh says how)"
  [ "$ran" -gt 0 ] && why="$ran of ${#table[@]} run; $why"
  echo "$why" > "${SKIP_REASON:-/dev/null}"
fi
exit $fail
