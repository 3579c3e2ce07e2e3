#!/usr/bin/env bash
# The gate on a real VitePress build: VitePress 1.6.4 (no engines field of
# its own; its Vite 5 asks for Node ^18 || >=20), installed from npm into the
# work folder and kept there between runs. One small site (a home page, a
# guide and a reference folder; links in VitePress's usual styles:
# extensionless (./setup), .md with anchors, root-absolute with and without
# .md; an image beside a page, which Vite turns into /assets/<name>.<hash>.png,
# and one and a PDF from public/; a {#id} heading and a repeated heading) is
# written as four projects, in both of VitePress's layouts:
#   root-a  docs/.vitepress/config.mts, built with `vitepress build docs`
#           (cleanUrls false, the default: hrefs end in .html)
#   proj-a  the same with base '/proj/' and cleanUrls true
#   root-b  .vitepress/config.mts at the project root with srcDir 'src'
#           (public/ is then src/public), cleanUrls true
#   proj-b  the same with base '/proj/', cleanUrls false and outDir 'build'
# A correct checker reports nothing on any of them with checks all and the
# vitepress preset. Faults put into a copy of the sources are found at
# file:line:col (a missing page, anchor and images, an anchor written by
# GitHub's slugger that VitePress's does not give, extensionless and
# root-absolute links that lead nowhere, an .md link VitePress leaves as
# written because it carries {target}, a relative link to a file VitePress
# does not copy). A copy with the faults VitePress's own dead-link check lets
# through is built, and the gate finds them in the build and in its sources;
# four faults put into a copy of a build are found, and nothing else. The
# crawl finds nothing on root-a and proj-a, and on a copy of root-b's build
# with five runtime faults finds each on its page and nothing else.
#   make vitepress-check     (VITEPRESS_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${VITEPRESS_DIR:-/tmp/devdocs-vitepress/bench}
. "$(dirname "$0")/expect.sh"

mkdir -p "$work" && cd "$work" && work=$PWD
want_pkg='{ "name": "vitepress-bench", "private": true, "type": "module",
  "devDependencies": { "vitepress": "1.6.4" } }'
npm_project "$want_pkg" node_modules/.bin/vitepress
vitepress=$work/node_modules/.bin/vitepress

# pages DIR: the markdown of the site, in DIR (VitePress's srcDir).
pages() {
  local src=$1
  mkdir -p "$src"/guide "$src"/reference "$src"/public
  cat > "$src/index.md" <<'MD'
# Gate proof

Start with [the guide](./guide/), then [setup](./guide/setup.md).
MD
  cat > "$src/guide/index.md" <<'MD'
# Guide

Install first: [setup](./setup), then [run it](./setup#run-it).
The [API](../reference/api.md#prove-and-verify) has the details, and [its errors](/reference/api#errors).

![diagram](./diagram.png)

![logo](/logo.png)
MD
  cat > "$src/guide/setup.md" <<'MD'
# Setup

## Run it

Back to [the guide](./index.md) or [home](/).

## First steps & more

See [the second usage](../reference/api.md#usage-1) and [the spec](/spec.pdf).
MD
  cat > "$src/reference/index.md" <<'MD'
# Reference

- [API](./api)
- [First steps](/guide/setup.md#first-steps-more)
MD
  cat > "$src/reference/api.md" <<'MD'
# API

## Prove and verify

Read [first steps](../guide/setup.md#first-steps-more) first.

## Error codes {#errors}

## Usage

## Usage

As [the first usage](#usage); back to [the reference](./).
MD
  # Over Vite's 4 KiB inline limit, so it becomes a file in assets/.
  { printf '\x89PNG\r\n\x1a\n'; head -c 5000 /dev/zero; } > "$src/guide/diagram.png"
  printf '\x89PNG\r\n\x1a\n' > "$src/public/logo.png"
  printf '%%PDF-1.4\n' > "$src/public/spec.pdf"
}

# config FILE [LINE…]: a VitePress config with a nav and a sidebar, and
# the given settings, each as written (literal values, as projects write them).
config() {
  local file=$1 line
  shift
  mkdir -p "$(dirname "$file")"
  {
    echo "import { defineConfig } from 'vitepress'"
    echo
    echo "export default defineConfig({"
    echo "  title: 'Gate proof',"
    for line in "$@"; do echo "  $line,"; done
    cat <<'TS'
  themeConfig: {
    nav: [{ text: 'Guide', link: '/guide/' }, { text: 'Reference', link: '/reference/' }],
    sidebar: [
      { text: 'Guide', items: [{ text: 'Guide', link: '/guide/' }, { text: 'Setup', link: '/guide/setup' }] },
      { text: 'Reference', items: [{ text: 'API', link: '/reference/api' }] },
    ],
  },
})
TS
  } > "$file"
}

# project DIR LAYOUT [LINE…]: layout a (docs/ holds .vitepress) or b
# (.vitepress at the root, srcDir 'src'), with checks.json naming the preset.
project() {
  local dir=$1 layout=$2
  shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  echo '{"preset": "vitepress"}' > "$dir/checks.json"
  if [ "$layout" = a ]; then
    pages "$dir/docs" && config "$dir/docs/.vitepress/config.mts" "$@"
  else
    pages "$dir/src" && config "$dir/.vitepress/config.mts" "srcDir: 'src'" "$@"
  fi
}

build() { # build DIR: vitepress build in DIR, of docs/ when the config is there
  local root=.
  [ -d "$1/docs/.vitepress" ] && root=docs
  quietly "vitepress build" "$1" "$vitepress" build "$root"
}

project root-a a && build root-a
project proj-a a "base: '/proj/'" "cleanUrls: true" && build proj-a
project root-b b "cleanUrls: true" && build root-b
project proj-b b "base: '/proj/'" "outDir: 'build'" && build proj-b

# checks all with the preset: the markdown of the srcDir, the build in the
# outDir, served under the config's base.
# (cd, not a subshell: expect records a failure in $fail.)
cd "$work/root-a" && expect "checks all --preset vitepress --crawl, docs/.vitepress, clean" 0 "^checks all: no problems" all --crawl
cd "$work/proj-a" && expect "checks all --preset vitepress --crawl, base /proj/, cleanUrls, clean" 0 "^checks all: no problems" all --crawl
# A busy CI runner (issue #39): every core kept busy, the clean build still
# gives no report, no page unsettled.
cd "$work/root-a" && under_load expect "…the same crawl under a synthetic load, clean" 0 "^checks all: no problems" all --crawl
cd "$work/root-b" && expect "checks all --preset vitepress, srcDir src, cleanUrls, clean" 0 "^checks all: no problems" all
cd "$work/proj-b" && expect "checks all --preset vitepress, srcDir src, base /proj/, outDir build, clean" 0 "^checks all: no problems" all
cd "$work"
expect "checks links on root-a's build, clean" 0 ": no problems$" links root-a/docs/.vitepress/dist
expect "checks links on root-b's build (cleanUrls), clean" 0 ": no problems$" links root-b/.vitepress/dist
expect "checks links on proj-a's build with --base-url /proj/, clean" 0 ": no problems$" links proj-a/docs/.vitepress/dist --base-url /proj/
expect "checks links on proj-b's build with --base-url /proj/, clean" 0 ": no problems$" links proj-b/build --base-url /proj/
expect "the /proj/ build checked as if at the root" 1 "errors" links proj-a/docs/.vitepress/dist --base-url /
# cleanUrls writes guide/setup.html and links /guide/setup: only a host
# that answers /p with p.html serves it.
expect "cleanUrls on a host without clean URLs" 1 'broken link "/guide/setup": no file answers /guide/setup' links root-b/.vitepress/dist --clean-urls=false

# The sources, with faults appended to the setup page of a copy. VitePress's
# own build stops on most of these (dead links, images Vite cannot resolve):
# the gate finds them before a build, as a pre-commit hook runs it.
rm -rf faults && cp -a root-a faults && rm -rf faults/docs/.vitepress/dist faults/docs/.vitepress/cache
page=docs/guide/setup.md
printf 'notes\n' > "faults/docs/guide/notes.txt"
start=$(($(wc -l < "faults/$page") + 2))
cat >> "faults/$page" <<'MD'

See [gone](./gone.md), [gone too](./gone) and [nowhere](/reference/nowhere).
Then [a missing anchor](./index.md#no-such-heading) and [GitHub's slug](#first-steps--more).
![missing](./missing.png) ![missing public](/missing.png)
Open [the guide](./index.md){target="_self"} and [the notes](./notes.txt).
MD
l1=$start l2=$((start + 1)) l3=$((start + 2)) l4=$((start + 3))
cd "$work/faults" && expect_lines "markdown faults, at file:line:col" 1 markdown -- \
  "$page" \
  "  $(printf %-6s "$l1:5") error   broken markdown link \"./gone.md\": docs/guide/gone.md does not exist [markdown-link]" \
  "  $(printf %-6s "$l1:24") error   broken markdown link \"./gone\": no page or file answers /guide/gone [markdown-link]" \
  "  $(printf %-6s "$l1:47") error   broken markdown link \"/reference/nowhere\": no page or file answers /reference/nowhere [markdown-link]" \
  "  $(printf %-6s "$l2:6") warning anchor #no-such-heading not found in docs/guide/index.md [markdown-anchor]" \
  "  $(printf %-6s "$l2:57") warning anchor #first-steps--more not found in this file [markdown-anchor]" \
  "  $(printf %-6s "$l3:1") error   image \"./missing.png\" not found: docs/guide/missing.png does not exist [markdown-image]" \
  "  $(printf %-6s "$l3:27") error   image \"/missing.png\" not found: docs/public/missing.png does not exist [markdown-image]" \
  "  $(printf %-6s "$l4:6") error   markdown link \"./index.md\": vitepress leaves a link with {target} or {download} as written, so the built page links to a file the site does not serve [markdown-link]" \
  "  $(printf %-6s "$l4:50") error   broken markdown link \"./notes.txt\": docs/guide/notes.txt is no page, and vitepress copies only its public folder and the files pages import, so no file answers /guide/notes.txt [markdown-link]"
cd "$work"

# What VitePress's dead-link check lets through (it skips links with a
# target or download attribute, links to files by extension, raw HTML, and
# never looks at anchors), built under /proj/ with cleanUrls: the build
# succeeds and 404s; the gate finds each in the build, and in the sources.
rm -rf leaks && cp -a proj-a leaks && rm -rf leaks/docs/.vitepress/dist leaks/docs/.vitepress/cache
page=docs/reference/api.md
printf 'notes\n' > "leaks/docs/reference/notes.txt"
start=$(($(wc -l < "leaks/$page") + 2))
cat >> "leaks/$page" <<'MD'

Open [the setup](../guide/setup.md){target="_self"}, [the notes](./notes.txt) and [a missing anchor](../guide/setup#no-such-heading).
MD
printf '\n<a href="/guide/setup">raw HTML, no base</a>\n' >> "leaks/$page"
build leaks
expect_faults "what VitePress's dead-link check lets through, in the build" leaks/docs/.vitepress/dist --base-url /proj/ -- \
  ../guide/setup.md ./notes.txt ./../guide/setup#no-such-heading /guide/setup
cd "$work/leaks" && expect_lines "the same, at file:line:col of the sources" 1 all -- \
  "  $(printf %-6s "$start:6") error   markdown link \"../guide/setup.md\": vitepress leaves a link with {target} or {download} as written, so the built page links to a file the site does not serve [markdown-link]" \
  "  $(printf %-6s "$start:54") error   broken markdown link \"./notes.txt\": docs/reference/notes.txt is no page, and vitepress copies only its public folder and the files pages import, so no file answers /reference/notes.txt [markdown-link]" \
  "  $(printf %-6s "$start:83") warning anchor #no-such-heading not found in docs/guide/setup.md [markdown-anchor]"
cd "$work"

# The build, with a missing page, anchor and image, and the diagram the
# guide shows (Vite wrote it as /assets/diagram.<hash>.png) deleted.
rm -rf build-faults && cp -a root-a/docs/.vitepress/dist build-faults
sed -i 's|</main>|<a href="./no-such-page.html">a</a><a href="/reference/api.html#no-such-heading">b</a><img src="/missing.png"></main>|' build-faults/reference/index.html
diagram=$(cd build-faults && ls assets/diagram.*.png)
rm "build-faults/$diagram"
expect_faults "4 injected faults in the build" build-faults -- \
  ./no-such-page.html /reference/api.html#no-such-heading /missing.png "/$diagram"

# Under /proj/: hrefs without the base (as raw HTML or a theme's own link
# would have them) leave the site.
rm -rf proj-build-faults && cp -a proj-a/docs/.vitepress/dist proj-build-faults
sed -i 's|</main>|<a href="/guide/setup">a</a><img src="/logo.png"></main>|' proj-build-faults/reference/index.html
expect_faults "links without the base in the /proj/ build" proj-build-faults --base-url /proj/ -- \
  /guide/setup /logo.png

# Runtime faults in a copy of root-b's build (cleanUrls), each found by the
# crawl on its page and nothing else: a throw in the render function of a
# page's lean chunk (Vue logs the error, and the DOM it leaves is a
# hydration mismatch too); a page's lean chunk deleted (its modulepreload
# is also a broken link); an image a script adds, of a file not there; the
# prerendered site title changed, so Vue's hydration finds a mismatch; a
# link to an id only a script makes, withdrawn by the running page, beside
# one to an id nobody makes.
rm -rf crawl-faults && cp -a root-b/.vitepress/dist crawl-faults
perl -0pi -e 's/(function \w+\(\w+(?:,\w+){5}\)\{)/$1throw new Error("injected render fault");/' crawl-faults/assets/reference_api.md.*.lean.js
rm crawl-faults/assets/guide_setup.md.*.lean.js
sed -i 's|</body>|<script>var img = new Image(); img.src = "/img/added-by-script.png"; document.body.append(img)</script></body>|' crawl-faults/guide/index.html
sed -i 's|>Gate proof</span>|>Gate proof, as prerendered</span>|' crawl-faults/index.html # the navbar's title
sed -i 's|</body>|<script>var d = document.createElement("div"); d.id = "made-by-script"; document.body.append(d)</script></body>|' crawl-faults/reference/index.html
sed -i 's|</body>|<a href="/reference/#made-by-script">made by script</a><a href="/reference/#made-by-nobody">made by nobody</a></body>|' crawl-faults/index.html
# The crawl alone: run from a folder of its own, since the other copies of
# the project here are docs projects too, whose markdown checks all reads.
rm -rf crawl && mkdir crawl && mv crawl-faults crawl/ && cd crawl
crawl_faults=(
  "console-error crawl-faults/reference/api.html"
  "hydration-mismatch crawl-faults/reference/api.html"
  "broken-link crawl-faults/guide/setup.html"
  "failed-request crawl-faults/guide/setup.html"
  "failed-request crawl-faults/guide/index.html"
  "hydration-mismatch crawl-faults/index.html"
  "broken-anchor crawl-faults/index.html"
)
expect_findings "runtime faults injected into a build, each on its page (checks all --crawl)" all crawl-faults --crawl -- "${crawl_faults[@]}"
expect_said "the crawl's words for them" "Error: injected render fault" "Vue hydration: console.error: Hydration completed but contains mismatches." \
  "/img/added-by-script.png answered 404" "1 broken anchor withdrawn: the running page made the id (/reference/index.html#made-by-script)" \
  "the running page has no such element either"
under_load expect_findings "the same crawl under a synthetic load: the same faults, nothing else" all crawl-faults --crawl -- "${crawl_faults[@]}"
cd "$work"
exit $fail
