#!/usr/bin/env bash
# The gate on real Docsify sites: docsify 5.0.0, installed from npm into the
# work folder and kept there between runs (its postinstall runs husky, a
# tool of its own repository, so scripts are not run). Docsify has no
# build: its router fetches a page's markdown when the page is opened and
# renders it in the browser, so each site is served on 127.0.0.1 and opened
# in headless Chromium by proofs/docsifyoracle, which says of every
# link the rendered pages hold (content, sidebar, navbar) whether Docsify
# renders a page for it, scrolls to its heading, shows its image, or the
# server has the file. One small site (a home page, a guide folder with its
# README and two pages, an API page, a sidebar and a navbar, an alias, an
# image beside a page and one at the root, anchors on the same page and
# across, a heading's :id=, repeated headings, a :ignore download) is
# served three ways:
#   root  docs/index.html, hash router, served at /, no checks.json (the
#         preset found by docs/index.html); links from the docs root
#   proj  served under /proj/, relativePath: true, the guide's links to its
#         own pages written from its folder; checks.json names the preset
#   hist  routerMode: 'history', served at / with index.html answering
#         every path no file answers; raw HTML's links and images are
#         read from the page's URL, its route
#   based basePath: 'content/', the pages in the folder below index.html's
# checks markdown (the hook) and checks all report nothing on each, and the
# browser finds every link working. Faults put into a copy of root (a
# missing page, a missing anchor, GitHub's slug of a heading whose Docsify
# id differs, a link broken only because Docsify reads it from the docs
# root, a missing image) are found at file:line:col and nothing else, and
# the browser finds exactly those broken in Docsify; so are they in a copy of
# hist, and, with relativePath, a sidebar and navbar written from the root in
# a copy of proj (broken on the pages of the guide's folder only).
#   make docsify-check     (DOCSIFY_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${DOCSIFY_DIR:-/tmp/devdocs-docsify/bench}
. "$(dirname "$0")/expect.sh"

mkdir -p "$work" && work=$(cd "$work" && pwd)
go build -o "$work/docsifyoracle" ./proofs/docsifyoracle
oracle=$work/docsifyoracle
cd "$work"
want_pkg='{ "name": "docsify-bench", "private": true,
  "devDependencies": { "docsify": "5.0.0" } }'
npm_project "$want_pkg" node_modules/docsify/dist/docsify.min.js --ignore-scripts
dist=$work/node_modules/docsify/dist

# pages DIR FROM SIDE ASSETS [SETTING…]: a Docsify site in DIR, whose guide
# pages link to their siblings as FROM + name (guide/ from the docs root, ""
# with relativePath), whose sidebar and navbar link as SIDE + path ("/" with
# relativePath, as they are drawn on every folder's pages), whose
# index.html names its script and stylesheet as ASSETS + name ("/" in
# history mode, where the page's URL is a route's) and sets the given lines
# too.
pages() {
  local docs=$1 from=$2 side=$3 assets=$4 line
  shift 4
  mkdir -p "$docs"/guide "$docs"/reference "$docs"/files
  {
    cat <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Gate proof</title>
  <link rel="stylesheet" href="ASSETScore.css">
</head>
<body>
  <div id="app"></div>
  <script>
    window.$docsify = {
      name: 'Gate proof',
      loadSidebar: true,
      loadNavbar: true,
      // coverpage: true,
      alias: {
        '/changes': '/reference/changelog',
      },
HTML
    for line in "$@"; do echo "      $line,"; done
    cat <<'HTML'
    };
  </script>
  <script src="ASSETSdocsify.min.js"></script>
</body>
</html>
HTML
  } | sed "s|ASSETS|$assets|" > "$docs/index.html"
  cp "$dist/docsify.min.js" "$dist/themes/core.css" "$docs/"
  cat > "$docs/README.md" <<'MD'
# Gate proof

Start with [the guide](guide/), then [install it](guide/install.md#install-the-cli).
The [API](reference/api) lists [its errors](reference/api.md#error-codes); see [what changed](changes) and [the FAQ](#FAQ).

![logo](logo.png)

## FAQ

Ask on [GitHub](https://github.com/docsifyjs/docsify).
MD
  cat > "$docs/_sidebar.md" <<MD
- [Home](/)
- [Guide](${side}guide/)
  - [Install](${side}guide/install.md)
  - [Configure](${side}guide/configure.md#output-folder)
- [API](${side}reference/api.md)
- [Changes](${side}changes)
MD
  cat > "$docs/_navbar.md" <<MD
- [Guide](${side}guide/)
- [Docsify](https://docsify.js.org)
MD
  cat > "$docs/guide/README.md" <<MD
# Guide

Install first: [install](${from}install.md), then [configure it](${from}configure.md#output-folder).
Read [the 2.0 notes](${from}install#_20-upgrade-notes), [the second usage](/reference/api.md#usage-1) and [this page's steps](#steps).

![diagram](diagram.png)

## Steps

Back [home](/).
MD
  cat > "$docs/guide/install.md" <<'MD'
# Install

## Install the CLI

Then [the guide](/guide/).

## 2.0 upgrade notes

![diagram](diagram.png)
MD
  cat > "$docs/guide/configure.md" <<'MD'
# Configure

## Set the output folder :id=output-folder

See [the first usage](/reference/api.md#usage).
MD
  cat > "$docs/reference/api.md" <<'MD'
# API

## Error codes

## Usage

## Usage

As [the first usage](#usage), from [the guide](/guide/).
MD
  echo '# Changelog' > "$docs/reference/changelog.md"
  echo terms > "$docs/files/terms.txt"
  local png=iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
  base64 -d <<<"$png" > "$docs/logo.png"
  base64 -d <<<"$png" > "$docs/guide/diagram.png"
}

# expect_browser NAME [ORACLE FLAG…] DIR -- "PAGE<TAB>HREF<TAB>VERDICT"…:
# Docsify, served and opened in Chromium, finds these links broken and
# every other link of the rendered pages working.
expect_browser() {
  local name=$1 args=() out got want n
  shift
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  out=$("$oracle" "${args[@]}") || { echo "FAIL $name: docsifyoracle ${args[*]} failed"; fail=1; return; }
  got=$(grep -v $'\tok' <<<"$out" | sort || true)
  want=$(printf '%s\n' "$@" | sed '/^$/d' | sort)
  n=$(grep -c $'\tok' <<<"$out" || true)
  if [ "$got" != "$want" ]; then
    echo "FAIL $name: in Chromium, broken:"; echo "$got"; echo "want:"; echo "$want"; fail=1
  elif [ "$n" -lt 20 ]; then
    echo "FAIL $name: only $n links seen working in Chromium:"; echo "$out"; fail=1
  else
    echo "ok   $name: $n links and images work in Chromium, $# broken as expected"
  fi
}

# raw_html PAGE LINK IMAGE: a paragraph of raw HTML appended to PAGE, a
# link written as LINK and an image as IMAGE. Docsify
# 5's marked passes raw HTML through and its compiler leaves it alone, so
# the browser reads them from the page's URL: a fragment is a hash route,
# an image is asked for from index.html's folder (basePath not added).
raw_html() {
  printf '\nIn HTML: <a href="%s">installing</a> and <img src="%s" alt="logo">.\n' "$2" "$3" >> "$1"
}

rm -rf root proj hist based
pages root/docs guide/ "" ""
raw_html root/docs/README.md "#/guide/install?id=install-the-cli" logo.png
pages proj/docs "" / "" "relativePath: true"
raw_html proj/docs/README.md "#/guide/install?id=install-the-cli" logo.png
echo '{"preset": "docsify"}' > proj/checks.json
pages hist/docs guide/ "" / "routerMode: 'history'"
raw_html hist/docs/README.md /guide/install logo.png
# The history router reads raw HTML from the page's URL, its route: on
# /guide/install, configure is /guide/configure and ../logo.png /logo.png.
raw_html hist/docs/guide/install.md configure ../logo.png
# based: basePath 'content/', the pages in docs/content/ beside index.html's
# docs/, and no README.md beside index.html: checks.json names the preset.
pages based/docs/content guide/ "" "" "basePath: 'content/'"
raw_html based/docs/content/README.md "#/guide/install?id=install-the-cli" content/logo.png
mv based/docs/content/{index.html,docsify.min.js,core.css} based/docs/
echo '{"preset": "docsify"}' > based/checks.json

cd "$work/root" && expect "checks all, the preset found by docs/index.html, clean" 0 "^checks all: no problems" all
expect "checks markdown, hash router, clean" 0 "^checks markdown: 8 pages, 28 links checked in .*: no problems" markdown
cd "$work/proj" && expect "checks all --preset docsify, relativePath, clean" 0 "^checks all: no problems" all
expect "checks markdown, relativePath, clean" 0 "^checks markdown: 8 pages, 28 links checked in .*: no problems" markdown
cd "$work/hist" && expect "checks markdown, routerMode history, clean" 0 "^checks markdown: 8 pages, 30 links checked in .*: no problems" markdown
cd "$work/based" && expect "checks markdown, basePath, clean" 0 "^checks markdown: 8 pages, 28 links checked in .*: no problems" markdown
cd "$work"
expect_browser "root, served at /" root/docs --
expect_browser "proj, served under /proj/ with relativePath" -base /proj/ proj/docs --
expect_browser "hist, routerMode history" -history hist/docs --
expect_browser "based, basePath content/" based/docs --

# With relativePath, the sidebar and navbar of a copy of proj written as
# root's (links from the docs root, not starting with /): read from the
# folder of each page they are drawn on, so broken on the guide's pages
# (and the API's), though not on the home page.
rm -rf proj-faults && cp -a proj proj-faults
pages proj-faults/docs "" "" "" "relativePath: true"
side_lines=(
  "  2:3    error   broken markdown link \"guide/\": on the pages of docs/guide/, docsify renders #/guide/guide/ from docs/guide/guide/README.md, which does not exist [markdown-link]"
  "  3:5    error   broken markdown link \"guide/install.md\": on the pages of docs/guide/, docsify renders #/guide/guide/install from docs/guide/guide/install.md, which does not exist [markdown-link]"
  "  4:5    error   broken markdown link \"guide/configure.md#output-folder\": on the pages of docs/guide/, docsify renders #/guide/guide/configure?id=output-folder from docs/guide/guide/configure.md, which does not exist [markdown-link]"
  "  5:3    error   broken markdown link \"reference/api.md\": on the pages of docs/guide/, docsify renders #/guide/reference/api from docs/guide/reference/api.md, which does not exist [markdown-link]"
  "  6:3    error   broken markdown link \"changes\": on the pages of docs/guide/, docsify renders #/guide/changes from docs/guide/changes.md, which does not exist [markdown-link]"
)
cd "$work/proj-faults" && expect_lines "relativePath: the sidebar's links, by checks markdown at file:line:col" 1 markdown -- docs/_sidebar.md "${side_lines[@]}"
expect_lines "relativePath: the navbar's link" 1 markdown -- \
  "  1:3    error   broken markdown link \"guide/\": on the pages of docs/guide/, docsify renders #/guide/guide/ from docs/guide/guide/README.md, which does not exist [markdown-link]"
expect "relativePath: the sidebar's and navbar's links, nothing else" 1 "^checks markdown: 8 pages, .*: 6 errors$" markdown
cd "$work"
broken=()
for p in /guide/ /guide/install /guide/configure /reference/api; do
  dir=${p%/*}/
  broken+=($'\t'"#${dir}guide/"$'\t'"404 ${dir}guide/" $'\t'"#${dir}guide/"$'\t'"404 ${dir}guide/")
  broken+=($'\t'"#${dir}guide/install"$'\t'"404 ${dir}guide/install")
  broken+=($'\t'"#${dir}guide/configure?id=output-folder"$'\t'"404 ${dir}guide/configure")
  broken+=($'\t'"#${dir}reference/api"$'\t'"404 ${dir}reference/api")
  broken+=($'\t'"#${dir}changes"$'\t'"404 ${dir}changes")
  broken=("${broken[@]/#$'\t'/$p$'\t'}")
done
expect_browser "relativePath: the sidebar's and navbar's links, broken in Docsify on the guide's and the API's pages" -base /proj/ proj-faults/docs -- "${broken[@]}"

# Faults appended to the guide's page of a copy of root, and of hist: found
# before any build, as a pre-commit hook runs the gate, and by the browser.
# The hash router's routes start with #, the history router's are paths.
# A raw HTML link to a route of no page and a raw image that is missing
# too: with the hash router read from index.html's folder, with the
# history router from the page's URL (/guide/ here).
page=docs/guide/README.md
for mode in hash history; do
  src=root faults=faults flag=() r='#'
  [ $mode = history ] && src=hist faults=hist-faults flag=(-history) r=
  rm -rf "$faults" && cp -a "$src" "$faults"
  start=$(($(wc -l < "$faults/$page") + 2))
  cat >> "$faults/$page" <<'MD'

See [gone](gone.md), [a missing step](guide/install.md#no-such-step) and [GitHub's slug](guide/install.md#20-upgrade-notes).
Then [configure, beside this page](configure.md).
![missing](missing.png)
MD
  l1=$start l2=$((start + 1)) l3=$((start + 2))
  want_lines=(
    "$(at "$l1:5")error   broken markdown link \"gone.md\": docsify renders $r/gone from docs/gone.md, which does not exist [markdown-link]"
    "$(at "$l1:22")warning anchor #no-such-step not found in docs/guide/install.md [markdown-anchor]"
    "$(at "$l1:74")warning anchor #20-upgrade-notes not found in docs/guide/install.md [markdown-anchor]"
    "$(at "$l2:6")error   broken markdown link \"configure.md\": docsify renders $r/configure from docs/configure.md, which does not exist; it reads a link from the docs root, not from the page's folder: link to \"guide/configure.md\" for docs/guide/configure.md [markdown-link]"
    "$(at "$l3:1")error   image \"missing.png\" not found: docsify asks for docs/guide/missing.png, which does not exist [markdown-image]"
  )
  browser_faults=(
    "/guide/"$'\t'"$r/gone"$'\t404 /gone'
    "/guide/"$'\t'"$r/guide/install?id=no-such-step"$'\tno heading #no-such-step on /guide/install'
    "/guide/"$'\t'"$r/guide/install?id=20-upgrade-notes"$'\tno heading #20-upgrade-notes on /guide/install'
    "/guide/"$'\t'"$r/configure"$'\t404 /configure'
    $'/guide/\t/guide/missing.png\timage not loaded'
  )
  if [ $mode = hash ]; then
    raw_html "$faults/$page" "#/guide/setup" guide/missing.png
    want_lines+=(
      "$(at "$((start + 4)):10")error   broken markdown link \"#/guide/setup\": docsify renders #/guide/setup from docs/guide/setup.md, which does not exist [markdown-link]"
      "$(at "$((start + 4)):53")error   image \"guide/missing.png\" not found: docsify asks for docs/guide/missing.png, which does not exist [markdown-image]"
    )
    browser_faults+=("/guide/"$'\t'"#/guide/setup"$'\t404 /guide/setup' $'/guide/\tguide/missing.png\timage not loaded')
  else
    raw_html "$faults/$page" setup missing.png
    want_lines+=(
      "$(at "$((start + 4)):10")error   broken markdown link \"setup\": docsify renders /guide/setup from docs/guide/setup.md, which does not exist [markdown-link]"
      "$(at "$((start + 4)):45")error   image \"missing.png\" not found: docsify asks for docs/guide/missing.png, which does not exist [markdown-image]"
    )
    browser_faults+=("/guide/"$'\t'"setup"$'\t404 /guide/setup' $'/guide/\tmissing.png\timage not loaded')
  fi
  errors=5
  cd "$work/$faults" && expect_lines "$mode router: the faults, by checks markdown at file:line:col" 1 markdown -- "$page" "${want_lines[@]}"
  expect "$mode router: the faults, nothing else" 1 "^checks markdown: 8 pages, .*: $errors errors and 2 warnings$" markdown
  expect_lines "$mode router: the faults, by checks all at file:line:col" 1 all -- "$page" "${want_lines[@]}"
  expect "$mode router: the faults by checks all, nothing else" 1 "^checks all: $errors errors and 2 warnings in" all
  cd "$work"
  expect_browser "$mode router: the faults, broken in Docsify too" "${flag[@]}" "$faults/docs" -- "${browser_faults[@]}"
done
cd "$work/hist" && expect "history router: raw HTML with a fragment said not judged" 0 "routerMode history: a link with :ignore, and one of raw HTML with a fragment, are not judged" markdown
exit $fail
