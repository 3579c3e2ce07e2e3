#!/usr/bin/env bash
# The gate on a real Starlight build: Astro 5.18.2 with @astrojs/starlight
# 0.37.7 (pinned: both accept Node 20), installed from npm into the work
# folder and kept there between runs. One small site (an MDX home page, a
# guide and a reference folder, links in Starlight's usual styles: page URLs
# written relative to the built page's folder or from the root, an image
# beside a page that Astro's asset pipeline turns into /_astro/*.webp, one
# from public/) is written twice: as a project served at the root, and as one
# served under /proj/ (base: '/proj'), whose root-absolute links carry the
# base, since Starlight copies markdown links into the page as written.
# So it does raw HTML inside a paragraph: <a href> and <img src> of a .md
# page, and the JSX <a> and <img /> of an .mdx one, are written as they
# are (not bundled, no base added), so a raw image is asked for from the
# page's URL.
# A correct checker reports nothing on either with checks all and the
# starlight preset. Faults put into copies of the sources are found at
# file:line:col (a missing page, a missing anchor, missing images, .md links
# that Starlight leaves unrewritten, extensionless links that lead nowhere
# from the page's folder URL, a root-absolute link without the base); four
# put into a copy of a build are found, and nothing else. A third copy built
# with build.format 'file' shows that folder-style relative links break
# there, and the gate sees it. The crawl finds nothing on either build, and
# two runtime faults put into a copy. Two pages stand where Astro puts them, not
# where their files are: reference/Getting Started.md at
# /reference/getting-started/, and guide/moved.md at its front matter's slug,
# /start/setup/; links to them pass, links to the files' own paths do not.
#   make starlight-check     (STARLIGHT_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${STARLIGHT_DIR:-/tmp/devdocs-starlight/bench}
. "$(dirname "$0")/expect.sh"
export ASTRO_TELEMETRY_DISABLED=1

mkdir -p "$work" && cd "$work" && work=$PWD
want_pkg='{ "name": "starlight-bench", "private": true, "type": "module",
  "dependencies": { "astro": "5.18.2", "@astrojs/starlight": "0.37.7" } }'
npm_project "$want_pkg" node_modules/@astrojs/starlight

# site DIR BASE [FORMAT]: an Astro project with Starlight in DIR, its
# root-absolute markdown links written with BASE ("" or "/proj").
site() {
  local dir=$1 base=$2 format=${3:-}
  rm -rf "$dir" && mkdir -p "$dir"/src/content/docs/{guide,reference} "$dir"/public/img
  ln -s ../node_modules "$dir/node_modules"
  {
    echo "// @ts-check"
    echo "import { defineConfig } from 'astro/config';"
    echo "import starlight from '@astrojs/starlight';"
    echo
    echo "export default defineConfig({"
    [ -z "$base" ] || echo "  base: '$base',"
    [ -z "$format" ] || echo "  build: { format: '$format' },"
    echo "  integrations: [starlight({ title: 'Bench' })],"
    echo "});"
  } > "$dir/astro.config.mjs"
  cat > "$dir/src/content.config.ts" <<'TS'
import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
};
TS
  echo '{"preset": "starlight"}' > "$dir/checks.json"
  # Starlight's head links /favicon.svg on every page (its default favicon).
  echo '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2"/></svg>' > "$dir/public/favicon.svg"
  local png=iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGPQiDoBRAwQCgAhpgUpG+5kRAAAAABJRU5ErkJggg==
  base64 -d <<<"$png" > "$dir/public/img/logo.png"
  base64 -d <<<"$png" > "$dir/src/content/docs/guide/screenshot.png"
  local docs=$dir/src/content/docs
  cat > "$docs/index.mdx" <<'MD'
---
title: Bench
description: A small Starlight site for the gate.
---

import { Card } from '@astrojs/starlight/components';

Start with [installing](@B@/guide/install/), then read [the options](guide/configure/#options).

<Card title="Reference">
  The [API](@B@/reference/api/#prove) on one page.
</Card>

In JSX: <a href="@B@/reference/api/#prove">prove()</a> and <img src="@B@/img/logo.png" alt="logo" />.
MD
  cat > "$docs/guide/install.md" <<'MD'
---
title: Install
---

## Install the tools

Read [the options](../configure/#options) first, and [what's new](../configure/#whats-new-in-v12).
In HTML: <a href="../configure/#options">the options</a> and <img src="@B@/img/logo.png" alt="logo">.

## First steps & more

![A screenshot](./screenshot.png)

![The logo](@B@/img/logo.png)

## Getting Started

## Getting Started

Back to [the first one](#getting-started), [the second](#getting-started-1) or [first steps](#first-steps--more).
MD
  cat > "$docs/guide/configure.md" <<'MD'
---
title: Configure
---

## Options

See [the install steps](@B@/guide/install/#install-the-tools) and [the API](../../reference/api/#leading-and-trailing).

## What's new in v1.2?

Everything, as [the home page](@B@/) says.
MD
  cat > "$docs/reference/index.md" <<'MD'
---
title: Reference
---

The [API](api/), starting with [prove()](./api/#prove).
Then [getting started](getting-started/#first-steps) and [setting up](@B@/start/setup/#on-linux).
MD
  # Astro names a page by its path, each segment slugged; a slug in the
  # front matter serves it elsewhere.
  cat > "$docs/reference/Getting Started.md" <<'MD'
---
title: Getting Started
---

## First steps
MD
  cat > "$docs/guide/moved.md" <<'MD'
---
title: Setting up
slug: start/setup
---

## On Linux

Back to [the reference](../../reference/).
MD
  cat > "$docs/reference/api.md" <<'MD'
---
title: API
---

## prove()

## --leading and trailing--

## Usage

## Usage

See [the second usage](#usage-1), [the dashes](#leading-and-trailing) and [configuring](../../guide/configure/).
MD
  find "$docs" -name '*.md*' -exec sed -i "s|@B@|$base|g" {} +
}

build() { quietly "astro build" "$1" npx astro build; } # build DIR

site root "" && build root
site proj /proj && build proj

# checks all with the preset: the markdown of src/content/docs, the build in dist/.
# (cd, not a subshell: expect records a failure in $fail.)
cd "$work/root" && expect "checks all --preset starlight --crawl, root build, clean" 0 "^checks all: no problems" all --crawl
cd "$work/proj" && expect "checks all --preset starlight --crawl, base /proj, clean" 0 "^checks all: no problems" all --crawl
cd "$work"
expect_base_builds root/dist proj/dist /proj/

# The sources, with faults appended to the install page of a copy.
rm -rf faults && cp -a root faults
page=src/content/docs/guide/install.md
start=$(($(wc -l < "faults/$page") + 2))
cat >> "faults/$page" <<'MD'

See [setup](setup.md) and [configure](configure.md).
Also [gone](./gone), [a sibling as a file](configure/) and [a missing page](/guide/gone/).
Then [a missing anchor](../configure/#no-such-heading).
![missing](./missing.png) ![missing static](/img/missing.png)
A moved page's [usual URL](/guide/moved/), and [a file's name](/reference/Getting%20Started/).
MD
l1=$start l2=$((start + 1)) l3=$((start + 2)) l4=$((start + 3)) l5=$((start + 4))
cd "$work/faults" && expect_lines "markdown faults, at file:line:col" 1 markdown -- \
  "$page" \
  "  $(printf %-6s "$l1:5") error   broken markdown link \"setup.md\": src/content/docs/guide/setup.md does not exist [markdown-link]" \
  "  $(printf %-6s "$l1:27") error   markdown link \"configure.md\": starlight leaves links to .md files as written, so the built page links to a file the site does not serve; link to the page's URL, \"../configure/\" [markdown-link]" \
  "  $(printf %-6s "$l2:6") error   broken markdown link \"./gone\": no page or file answers /guide/install/gone [markdown-link]" \
  "  $(printf %-6s "$l2:22") error   broken markdown link \"configure/\": no page or file answers /guide/install/configure/ [markdown-link]" \
  "  $(printf %-6s "$l2:60") error   broken markdown link \"/guide/gone/\": no page or file answers /guide/gone/ [markdown-link]" \
  "  $(printf %-6s "$l3:6") warning anchor #no-such-heading not found in src/content/docs/guide/configure.md [markdown-anchor]" \
  "  $(printf %-6s "$l4:1") error   image \"./missing.png\" not found: src/content/docs/guide/missing.png does not exist [markdown-image]" \
  "  $(printf %-6s "$l4:27") error   image \"/img/missing.png\" not found: public/img/missing.png does not exist [markdown-image]" \
  "  $(printf %-6s "$l5:16") error   broken markdown link \"/guide/moved/\": no page or file answers /guide/moved/ [markdown-link]" \
  "  $(printf %-6s "$l5:48") error   broken markdown link \"/reference/Getting%20Started/\": no page or file answers /reference/Getting%20Started/ [markdown-link]"
cd "$work"

# Raw HTML faults in a copy of the root, which builds (Astro stops on a
# markdown image that is missing): a raw link to no page, the screenshot
# beside the page named from raw HTML (which Astro leaves as written, not
# bundled, so the browser asks for it beside the page's URL, where it is
# not), and in the MDX home page a JSX link to no page and an image public/
# lacks. Found at file:line:col by the hook and by checks all (the raw
# screenshot at its raw <img>, not at the markdown one that names the same
# file), and in the build.
rm -rf raw-faults && cp -a root raw-faults && rm -rf raw-faults/dist
start=$(($(wc -l < "raw-faults/$page") + 2))
printf '\nIn HTML: <a href="../gone/">gone</a> and <img src="./screenshot.png" alt="again">.\n' >> "raw-faults/$page"
home=$(($(wc -l < raw-faults/src/content/docs/index.mdx) + 2))
printf '\nIn JSX: <a href="/reference/gone/">gone</a> and <img src="/img/gone.png" alt="gone" />.\n' >> raw-faults/src/content/docs/index.mdx
raw_lines=(
  src/content/docs/index.mdx
  "$(at "$home:9")error   broken markdown link \"/reference/gone/\": no page or file answers /reference/gone/ [markdown-link]"
  "$(at "$home:49")error   image \"/img/gone.png\" not found: public/img/gone.png does not exist [markdown-image]"
  "$page"
  "$(at "$start:10")error   broken markdown link \"../gone/\": no page or file answers /guide/gone/ [markdown-link]"
  "$(at "$start:42")error   image \"./screenshot.png\" not found: the page is served at /guide/install/, and no file answers /guide/install/screenshot.png [markdown-image]"
)
cd "$work/raw-faults" && expect_lines "raw HTML faults, at file:line:col" 1 markdown -- "${raw_lines[@]}"
cd "$work" && build raw-faults && cd raw-faults
expect_lines "raw HTML faults, by checks all at file:line:col" 1 all -- "${raw_lines[@]}"
cd "$work"
expect_faults "raw HTML faults in the build" raw-faults/dist -- ../gone/ ./screenshot.png /reference/gone/ /img/gone.png

# Under /proj/, a root-absolute link without the base leaves the site.
rm -rf proj-faults && cp -a proj proj-faults
start=$(($(wc -l < "proj-faults/$page") + 2))
printf '\nBack to [the options](/guide/configure/#options).\n' >> "proj-faults/$page"
cd "$work/proj-faults" && expect_lines "a link without the base, under /proj/" 1 markdown -- \
  "$page" \
  "  $(printf %-6s "$start:9") error   broken markdown link \"/guide/configure/#options\": the site is served under /proj/, and starlight leaves this link as written [markdown-link]"
cd "$work"

# The build, with a missing page, anchor and image, and the screenshot the
# install page shows (Astro wrote it as /_astro/screenshot.<hash>.webp) deleted.
rm -rf build-faults && cp -a root/dist build-faults
sed -i 's|</main>|<a href="/guide/no-such-page/">a</a><a href="/guide/configure/#no-such-heading">b</a><img src="/img/missing.png"></main>|' build-faults/reference/index.html
shot=$(cd build-faults && ls _astro/screenshot.*.webp)
rm "build-faults/$shot"
expect_faults "4 injected faults in the build" build-faults -- \
  /guide/no-such-page/ /guide/configure/#no-such-heading /img/missing.png "/$shot"

# The same under /proj/: the hrefs a page gets from markdown written without the base.
rm -rf proj-build-faults && cp -a proj/dist proj-build-faults
sed -i 's|</main>|<a href="/guide/configure/">a</a><img src="/img/logo.png"></main>|' proj-build-faults/reference/index.html
expect_faults "links without the base in the /proj/ build" proj-build-faults --base-url /proj/ -- \
  /guide/configure/ /img/logo.png

# Runtime faults in a copy of the build, found by the crawl on their pages
# and nothing else: an image a script adds, of a file not there; a link to
# an id only a script makes, withdrawn by the running page, beside one to an
# id nobody makes. Starlight's pages are static HTML with no island here, so
# nothing hydrates: no component, lazy chunk or mismatch to break, as the
# Docusaurus and VitePress proofs do.
rm -rf crawl-faults && cp -a root/dist crawl-faults
sed -i 's|</body>|<script>var img = new Image(); img.src = "/img/added-by-script.png"; document.body.append(img)</script></body>|' crawl-faults/guide/install/index.html
sed -i 's|</body>|<script>var d = document.createElement("div"); d.id = "made-by-script"; document.body.append(d)</script></body>|' crawl-faults/reference/index.html
sed -i 's|</body>|<a href="/reference/#made-by-script">made by script</a><a href="/reference/#made-by-nobody">made by nobody</a></body>|' crawl-faults/guide/configure/index.html
# The crawl alone: run from a folder of its own, since the other copies of
# the project here are docs projects too, whose markdown checks all reads.
rm -rf crawl && mkdir crawl && mv crawl-faults crawl/ && cd crawl
expect_findings "runtime faults injected into the build, each on its page (checks all --crawl)" all crawl-faults --crawl -- \
  "failed-request crawl-faults/guide/install/index.html" \
  "broken-anchor crawl-faults/guide/configure/index.html"
expect_said "the crawl's words for them" "/img/added-by-script.png answered 404" \
  "1 broken anchor withdrawn: the running page made the id (/reference/index.html#made-by-script)" "the running page has no such element either"
cd "$work"

# build.format 'file' writes guide/install.html: the folder-style relative
# links of these pages then lead nowhere, and root-absolute ones with a
# trailing slash too. The gate judges the build as a static host serves it.
site flat "" file && build flat
expect "build.format 'file': folder-style links are broken" 1 'broken link "../configure/#options": no file answers /configure/' links flat/dist
exit $fail
