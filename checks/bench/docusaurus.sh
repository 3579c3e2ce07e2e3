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
# sets the theme. The crawl (checks all --crawl: pages opened in Chromium)
# finds nothing on a sample of each build, and on a copy of the root build
# with six runtime faults, every page opened, finds each on its page and
# nothing else (below): so the other 32 pages are clean too.
#   make docusaurus-check        (DOCUSAURUS_DIR keeps the scaffold between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
. "$(dirname "$0")/expect.sh"
work=$("$(dirname "$0")/docusaurus-build.sh")
cd "$work"

echo '{"preset": "docusaurus"}' > checks.json

# The preset reads the base URL from each build (the path of its entry script).
expect "checks all --preset docusaurus --crawl --sample 8, root build, clean" 0 "^checks all: no problems" all build-root --crawl --sample 8
expect "checks all --preset docusaurus --crawl --sample 5, /repo/ build (trailingSlash false), clean" 0 "^checks all: no problems" all build-repo --crawl --sample 5
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

# A fault of a versioned doc, built: Docusaurus names routes by doc ids and
# slugs, which the preset does not compute, but the build records in
# .docusaurus/ which page each markdown file became. checks all reads that
# record, so the missing page and the lost anchor of version 1.0's intro are
# each said once, at the markdown line (the page's problem with its source,
# the anchor with the build confirming it), not also on the built page with
# no source. A copy of the project (node_modules shared), built with
# Docusaurus's own broken-link check turned to a warning.
rm -rf versioned-fault && mkdir versioned-fault
cp -r blog docs versioned_docs versioned_sidebars versions.json sidebars.js src static package.json versioned-fault/
ln -s "$work/node_modules" versioned-fault/node_modules
sed "s/onBrokenLinks: 'throw'/onBrokenLinks: 'warn'/" docusaurus.config.js > versioned-fault/docusaurus.config.js
echo '{"preset": "docusaurus"}' > versioned-fault/checks.json
page=versioned_docs/version-1.0/intro.mdx
printf '\nSee [a gone page](/docs/no-such-page) and [a lost anchor](#no-such-part).\n' >> "versioned-fault/$page"
line=$(wc -l < "versioned-fault/$page")
(cd versioned-fault && npx docusaurus build >&2)
pushd versioned-fault >/dev/null
expect_lines "a versioned doc's faults, built, each said once at its markdown line (checks all)" 1 all --on-theme-persistence ignore -- \
  "$page" \
  "  $(printf %-6s "$line:43") warning anchor #no-such-part not found in this file [markdown-anchor]" \
  "         source: $page:$line:5"
expect "…and nothing else" 1 "^checks all: 1 error and 1 warning in" all --on-theme-persistence ignore
popd >/dev/null

# Runtime faults, put into a copy of the build, each found by the crawl on
# its page. A throw in a page's component (its content chunk throws when it
# renders): Docusaurus's error boundary catches it and shows "This page
# crashed", and React logs the error, so it is a console-error. A lazy chunk
# deleted (the chunk of /markdown-page, which no other page prefetches): its
# 404 and webpack's ChunkLoadError. An image a script adds, of a file not
# there. A hydration mismatch (the prerendered <h1> no longer what React
# renders): React's #418, through Docusaurus's onRecoverableError. And a link
# to an id only a script makes, whose broken-anchor warning the running page
# withdraws, beside one to an id nobody makes, which it confirms. And an
# http:// script, mixed content Chromium blocks on the https the local site
# is served over (a TEST-NET address and port 9, which Chromium never
# connects to).
rm -rf build-crawl && cp -r build-root build-crawl
chunk=$(grep -l '"permalink":"/docs/tutorial-basics/congratulations"' $(grep -l "JSON.parse('{\"id\":\"tutorial-basics/congratulations\"" build-crawl/assets/js/*.js))
perl -0pi -e 's/(function \w+\(\w+\)\{)/$1throw new Error("injected render fault");/' "$chunk" # the page's MDX content, the chunk's first function
rm "$(grep -l '"permalink":"/markdown-page"' build-crawl/assets/js/*.js)"
sed -i 's|</body>|<script>var img = new Image(); img.src = "/img/added-by-script.png"; document.body.append(img)</script></body>|' build-crawl/blog/welcome/index.html
sed -i 's|<h1>Manage Docs Versions</h1>|<h1>Manage Docs Versions, as prerendered</h1>|' build-crawl/docs/tutorial-extras/manage-docs-versions/index.html
sed -i 's|</body>|<script>var d = document.createElement("div"); d.id = "made-by-script"; document.body.append(d)</script></body>|' build-crawl/docs/intro/index.html
sed -i 's|</body>|<a href="/docs/intro#made-by-script">made by script</a><a href="/docs/intro#made-by-nobody">made by nobody</a></body>|' build-crawl/docs/category/tutorial---basics/index.html
sed -i 's|</body>|<script src="http://192.0.2.1:9/analytics.js"></script></body>|' build-crawl/docs/tutorial-basics/create-a-page/index.html
# The theme is checked above; here only the crawl runs.
crawl_faults=(
  "console-error build-crawl/docs/tutorial-basics/congratulations/index.html"
  "failed-request build-crawl/markdown-page/index.html"
  "page-exception build-crawl/markdown-page/index.html"
  "failed-request build-crawl/blog/welcome/index.html"
  "hydration-mismatch build-crawl/docs/tutorial-extras/manage-docs-versions/index.html"
  "broken-anchor build-crawl/docs/category/tutorial---basics/index.html"
  "mixed-content build-crawl/docs/tutorial-basics/create-a-page/index.html"
)
expect_findings "6 runtime faults injected into the build, each on its page (checks all --crawl)" all build-crawl --crawl --on-theme-persistence ignore -- "${crawl_faults[@]}"
expect_said "the crawl's words for them" "Error: injected render fault" "ChunkLoadError" "/img/added-by-script.png answered 404" \
  "React hydration: " "Minified React error #418" "1 broken anchor withdrawn: the running page made the id (/docs/intro/index.html#made-by-script)" \
  "made-by-nobody" "the running page has no such element either" "http://192.0.2.1:9/analytics.js blocked: http on an https page"
# The same crawl with every core kept busy: the same findings, no page
# unsettled, nothing missed.
under_load expect_findings "the same crawl under a synthetic load: the same 6 faults, nothing else" all build-crawl --crawl --on-theme-persistence ignore -- "${crawl_faults[@]}"
exit $fail
