#!/usr/bin/env bash
# The gate on a real Rspress build: Rspress 2.0.22 (@rspress/core, which
# asks for Node ^20.19.0 || >=22.12.0), installed from npm into the work
# folder and kept there between runs. One small site (a home page, a guide
# folder and an MDX reference page; links in Rspress's usual styles: .md and
# .mdx with anchors, extensionless, root-absolute with and without .md; an
# image beside a page, which Rspress bundles into /static/image/, and one
# from docs/public; a {#id} heading and a repeated heading) is built twice:
#   root  root: path.join(__dirname, 'docs') as Rspress's template writes
#         it, no checks.json (the preset is found by rspress.config.ts),
#         cleanUrls off (the default: hrefs end in .html)
#   proj  root: 'docs', base '/proj/', route: { cleanUrls: true }, outDir
#         'build', checks.json naming the preset
# checks all with the rspress preset reports nothing on either. Faults put
# into a copy of root's sources (a missing page, a missing anchor, the text's
# slug of a heading whose {#id} replaces it, extensionless links to nowhere,
# a link to a folder that Rspress writes as folder.html, missing images, a
# raw HTML link to nowhere and a raw image read from the page's URL) are
# found at file:line:col and nothing else; the copy is built with Rspress's
# own dead-link and dead-image checks turned off (they stop the build on
# most of these, not on the anchors or the folder link), and checks all on
# it places every problem of the build at its markdown line. Rspress ids are
# GitHub's, so no anchor written the GitHub way breaks.
# Raw HTML inside a paragraph of a .md page (Rspress 2 reads .md as
# markdown, so an <img> need not be closed as MDX would want): its theme
# renders <a> and <img> as its A and Img components, which add the base to
# a root-absolute href or src (/proj/reference/api#errors, /proj/logo.png)
# and leave a relative one and its .md as written; the image is not
# bundled, so a relative one is asked for from the page's URL.
#   make rspress-check     (RSPRESS_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${RSPRESS_DIR:-/tmp/devdocs-rspress/bench}
. "$(dirname "$0")/expect.sh"

mkdir -p "$work" && cd "$work" && work=$PWD
want_pkg='{ "name": "rspress-bench", "private": true, "type": "module",
  "devDependencies": { "@rspress/core": "2.0.22" } }'
npm_project "$want_pkg" node_modules/.bin/rspress
rspress=$work/node_modules/.bin/rspress

# pages DIR: the markdown of the site, in DIR (Rspress's root).
pages() {
  local docs=$1
  mkdir -p "$docs"/guide "$docs"/reference "$docs"/public
  cat > "$docs/index.md" <<'MD'
# Gate proof

Start with [the guide](./guide/index.md), then [run it](./guide/start.md#run-it).
See [the reference](/reference/api) too.
MD
  cat > "$docs/guide/index.md" <<'MD'
# Guide

Install first: [start](./start), then [run it](./start#run-it).
The [API](../reference/api.mdx#prove-and-verify) has the details, and [its errors](/reference/api#errors).

![diagram](./diagram.png)

![logo](/logo.png)

In HTML: <a href="/reference/api#errors">the errors</a> and <img src="/logo.png" alt="logo">.
MD
  cat > "$docs/guide/start.md" <<'MD'
# Start

## Run it

Back to [the guide](/guide/) or [home](/).

## First steps & more

See [the second usage](../reference/api.mdx#usage-1) and [the first](/guide/start.md#first-steps--more).
MD
  cat > "$docs/reference/api.mdx" <<'MD'
# API

## Prove and verify

Read [first steps](../guide/start.md#first-steps--more) first.

## Error codes {#errors}

## Usage

## Usage

As [the first usage](#usage); back to [the guide](/guide/start.md).
MD
  # Over the 4 KiB inline limit, so it becomes a file in static/image/.
  { printf '\x89PNG\r\n\x1a\n'; head -c 5000 /dev/zero; } > "$docs/guide/diagram.png"
  printf '\x89PNG\r\n\x1a\n' > "$docs/public/logo.png"
}

# project DIR ROOT [LINE…]: the site in DIR/docs and an rspress.config.ts
# whose root is ROOT as written, with the given settings.
project() {
  local dir=$1 root=$2 line
  shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  pages "$dir/docs"
  {
    echo "import * as path from 'node:path';"
    echo "import { defineConfig } from '@rspress/core';"
    echo
    echo "export default defineConfig({"
    echo "  root: $root,"
    echo "  title: 'Gate proof',"
    for line in "$@"; do echo "  $line,"; done
    echo "});"
  } > "$dir/rspress.config.ts"
}

build() { quietly "rspress build" "$1" nice -n 10 "$rspress" build; } # build DIR

project root "path.join(__dirname, 'docs')" && build root
project proj "'docs'" "base: '/proj/'" "route: { cleanUrls: true }" "outDir: 'build'" && build proj
echo '{"preset": "rspress"}' > proj/checks.json

# checks all: the markdown of the root, the build in outDir, served under
# the config's base. (cd, not a subshell: expect records a failure in $fail.)
# checks markdown alone judges every link of the sources (checks all reads
# again only what the build cannot vouch for).
cd "$work/root" && expect "checks all, the preset found by rspress.config.ts, clean" 0 "^checks all: no problems" all
expect "checks markdown, the sources alone, clean" 0 "^checks markdown: 4 pages, 18 links checked in .*: no problems" markdown
cd "$work/proj" && expect "checks all --preset rspress, base /proj/, cleanUrls, outDir build, clean" 0 "^checks all: no problems" all
expect "checks markdown, base /proj/, cleanUrls, clean" 0 "^checks markdown: 4 pages, 18 links checked in .*: no problems" markdown
cd "$work"
expect_base_builds root/doc_build proj/build /proj/

# Faults appended to the start page of a copy of root's sources: found
# before any build, as a pre-commit hook runs the gate.
rm -rf faults && cp -a root faults && rm -rf faults/doc_build faults/.rspress
page=docs/guide/start.md
start=$(($(wc -l < "faults/$page") + 2))
cat >> "faults/$page" <<'MD'

See [gone](./gone.md), [nowhere](./nowhere) and [nowhere either](/reference/nowhere).
Then [a missing anchor](./index.md#no-such-heading) and [the heading's text](../reference/api.mdx#error-codes).
Back to [this folder](./). ![missing public](/missing.png)
In HTML: <a href="/reference/gone">gone</a> and <img src="./chart.png" alt="chart">.
![missing](./missing.png)
MD
l1=$start l2=$((start + 1)) l3=$((start + 2)) l4=$((start + 3)) l5=$((start + 4))
want_lines=(
  "$(at "$l1:5")error   broken markdown link \"./gone.md\": docs/guide/gone.md does not exist [markdown-link]"
  "$(at "$l1:24")error   broken markdown link \"./nowhere\": no page or file answers /guide/nowhere [markdown-link]"
  "$(at "$l1:49")error   broken markdown link \"/reference/nowhere\": no page or file answers /reference/nowhere [markdown-link]"
  "$(at "$l2:6")warning anchor #no-such-heading not found in docs/guide/index.md [markdown-anchor]"
  "$(at "$l2:57")warning anchor #error-codes not found in docs/reference/api.mdx [markdown-anchor]"
  "$(at "$l3:9")error   broken markdown link \"./\": rspress writes it as /guide.html, which no file answers; link to \"./index.md\" [markdown-link]"
  "$(at "$l3:28")error   image \"/missing.png\" not found: docs/public/missing.png does not exist [markdown-image]"
  "$(at "$l4:10")error   broken markdown link \"/reference/gone\": no page or file answers /reference/gone [markdown-link]"
  "$(at "$l4:49")error   image \"./chart.png\" not found: docs/public/guide/chart.png does not exist [markdown-image]"
)
cd "$work/faults" && expect_lines "markdown faults, at file:line:col" 1 markdown -- "$page" "${want_lines[@]}" \
  "$(at "$l5:1")error   image \"./missing.png\" not found: docs/guide/missing.png does not exist [markdown-image]"
expect "markdown faults, nothing else" 1 "^checks markdown: 4 pages, .*: 8 errors and 2 warnings$" markdown

# The same faults built (an image beside a page that is not there fails
# the bundling whatever the settings, so that one is left out), with
# Rspress's own checks off: the build links to each, and checks all places
# each of the build's problems at its markdown line, once.
sed -i '$d' "$page"
sed -i "s|  title: 'Gate proof',|  title: 'Gate proof',\n  markdown: { link: { checkDeadLinks: false }, image: { checkDeadImages: false } },|" rspress.config.ts
cd "$work" && build faults
# /missing.png and ./chart.png twice: the image, and the preload link
# Rspress puts in the head (for raw HTML's images too).
expect_faults "the faults in the build" faults/doc_build -- \
  ./gone.md ./nowhere /reference/nowhere /guide/index.html#no-such-heading /reference/api.html#error-codes /guide.html /missing.png /missing.png \
  /reference/gone ./chart.png ./chart.png
cd "$work/faults" && expect_lines "the faults in the build and its sources, at file:line:col" 1 all -- "$page" "${want_lines[@]}"
expect "the build's problems, each placed at its markdown line" 1 "^checks links: .*: no problems$" all
expect "the build's problems and the sources', said once" 1 "^checks all: 7 errors and 2 warnings in" all
cd "$work"
exit $fail
