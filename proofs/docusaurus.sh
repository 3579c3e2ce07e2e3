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
# nothing else (below): so the other 32 pages are clean too. Between two
# deploys (the last section), a page renamed with no redirect and a renamed
# heading are found against the root build; the client-redirects plugin's
# redirect pages, a _redirects rule and the heading's {/* #id */} keep theirs.
#   make docusaurus-check        (DOCUSAURUS_DIR keeps the scaffold between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
. "$(dirname "$0")/expect.sh"
bench=$(cd "$(dirname "$0")" && pwd)
work=$("$bench/docusaurus-build.sh")
prepared
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
# Inline JSX, which Docusaurus writes as it is (neither its .mdx link nor
# its image resolved): a link to a missing doc file, one to a missing URL,
# and an image static/ lacks. The hook finds all three: the URL by the
# routes it computes from the sources (version 1.0, the last, is served at
# /docs/). checks all says each once, at its markdown line, the build
# confirming it.
printf '\nIn JSX: <a href="./gone.mdx">gone</a>, <a href="/docs/no-such-raw">nowhere</a> and <img src="/img/missing.svg" alt="missing" />.\n' >> "versioned-fault/$page"
# And a JSX link to this page's own file, which is there: the built page
# links to /docs/intro/intro.mdx all the same.
printf '\nIn JSX, too: <a href="./intro.mdx">this file</a>.\n' >> "versioned-fault/$page"
# And a JSX image beside the page, which is there too: Docusaurus bundles
# markdown's images only, so the built page asks for ./beside.png from its
# URL, where no file is.
cp static/img/docusaurus.png versioned-fault/versioned_docs/version-1.0/beside.png
printf '\nIn JSX, beside the page: <img src="./beside.png" alt="beside" />.\n' >> "versioned-fault/$page"
raw=$((line + 2))
raw_lines=(
  "  $(printf %-6s "$raw:9") error   broken markdown link \"./gone.mdx\": versioned_docs/version-1.0/gone.mdx does not exist [markdown-link]"
  "  $(printf %-6s "$raw:40") error   broken markdown link \"/docs/no-such-raw\": no page or file answers /docs/no-such-raw [markdown-link]"
  "  $(printf %-6s "$raw:84") error   image \"/img/missing.svg\" not found: static/img/missing.svg does not exist [markdown-image]"
  "  $(printf %-6s "$((raw + 2)):14") error   markdown link \"./intro.mdx\": docusaurus leaves raw HTML's links to .md files as written, so the built page links to a file the site does not serve [markdown-link]"
  "  $(printf %-6s "$((raw + 4)):26") error   image \"./beside.png\" not found: docusaurus leaves a raw <img>'s src unbundled, as written, so the browser asks for it from the page's URL, /docs/intro, and no file answers /docs/beside.png [markdown-image]"
)
(cd versioned-fault && npx docusaurus build >&2)
pushd versioned-fault >/dev/null
expect_lines "a versioned doc's inline JSX faults, the hook, at file:line:col" 1 markdown -- "$page" "${raw_lines[@]}"
expect_lines "a versioned doc's faults, built, each said once at its markdown line (checks all)" 1 all --on-theme-persistence ignore -- \
  "$page" \
  "  $(printf %-6s "$line:43") warning anchor #no-such-part not found in this file [markdown-anchor]" \
  "         source: $page:$line:5" \
  "${raw_lines[@]}" \
  "         note: the build confirms it: build/docs/intro/index.html:30:49: broken link \"/docs/no-such-raw\": no file answers /docs/no-such-raw"
expect "…and nothing else" 1 "^checks all: 6 errors and 1 warning in" all --on-theme-persistence ignore
popd >/dev/null

# Under /repo/, a root-absolute JSX link or image of the intro leaves the
# site: Docusaurus adds the base to markdown's links, not to JSX's (as a
# real /repo/ build of 3.10.2 wrote them, put into a copy of this one).
rm -rf repo-jsx && cp -r build-repo repo-jsx
sed -i 's|In JSX: <a href=#getting-started>|In JSX: <a href=/docs/next/intro>a</a><img src=/img/logo.svg alt=logo /><a href=#getting-started>|' repo-jsx/docs/next/intro.html
expect_faults "root-absolute JSX under /repo/, as Docusaurus writes it" repo-jsx --base-url /repo/ -- /docs/next/intro /img/logo.svg

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

# A second site (docusaurus-multi.sh): a French translation of one doc, a
# second docs instance, a blog, a partial a page renders, and a markdown
# home page. Clean as written: the hook at the site's root and from the
# folder above it, checks all on the build (both locales), and the theme
# contract on / and /blog/ (a second tab follows the change: it did not,
# while the gate took data-has-hydrated="false" as hydrated).
"$bench/docusaurus-multi.sh" "$work"
pushd multi/site >/dev/null
expect "i18n, two docs instances, a partial: the hook, clean" 0 ": no problems$" markdown
expect "…checks all on the build, clean (theme on /, an index.md)" 0 "^checks all: no problems" all
expect "…theme persistence on /blog/" 0 ": no problems$" browser build --checks theme-persistence --page /blog/
# What the clean build wrote: the translation's setup.mdx (not translated)
# is the French build of docs/setup.mdx, and the partial's heading is an id
# of the page that renders it.
expect "the translation's link to an untranslated doc, built" 0 ": no problems$" links build
grep -q 'href=/fr/docs/setup#install' build/fr/docs/intro/index.html && grep -q ' id=from-the-snippet' build/docs/setup/index.html \
  && echo "ok   built: setup.mdx#install from fr is /fr/docs/setup#install; the partial's heading is an id of /docs/setup" \
  || { echo "FAIL the built hrefs and ids are not as the proof says"; fail=1; }
popd >/dev/null
pushd multi >/dev/null
expect "…the hook from the folder above the site" 0 ": no problems$" markdown
popd >/dev/null

# Its faulty copy: from the translation, a missing doc, a missing anchor of
# the untranslated doc, and ./setup.mdx (looked up beside the translation
# only); a blog post's and a community doc's link to a doc of the default
# docs plugin by its file (each plugin resolves its own files only); a link
# to the partial (no page). Docusaurus's own build says it left each link
# as written, and the gate says each, and nothing else: the hook at
# file:line:col; checks all, the anchor at its markdown line and the links
# on each built page that has them (in both locales, for the pages not
# translated).
pushd multi-faults/site >/dev/null
fr=i18n/fr/docusaurus-plugin-content-docs/current/intro.md
unsaid=0
for said in "\`gone.md\` in source file \"$fr\"" "\`./setup.mdx\` in source file \"$fr\"" "\`../docs/intro.md\` in source file \"blog/2026-01-01-hello.md\"" \
  "\`../docs/intro.md\` in source file \"community/index.md\"" "\`_snippet.mdx\` in source file \"docs/usage.md\"" "linking to /fr/docs/setup#no-such-part"; do
  grep -qF -- "$said" build.log || { echo "FAIL Docusaurus's build did not say $said:"; cat build.log; unsaid=1 fail=1; }
done
[ $unsaid = 1 ] || echo "ok   Docusaurus's build left the 5 links unresolved and found the anchor missing"
expect_lines "i18n, instances, partial: faults, the hook, at file:line:col" 1 markdown -- \
  "$(at 5:1)error   broken markdown link \"gone.md\": $(dirname $fr)/gone.md does not exist [markdown-link]" \
  "$(at 5:20)warning anchor #no-such-part not found in docs/setup.mdx [markdown-anchor]" \
  "$(at 5:53)error   broken markdown link \"./setup.mdx\": $(dirname $fr)/setup.mdx does not exist; docusaurus reads a link starting with ./ from the page's folder only: written \"setup.mdx\", it leads to docs/setup.mdx [markdown-link]" \
  "$(at 7:5)error   broken markdown link \"../docs/intro.md\": docs/intro.md is a page of the docs plugin, and Docusaurus leaves the blog plugin's link to it as written (a content plugin resolves links to its own pages only) [markdown-link]" \
  "$(at 5:5)error   broken markdown link \"../docs/intro.md\": docs/intro.md is a page of the docs plugin, and Docusaurus leaves the docs plugin \"community\"'s link to it as written (a content plugin resolves links to its own pages only) [markdown-link]" \
  "$(at 6:5)error   broken markdown link \"_snippet.mdx\": docs/_snippet.mdx is left out by Docusaurus's exclude of names starting with _ (partials, which pages import), so docusaurus builds no page for it [markdown-link]"
# (16 links: the JSX link of docs/usage.md is judged by the routes, anchor and all.)
expect "…and nothing else" 1 "^checks markdown: 10 pages, 16 links checked in .*: 5 errors and 1 warning" markdown
expect_findings "i18n, instances, partial: faults, built (checks all)" all --on-theme-persistence ignore -- \
  "markdown-anchor $fr" \
  "broken-link build/fr/docs/intro/index.html" "broken-link build/fr/docs/intro/index.html" \
  "broken-link build/blog/2026/01/01/hello/index.html" "broken-link build/blog/index.html" \
  "broken-link build/fr/blog/2026/01/01/hello/index.html" "broken-link build/fr/blog/index.html" \
  "broken-link build/community/index.html" "broken-link build/fr/community/index.html" \
  "broken-link build/docs/usage/index.html" "broken-link build/fr/docs/usage/index.html"
popd >/dev/null

# Between two deploys (issue #36), on real builds: the root build is the
# last deploy. In a copy of the project (node_modules shared), served by
# Netlify, three pages of the next version are renamed: one with no
# redirect, one kept by @docusaurus/plugin-client-redirects (its redirect
# pages), one by a rule of static/_redirects (which the build copies to its
# root); and a heading of the intro is renamed. One build: the page with no
# redirect and the heading are found, and nothing else. A second, with a
# redirect for that page too and {/* #start-your-site */} on the heading
# (the template's future.v4 turns MDX's {#id} off, and the preset says
# so): nothing.
t0=$SECONDS
rm -rf moved && mkdir moved
cp -r blog docs versioned_docs versioned_sidebars versions.json sidebars.js src static package.json docusaurus.config.js moved/
ln -s "$work/node_modules" moved/node_modules
echo '{"preset": "docusaurus"}' > moved/checks.json
pushd moved >/dev/null
next=/docs/next/tutorial
# rename_doc DIR OLD NEW: a doc of the next version renamed, and the links to its file.
rename_doc() {
  mv "docs/$1/$2.mdx" "docs/$1/$3.mdx"
  { grep -rl "$2\.mdx" docs || true; } | xargs -r sed -i "s|\([/.]\)$2\.mdx|\1$3.mdx|g"
}
rename_doc tutorial-basics create-a-page make-a-page
rename_doc tutorial-extras manage-docs-versions docs-versions
rename_doc tutorial-basics deploy-your-site deploy
printf '# moved in the next version\n%s-basics/deploy-your-site  %s-basics/deploy  301\n' "$next" "$next" > static/_redirects
sed -i 's|^## Start your site$|## Run your site|' docs/intro.mdx
# redirected FROM TO…: the config with the plugin's redirects.
redirected() {
  local list=""
  while [ $# -gt 0 ]; do list+="{from: '$1', to: '$2'}, "; shift 2; done
  cat > docusaurus.moved.config.js <<CONFIG
import config from './docusaurus.config.js';
export default { ...config, plugins: [...(config.plugins ?? []), ['@docusaurus/plugin-client-redirects', {redirects: [$list]}]] };
CONFIG
  npx docusaurus build --config docusaurus.moved.config.js >&2
}
redirected "$next-extras/manage-docs-versions" "$next-extras/docs-versions"
# The warning's place: the renamed heading's tag on the built intro.
at_heading=$(awk 'i = index($0, "id=run-your-site>") { s = substr($0, 1, i); j = 0; while ((k = index(substr(s, j + 1), "<h2 ")) > 0) j += k; print NR ":" j; exit }' build/docs/next/intro/index.html)
# The same deploy kept as a CI run keeps it: its deploy record.
expect "the root build's deploy record saved" 0 ": no problems$" links ../build-root --host netlify --save-deploy ../build-root.deploy.json
for prev in ../build-root ../build-root.deploy.json; do
expect_lines "a renamed page and a renamed heading, against the last deploy ($prev)" 1 links build --previous $prev --host netlify -- \
  "../build-root/docs/next/tutorial-basics/create-a-page/index.html" \
  "  -      error   removed URL $next-basics/create-a-page/: the last deploy served it; now it answers 404 [removed-url]" \
  "         note: closest page now: $next-basics/make-a-page/ (the same title \"Create a Page | My Site\")" \
  "         note: keep it: add the line \`$next-basics/create-a-page/ $next-basics/make-a-page/ 301\` to _redirects" \
  "build/docs/next/intro/index.html" \
  "$(at "$at_heading")warning removed anchor /docs/next/intro/#start-your-site: the last deploy's page had the id \"start-your-site\", the new page has no such id [removed-anchor]" \
  "         note: nearest heading now: \"Run your site\" #run-your-site (the same place in the outline)" \
  "         note: keep it: {/* #start-your-site */} after that heading's text in its markdown (the heading then has that id), or an empty <a id=\"start-your-site\"></a> just before the heading"
expect "…and nothing else: the plugin's redirect page and the _redirects rule keep theirs" 1 ": 1 error and 1 warning$" links build --previous $prev --host netlify
done
[ -f build/docs/next/tutorial-extras/manage-docs-versions/index.html ] && [ -f build/_redirects ] \
  && echo "ok   the plugin wrote its redirect page, and the build has static/_redirects" \
  || { echo "FAIL no redirect page of the plugin, or no _redirects, in the build"; fail=1; }
# On a host that reads no _redirects, the rule keeps nothing.
expect_findings "…the rule is what keeps its URL: on the default host, it is lost too" links build --previous ../build-root -- \
  "removed-url ../build-root/docs/next/tutorial-basics/create-a-page/index.html" \
  "removed-url ../build-root/docs/next/tutorial-basics/deploy-your-site/index.html" \
  "removed-anchor build/docs/next/intro/index.html"
sed -i 's|^## Run your site$|## Run your site {/* #start-your-site */}|' docs/intro.mdx
printf '\nOr [run it](../intro.mdx#start-your-site).\n' >> docs/tutorial-basics/congratulations.mdx
expect "the hook reads the heading's {/* #start-your-site */} as Docusaurus does" 0 ": no problems$" markdown
redirected "$next-extras/manage-docs-versions" "$next-extras/docs-versions" "$next-basics/create-a-page" "$next-basics/make-a-page"
for prev in ../build-root ../build-root.deploy.json; do
  expect "a plugin redirect and {/* #start-your-site */} keep both ($prev)" 0 ": no problems$" links build --previous $prev --host netlify
done
grep -q 'id=start-your-site>Run your site' build/docs/next/intro/index.html \
  && echo "ok   Docusaurus gave the renamed heading the id its comment names" \
  || { echo "FAIL the built intro has no heading with id start-your-site"; fail=1; }
popd >/dev/null
echo "     between two deploys: $((SECONDS - t0)) s"
exit $fail
