#!/usr/bin/env bash
# The gate on a real Docusaurus build: the classic template with a second docs
# version, built twice (served at the root with trailing slashes; under
# /repo/ with trailingSlash: false). A correct checker reports nothing on
# either, with checks all and the docusaurus preset (which reads the base URL
# from the build, and checks the .mdx sources of docs, versions, blog and
# pages). A broken link and anchor put into a copy of the docs are found at
# file:line:col; four known faults (a missing page, anchor and image, and a
# deleted asset a blog post uses) are put into a copy of the build and all
# four must be reported, and nothing else. The preset's browser contract (the theme is
# on <html data-theme>, stored under the build's key, following the system)
# holds on both builds, and fails on a copy whose head script no longer
# sets the theme.
#   make docusaurus-check        (DOCUSAURUS_DIR keeps the scaffold between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
. "$(dirname "$0")/expect.sh"
work=$("$(dirname "$0")/docusaurus-build.sh")
cd "$work"

echo '{"preset": "docusaurus"}' > checks.json

# The preset reads the base URL from each build (the path of its entry script).
expect "checks all --preset docusaurus, root build, clean" 0 "^checks all: no problems" all build-root
expect "checks all --preset docusaurus, /repo/ build (trailingSlash false), clean" 0 "^checks all: no problems" all build-repo
expect "/repo/ build checked as if at the root" 1 "errors" links build-repo --base-url /
expect "theme persistence on the root build (a light/dark/system toggle)" 0 ": no problems$" browser build-root
expect "theme persistence on the /repo/ build, served under /repo/" 0 ": no problems$" browser build-repo
rm -rf build-theme && cp -r build-root build-theme
# The head script reads the stored choice but no longer puts it on <html>.
perl -0pi -e 's/document\.documentElement\.setAttribute\("data-theme",/void(/' build-theme/index.html
expect "a head script that no longer sets the theme fails" 1 "error *the first paint already has the stored theme" browser build-theme
expect "a folder that is not there" 2 "build-nowhere is not a directory: build the site first" all build-nowhere

# The markdown: docs, versioned docs, blog and pages are .mdx; checks all
# above read them clean through the preset. A broken link and a bad anchor
# in a copy are found at file:line:col.
rm -rf docs-faults && cp -r docs docs-faults
page=docs-faults/tutorial-basics/congratulations.mdx
printf '\nSee [gone](./no-such-page.mdx) and [the intro](../intro.mdx#no-such-heading).\n' >> "$page"
line=$(wc -l < "$page")
expect_lines "markdown faults in .mdx, at file:line:col" 1 markdown docs-faults -- \
  "$page" \
  "  $(printf %-6s "$line:5") error   broken markdown link \"./no-such-page.mdx\": docs-faults/tutorial-basics/no-such-page.mdx does not exist [markdown-link]" \
  "  $(printf %-6s "$line:36") warning anchor #no-such-heading not found in docs-faults/intro.mdx [markdown-anchor]"

rm -rf build-faults && cp -r build-root build-faults
page=build-faults/docs/intro/index.html
sed -i 's|</body>|<a href="/docs/no-such-page">a</a><a href="/docs/intro#no-such-heading">b</a><img src="/img/missing.png"></body>|' "$page"
plushie=$(cd build-faults && ls assets/images/docusaurus-plushie-banner-*.jpeg) # used by one blog post
rm "build-faults/$plushie"
expect_faults "4 injected faults in the build" build-faults -- \
  /docs/no-such-page /docs/intro#no-such-heading /img/missing.png "/$plushie"
exit $fail
