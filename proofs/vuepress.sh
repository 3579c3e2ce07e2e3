#!/usr/bin/env bash
# The gate on a real VuePress 2 build: vuepress, @vuepress/bundler-vite
# 2.0.0-rc.28 and @vuepress/theme-default 2.0.0-rc.128 (the last of the rc
# line whose engines take Node 20: ^20.9.0 || >=22.18.0), with sass-embedded
# for the theme's styles, installed from npm into the work folder and kept
# there between runs. One small site (a home page, a guide folder with
# README.md as its index, a reference page; links in VuePress's usual
# styles: .md with anchors, a folder (./guide/), .html and extensionless,
# root-absolute .md, a fragment starting with a digit, which VuePress writes
# with "_" before it; an image beside a page, which Vite bundles, also as
# raw HTML, one from .vuepress/public and a file of it linked relative to
# the home page; a {#id} heading, which VuePress slugs with its text, and a
# repeated heading) is built twice:
#   root  docs/.vuepress/config.ts, built with `vuepress build docs`, no
#         checks.json (the preset is found by the config), at the root
#   proj  .vuepress/config.ts in the source folder itself, base '/proj/',
#         dest 'build', checks.json naming the preset
# checks all with the vuepress preset reports nothing on either. Faults put
# into a copy of root's sources (a missing page, extensionless link and
# anchor, GitHub's slug of a heading, a {#id} VuePress does not give, a
# fragment with a digit written alone, a file VuePress does not copy,
# missing images) and of proj's (a root-absolute link without the base, a
# .md link with it, which VuePress gives it twice, raw HTML's <a> without
# it) are found at file:line:col by checks markdown, as the hook runs it,
# and nothing else; each copy is built (but for the images, which stop
# Vite), and checks links finds each fault in the build, and checks all
# places every problem of the build at its markdown line.
#   make vuepress-check     (VUEPRESS_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${VUEPRESS_DIR:-/tmp/devdocs-vuepress/bench}
. "$(dirname "$0")/expect.sh"

mkdir -p "$work" && cd "$work" && work=$PWD
want_pkg='{ "name": "vuepress-bench", "private": true, "type": "module",
  "devDependencies": { "vuepress": "2.0.0-rc.28", "@vuepress/bundler-vite": "2.0.0-rc.28",
    "@vuepress/theme-default": "2.0.0-rc.128", "sass-embedded": "1.98.0" } }'
npm_project "$want_pkg" node_modules/.bin/vuepress
vuepress=$work/node_modules/.bin/vuepress

# pages DIR: the markdown of the site, in DIR (VuePress's source folder).
pages() {
  local src=$1
  mkdir -p "$src"/guide "$src"/reference "$src"/.vuepress/public
  cat > "$src/README.md" <<'MD'
# Gate proof

Start with [the guide](./guide/), then [setup](./guide/setup.md#run-it).
See [the API](/reference/api.md) and [the spec](./spec.pdf).
MD
  cat > "$src/guide/README.md" <<'MD'
# Guide

Install first: [setup](./setup.md), as [a route](./setup.html) or [without its extension](./setup), then [run it](./setup.md#run-it).
The [API](../reference/api.md#prove-and-verify) has the details, and [its notes](../reference/api.md#1-0-notes).

![diagram](./diagram.png)

![logo](/logo.png) <img src="./diagram.png" alt="again">
MD
  cat > "$src/guide/setup.md" <<'MD'
# Setup

## Run it

Back to [the guide](./README.md), [its folder](../guide/) or [home](/README.md).

## First steps & more

See [the second usage](../reference/api.md#usage-1) and [the first](/guide/setup.md#first-steps-more).
MD
  cat > "$src/reference/api.md" <<'MD'
# API

## Prove and verify

Read [first steps](../guide/setup.md#first-steps-more) first.

## Error codes {#errors}

## 1.0 notes

## Usage

## Usage

As [the first usage](#usage) and [the error codes](#error-codes-errors); back to [the guide](../guide/).
MD
  # Over Vite's 4 KiB inline limit, so it becomes a file in assets/.
  { printf '\x89PNG\r\n\x1a\n'; head -c 5000 /dev/zero; } > "$src/guide/diagram.png"
  printf '\x89PNG\r\n\x1a\n' > "$src/.vuepress/public/logo.png"
  printf '%%PDF-1.4\n' > "$src/.vuepress/public/spec.pdf"
}

# config FILE [LINE…]: a VuePress config with the Vite bundler, the default
# theme and a navbar, and the given settings, each as written.
config() {
  local file=$1 line
  shift
  {
    echo "import { viteBundler } from '@vuepress/bundler-vite'"
    echo "import { defaultTheme } from '@vuepress/theme-default'"
    echo "import { defineUserConfig } from 'vuepress'"
    echo
    echo "export default defineUserConfig({"
    echo "  bundler: viteBundler(),"
    echo "  theme: defaultTheme({ navbar: ['/guide/', '/reference/api.md'] }),"
    echo "  title: 'Gate proof',"
    for line in "$@"; do echo "  $line,"; done
    echo "})"
  } > "$file"
}

build() { quietly "vuepress build" "$1" nice -n 10 "$vuepress" build "$2"; } # build DIR SRC: vuepress build SRC in DIR

rm -rf root proj && mkdir -p root proj
pages root/docs && config root/docs/.vuepress/config.ts && build root docs
pages proj && config proj/.vuepress/config.ts "base: '/proj/'" "dest: 'build'" && build proj .
echo '{"preset": "vuepress"}' > proj/checks.json

# checks all: the markdown of the source folder, the build in dest, served
# under the config's base. (cd, not a subshell: expect records a failure in
# $fail.) checks markdown alone judges every link of the sources.
cd "$work/root" && expect "checks all, the preset found by docs/.vuepress/config.ts, clean" 0 "^checks all: no problems" all
expect "checks markdown, the sources alone, clean" 0 "^checks markdown: 4 pages, 22 links checked in .*: no problems" markdown
cd "$work/proj" && expect "checks all, .vuepress in the source folder, base /proj/, dest build, clean" 0 "^checks all: no problems" all
expect "checks markdown, base /proj/, clean" 0 "^checks markdown: 4 pages, 22 links checked in .*: no problems" markdown
expect_lines "checks presets . lists the project, its folders and base" 0 presets . -- \
  "vuepress: .vuepress/config.ts" "  markdown: ." "  static:   .vuepress/public" "  base:     /proj/" "  site:     build"
cd "$work"
expect_base_builds root/docs/.vuepress/dist proj/build /proj/


# Faults appended to the setup page of a copy of root's sources: found
# before any build, as a pre-commit hook runs the gate.
rm -rf faults && cp -a root faults && rm -rf faults/docs/.vuepress/dist faults/docs/.vuepress/.temp faults/docs/.vuepress/.cache
page=docs/guide/setup.md
printf 'notes\n' > "faults/docs/guide/notes.txt"
start=$(($(wc -l < "faults/$page") + 2))
cat >> "faults/$page" <<'MD'

See [gone](./gone.md), [nowhere](./nowhere) and [a missing anchor](./README.md#no-such-heading).
Then [GitHub's slug](#first-steps--more) and [the custom id](../reference/api.md#errors).
Its [plans](#2-0-plans), though [these plans](./setup.md#2-0-plans) are found; [the notes](./notes.txt).
![missing](./missing.png) ![missing public](/missing.png)

## 2.0 plans
MD
l1=$start l2=$((start + 1)) l3=$((start + 2)) l4=$((start + 3))
want_lines=(
  "$(at "$l1:5")error   broken markdown link \"./gone.md\": docs/guide/gone.md does not exist [markdown-link]"
  "$(at "$l1:24")error   broken markdown link \"./nowhere\": no page or file answers /guide/nowhere [markdown-link]"
  "$(at "$l1:49")warning anchor #no-such-heading not found in docs/guide/README.md [markdown-anchor]"
  "$(at "$l2:6")warning anchor #first-steps--more not found in this file [markdown-anchor]"
  "$(at "$l2:46")warning anchor #errors not found in docs/reference/api.md [markdown-anchor]"
  "$(at "$l3:5")warning anchor #2-0-plans not found in this file [markdown-anchor]"
  "$(at "$l3:80")error   broken markdown link \"./notes.txt\": docs/guide/notes.txt is no page, and vuepress copies only its public folder and the files pages import, so no file answers /guide/notes.txt [markdown-link]"
)
cd "$work/faults" && expect_lines "markdown faults, at file:line:col" 1 markdown -- "$page" "${want_lines[@]}" \
  "$(at "$l4:1")error   image \"./missing.png\" not found: docs/guide/missing.png does not exist [markdown-image]" \
  "$(at "$l4:27")error   image \"/missing.png\" not found: docs/.vuepress/public/missing.png does not exist [markdown-image]"
expect "markdown faults, nothing else" 1 "^checks markdown: 4 pages, .*: 5 errors and 4 warnings$" markdown

# The same faults built (a missing image stops Vite, so those are left
# out): the build links to each, and checks all places each of the build's
# problems at its markdown line, once.
sed -i "${l4}d" "$page"
cd "$work" && build faults docs
expect_faults "the faults in the build" faults/docs/.vuepress/dist -- \
  /guide/gone.html ./nowhere /guide/#no-such-heading "#first-steps--more" /reference/api.html#errors "#2-0-plans" ./notes.txt
cd "$work/faults" && expect_lines "the faults in the build and its sources, at file:line:col" 1 all -- "$page" "${want_lines[@]}"
expect "the build's problems, each placed at its markdown line" 1 "^checks links: .*: no problems$" all
expect "the build's problems and the sources', said once" 1 "^checks all: 3 errors and 4 warnings in" all

# Under the base: links that must carry it and do not, and one that
# carries it where VuePress adds it again.
cd "$work"
rm -rf faults-proj && cp -a proj faults-proj && rm -rf faults-proj/build faults-proj/.vuepress/.temp faults-proj/.vuepress/.cache
page=guide/setup.md
start=$(($(wc -l < "faults-proj/$page") + 2))
cat >> "faults-proj/$page" <<'MD'

Leave by [the folder](/guide/), [the base twice](/proj/guide/setup.md) and <a href="/guide/setup.html">raw HTML</a>.
MD
want_lines=(
  "$(at "$start:10")error   broken markdown link \"/guide/\": the site is served under /proj/, and vuepress leaves this link as written [markdown-link]"
  "$(at "$start:33")error   broken markdown link \"/proj/guide/setup.md\": proj/guide/setup.md does not exist [markdown-link]"
  "$(at "$start:76")error   broken markdown link \"/guide/setup.html\": the site is served under /proj/, and vuepress leaves this link as written [markdown-link]"
)
cd "$work/faults-proj" && expect_lines "markdown faults under the base, at file:line:col" 1 markdown -- "$page" "${want_lines[@]}"
expect "markdown faults under the base, nothing else" 1 "^checks markdown: 4 pages, .*: 3 errors$" markdown
cd "$work" && build faults-proj .
expect_faults "the faults under the base in the build" faults-proj/build --base-url /proj/ -- \
  /guide/ /proj/proj/guide/setup.html /guide/setup.html
cd "$work/faults-proj" && expect_lines "the faults under the base in the build and its sources, at file:line:col" 1 all -- "$page" "${want_lines[@]}"
expect "the build's problems under the base, said once" 1 "^checks all: 3 errors in" all
cd "$work"
exit $fail
