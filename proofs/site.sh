#!/usr/bin/env bash
# The gate on this repository's own docs, as its pre-commit hook runs it (at
# the repository root, with its checks.json): the versions rules hold each
# docs version's links to GitHub and docs.rs to that version, and a relative
# link between two versions' folders is found; on a real build of the
# site, checks links finds a wrong GitHub ref and docs.rs version at the
# built page (built_versions). Then between two deploys,
# on real builds of the site (each about 35 s on an idle machine): a page
# renamed with no redirect, and a heading renamed, are found against the
# build before; the site's own redirect and {#old-id} keep both. The clean
# build is crawled, every page, under a synthetic load: no report.
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
git checkout -q -- content

# The built side of the versions rules, in a build of its own (about 35 s on
# an idle machine): checks links on site/dist alone reads each page's
# version from routes.json (1.1 at /api/1.1/, 1.0 at /api/1.0/) and finds a
# wrong GitHub ref and docs.rs version at the built page, each place found
# here by grep (bytes, as the gate counts columns), not by checks.
built_versions() {
  local t0=$SECONDS gh_page=site/dist/api/1.1/zkvm/install/index.html rs_page=site/dist/api/1.0/zkvm/host-code-101/index.html
  local gh_url=https://github.com/risc0/risc0/blob/main/rzup/install rs_url=https://docs.rs/risc0-zkvm/latest/risc0_zkvm/trait.Prover.html
  git checkout -q -- content
  add content/api/1.1/zkvm/install.md "The [installer source]($gh_url)." > /dev/null
  add content/api/1.0/zkvm/host-code-101.md "The [prover API]($rs_url)." > /dev/null
  [ -e node_modules ] || ln -s "$repo/node_modules" node_modules
  make -o node_modules/.installed -o bin/checks build > "$scratch/build-versions.log" 2>&1 \
    || { echo "FAIL make build (versions):"; tail -n 30 "$scratch/build-versions.log"; fail=1; return; }
  echo "     built (a wrong GitHub ref and docs.rs version) in $((SECONDS - t0)) s"
  place() { LC_ALL=C awk -v h="href=\"$2\"" 'i = index($0, h) { print NR ":" i + 6; exit }' "$1"; }
  expect_lines "checks links on the build finds both at the built page" 1 links site/dist -- \
    "$gh_page" \
    "$(at "$(place "$gh_page" "$gh_url")")error   link \"$gh_url\" is at GitHub risc0/risc0 ref \"main\", but its page is in docs version 1.1: expected v1.1.* (or list the link in the rule's \"except\") [wrong-version-link]" \
    "$rs_page" \
    "$(at "$(place "$rs_page" "$rs_url")")error   link \"$rs_url\" is at docs.rs risc0-zkvm version \"latest\", but its page is in docs version 1.0: expected 1.0.* (or list the link in the rule's \"except\") [wrong-version-link]"
  expect "…and nothing else" 1 ": 2 errors$" links site/dist
  # checks all (its browser steps left out) says each once, at its markdown line.
  jq 'del(.browser, .crawl)' checks.json > checks-nobrowser.json
  expect_lines "checks all says each once, at its markdown line" 1 all --config checks-nobrowser.json -- \
    "$(at "$(wc -l < content/api/1.1/zkvm/install.md):5")error   link \"$gh_url\" is at GitHub risc0/risc0 ref \"main\", but its page is in docs version 1.1: expected v1.1.* (or list the link in the rule's \"except\") [wrong-version-link]" \
    "         note: the build confirms it: $gh_page:$(place "$gh_page" "$gh_url")" \
    "$(at "$(wc -l < content/api/1.0/zkvm/host-code-101.md):5")error   link \"$rs_url\" is at docs.rs risc0-zkvm version \"latest\", but its page is in docs version 1.0: expected 1.0.* (or list the link in the rule's \"except\") [wrong-version-link]" \
    "         note: the build confirms it: $rs_page:$(place "$rs_page" "$rs_url")"
  expect "…and nothing else" 1 "^checks all: 2 errors" all --config checks-nobrowser.json
  rm checks-nobrowser.json
  git checkout -q -- content
}
built_versions

# The site built as committed is the last deploy. The copy shares the
# checkout's node_modules (make deps installed them there) and builds its
# own bin/docs, since the third build changes the compiler's redirects.
[ -e node_modules ] || ln -s "$repo/node_modules" node_modules
build() {
  local t0=$SECONDS
  make -o node_modules/.installed -o bin/checks build > "$scratch/build.log" 2>&1 || { echo "FAIL make build ($1):"; tail -n 30 "$scratch/build.log"; exit 1; }
  echo "     built ($1) in $((SECONDS - t0)) s"
}
build "the last deploy"
cp -r site/dist "$scratch/prev"
# The same deploy kept as a CI run keeps it: its deploy record.
expect "the clean build's deploy record saved" 0 ": no problems$" links ../prev --save-deploy ../prev.deploy.json
# A busy CI runner (issue #39): every page of the clean build crawled with
# every core kept busy gives no report, none unsettled.
t0=$SECONDS
under_load expect "every page of the clean build crawled under a synthetic load: no report" 0 ": no problems" browser site/dist --crawl --sample 0
echo "     crawled under load in $((SECONDS - t0)) s"

# 1.2, the latest version, is served at /api/. One rebuild: its profiling
# page renamed (its links and sidebar entry with it) and no redirect; a
# heading of its install page renamed, its id with it.
git mv content/api/1.2/zkvm/profiling.md content/api/1.2/zkvm/guest-profiling.md
grep -rl 'profiling\.md' content/api/1.2 | xargs sed -i 's|\([/.]\)profiling\.md|\1guest-profiling.md|g'
sed -i 's|"zkvm/profiling"|"zkvm/guest-profiling"|' content/api/1.2/sidebars.json
sed -i 's|^## Keeping versions in sync$|## Keeping toolchain versions in sync|' content/api/1.2/zkvm/install.md
heading=$(grep -n '^## Keeping toolchain versions in sync$' content/api/1.2/zkvm/install.md | cut -d: -f1)
build "a page and a heading renamed"
# The warning's place: the renamed heading on the built page.
at_heading=$(awk -v h='<h2 id="keeping-toolchain-versions-in-sync"' 'i = index($0, h) { print NR ":" i; exit }' site/dist/api/zkvm/install/index.html)
for prev in ../prev ../prev.deploy.json; do
expect_lines "a renamed page and a renamed heading, against the last deploy ($prev)" 1 links --previous $prev -- \
  "../prev/api/zkvm/profiling/index.html" \
  "  -      error   removed URL /api/zkvm/profiling/: the last deploy served it; now it answers 404 [removed-url]" \
  "         note: closest page now: /api/zkvm/guest-profiling/ (the same title \"Guest profiling | RISC Zero Developer Docs\")" \
  "         note: keep it: a redirect page site/dist/api/zkvm/profiling/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/api/zkvm/guest-profiling/\">" \
  "site/dist/api/zkvm/install/index.html" \
  "$(at "$at_heading")warning removed anchor /api/zkvm/install/#keeping-versions-in-sync: the last deploy's page had the id \"keeping-versions-in-sync\", the new page has no such id [removed-anchor]" \
  "         note: nearest heading now: \"Keeping toolchain versions in sync\" #keeping-toolchain-versions-in-sync (the same place in the outline)" \
  "         note: keep it: {#keeping-versions-in-sync} after that heading's text in its markdown (the heading then has that id), or an empty <a id=\"keeping-versions-in-sync\"></a> just before the heading"
expect "…and nothing else" 1 ": 1 error and 1 warning$" links --previous $prev
done

# The site's own way to keep a URL: a redirect of the compiler
# (site/compile/routes.go), which the prerender writes as a stub page;
# and the old id kept with {#old-id}, which the site's markdown honours.
sed -i 's|^\(var redirects = \[\]routes.Route{\)$|\1\n\t{Path: "/api/zkvm/profiling", Kind: routes.KindRedirect, To: "/api/zkvm/guest-profiling", Source: "site/compile/routes.go", Title: "Guest profiling"},|' site/compile/routes.go
sed -i "${heading}s|\$| {#keeping-versions-in-sync}|" content/api/1.2/zkvm/install.md
build "a redirect and {#old-id} added"
for prev in ../prev ../prev.deploy.json; do
  expect "the redirect stub and {#keeping-versions-in-sync} keep both ($prev)" 0 ": no problems$" links --previous $prev
done
grep -q ' id="keeping-versions-in-sync"' site/dist/api/zkvm/install/index.html \
  && echo "ok   the built heading has the id {#keeping-versions-in-sync} names" \
  || { echo "FAIL no heading with id keeping-versions-in-sync on the built install page"; fail=1; }


exit $fail
