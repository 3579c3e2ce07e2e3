#!/usr/bin/env bash
# The gate on a real Hexo build: Hexo 8.1.2 (which asks for Node >= 20.19)
# with its default renderer hexo-renderer-marked 7.0.1, the landscape theme
# (and the EJS and Stylus renderers it needs) and the four generators
# `hexo init` installs (index, archive, category, tag), from npm into the
# work folder and kept there between runs; each site's package.json names
# them (Hexo loads the plugins its site's package.json lists, and hexo-cli
# takes a folder for a site by its package.json's "hexo" key) and its
# node_modules links to the work folder's. hexo generate builds each site.
# One small blog (posts with dates, tags and repeated headings, a post with
# its own permalink, a post in a folder of _posts, pages at their path and
# at a permalink, an image in source/images, a partial _name and a
# skip_render folder) is built twice:
#   root  url http://example.com, root /, no checks.json (the preset is
#         found by _config.yml), post_asset_folder off
#   blog  url http://example.com/blog (root /blog/, from url), checks.json
#         naming the preset, post_asset_folder and marked.postAsset on (a
#         post's image beside it, in its asset folder), modifyAnchors 1
#         (ids in lower case), an asset_img tag (said, not judged)
# The about page has raw HTML inside a paragraph (<a href>, <img src>):
# marked passes it through and hexo-renderer-marked 7.0.1 rewrites
# markdown's tokens only (its link and image renderers, prependRoot and
# postAsset), so Hexo writes it as written: read from the page's URL, the
# root carried by hand.
# checks all with the hexo preset reports nothing on either (links carry
# root themselves, as Hexo writes them as they are; relative links of a
# post sit below <!-- more -->, as the home page shows its excerpt). Faults
# put into a copy of root's sources (a missing page, a .md link, a missing
# anchor, GitHub's slug of a heading, a missing image, an image beside the
# post that Hexo writes from the site's root, a _partial, a post's URL at
# the wrong date, a post_link's anchor, a raw HTML link to a missing page
# and a raw image read from the post's URL, where it is not) are found at file:line:col and
# nothing else by checks markdown; the copy is built, the build's links
# check finds each, and checks all places every one at its markdown line.
#   make hexo-check     (HEXO_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${HEXO_DIR:-/tmp/devdocs-hexo/bench}
. "$(dirname "$0")/expect.sh"

mkdir -p "$work" && cd "$work" && work=$PWD
want_pkg='{ "name": "hexo-bench", "private": true, "hexo": { "version": "8.1.2" },
  "dependencies": { "hexo": "8.1.2", "hexo-renderer-marked": "7.0.1", "hexo-renderer-ejs": "2.0.0",
    "hexo-renderer-stylus": "3.0.1", "hexo-theme-landscape": "1.1.0", "hexo-generator-index": "4.0.0",
    "hexo-generator-archive": "2.0.0", "hexo-generator-category": "2.0.0", "hexo-generator-tag": "2.0.0" } }'
npm_project "$want_pkg" node_modules/hexo/package.json
hexo=$work/node_modules/.bin/hexo

# pages DIR R: the sources of the blog in DIR/source, root-absolute links
# written with R (the root without its last slash: "" or /blog).
pages() {
  local src=$1/source r=$2
  mkdir -p "$src"/_posts/notes "$src"/about "$src"/docs "$src"/images "$src"/raw
  cat > "$src/_posts/hello-world.md" <<MD
---
title: Hello World
date: 2024-03-05 10:30:00
tags: [start]
---
Read [about us](${r}/about/), [the guide](${r}/docs/guide.html#Set-up) and [the second post](${r}/custom/second/).

<!-- more -->

## What's new

Start with [what's new](#What’s-new), then [usage](#Usage) and [its repeat](#Usage-1).
The [guide again](../../../../docs/guide.html#Set-up), and [the note](${r}/2023/06/07/notes/first/).

![logo](/images/logo.png)

## Usage

## Usage
MD
  cat > "$src/_posts/second.md" <<MD
---
title: Second "post"
date: 2024-01-02
permalink: custom/second/
---
Back to [hello](${r}/2024/03/05/hello-world/#Usage-1) and [the start tag](${r}/tags/start/).
MD
  cat > "$src/_posts/notes/first.md" <<MD
---
title: First note
date: 2023-06-07
---
A [moved page](${r}/elsewhere/) and [home](${r}/). Hexo's own link: {% post_link hello-world %}.
MD
  cat > "$src/about/index.md" <<MD
---
title: About
---
## Who we are

See [the guide](../docs/guide.html), [the archives](${r}/archives/) and [elsewhere](${r}/elsewhere/#Moved-here).
In HTML: <a href="../docs/guide.html#Set-up">the guide</a> and <img src="${r}/images/logo.png" alt="logo">.

![logo](images/logo.png)
MD
  cat > "$src/docs/guide.md" <<MD
---
title: Guide
---
## Set up

Back to [about](../about/#Who-we-are) and [hello](${r}/2024/03/05/hello-world/#What’s-new).
MD
  cat > "$src/docs/moved.md" <<MD
---
title: Moved
permalink: /elsewhere/
---
## Moved here

[Guide](${r}/docs/guide.html)
MD
  printf '# A partial\n\n[gone](/nowhere/)\n' > "$src/_partial.md"
  printf '<p>copied as it is</p>\n' > "$src/raw/page.html"
  printf '\x89PNG\r\n\x1a\n' > "$src/images/logo.png"
}

# project DIR R [LINE…]: the blog in DIR, its _config.yml with the given
# settings, the landscape theme with no feed and no favicon (the site has
# neither), and the plugins its package.json names.
project() {
  local dir=$1 r=$2 line
  shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  pages "$dir" "$r"
  {
    echo "title: Gate proof"
    for line in "$@"; do echo "$line"; done
    echo "theme: landscape"
    echo "skip_render: raw/**"
  } > "$dir/_config.yml"
  printf 'rss: false\nfavicon: false\n' > "$dir/_config.landscape.yml"
  printf '%s\n' "$want_pkg" > "$dir/package.json"
  ln -s "$work/node_modules" "$dir/node_modules"
}

# generate: hexo generate afresh in this folder; a run that writes no home page failed.
# shellcheck disable=SC2317 # run through quietly
generate() { rm -rf public db.json && nice -n 10 "$hexo" generate && [ -f public/index.html ]; }
build() { quietly "hexo generate" "$1" generate; } # build DIR

project root "" "url: http://example.com" && build root
project blog /blog "url: http://example.com/blog" "post_asset_folder: true" "marked:" "  postAsset: true" "  modifyAnchors: 1"
# lower-case ids, and a post whose image is in its asset folder
sed -i 's/#What’s-new/#what’s-new/g; s/#Usage/#usage/g; s/#Set-up/#set-up/g; s/#Who-we-are/#who-we-are/g; s/#Moved-here/#moved-here/g' \
  blog/source/_posts/*.md blog/source/_posts/notes/*.md blog/source/about/index.md blog/source/docs/*.md
mkdir -p blog/source/_posts/pictures
printf '\x89PNG\r\n\x1a\n' > blog/source/_posts/pictures/diagram.png
printf -- '---\ntitle: Pictures\ndate: 2022-02-02\n---\nA picture.\n\n<!-- more -->\n\n![diagram](diagram.png) and [the diagram itself](diagram.png).\n\n{%% asset_img diagram.png The diagram %%}\n' > blog/source/_posts/pictures.md
build blog
echo '{"preset": "hexo"}' > blog/checks.json

cd "$work/root" && expect "checks all, the preset found by _config.yml, clean" 0 "^checks all: no problems" all
expect "checks markdown, the sources alone, clean" 0 "^checks markdown: 6 pages, 23 links checked in .*: no problems" markdown
cd "$work/blog" && expect "checks all --preset hexo, root /blog/ from url, post asset folders, clean" 0 "^checks all: no problems" all
expect "checks markdown, root /blog/, clean" 0 "^checks markdown: 7 pages, 25 links checked in .*: no problems" markdown
expect "the tag plugin's image, said not judged" 0 "1 page uses tag plugins that write links ({% asset_img %}), which checks does not run" markdown
cd "$work"
expect_base_builds root/public blog/public /blog/

# Faults appended to a post of a copy of root's sources, below its
# excerpt: found before any build, as a pre-commit hook runs the gate.
rm -rf faults && cp -a root faults && rm -rf faults/public faults/db.json
page=source/_posts/hello-world.md
start=$(($(wc -l < "faults/$page") + 2))
cat >> "faults/$page" <<'MD'

See [gone](/nowhere/) and [the about page's file](../about/index.md).
Then [a missing anchor](/about/#no-such-heading) and [GitHub's slug](/docs/guide.html#set-up).
![missing](/images/missing.png) ![beside the post](pic.png)
[A partial](/_partial.html) and [the wrong day](/2024/03/06/hello-world/).
Hexo's link to {% post_link second#Nowhere %}.
In HTML: <a href="/docs/gone.html">gone</a> and <img src="../images/gone.png" alt="gone">.
MD
printf '\x89PNG\r\n\x1a\n' > faults/source/_posts/pic.png
l1=$start l2=$((start + 1)) l3=$((start + 2)) l4=$((start + 3))
want_lines=(
  "$(at "$l1:5")error   broken markdown link \"/nowhere/\": no page or file answers /nowhere/ [markdown-link]"
  "$(at "$l1:27")error   markdown link \"../about/index.md\": hexo leaves links to .md files as written, so the built page links to a file the site does not serve; link to the page's URL, \"../../../../about/\" [markdown-link]"
  "$(at "$l2:6")warning anchor #no-such-heading not found in source/about/index.md [markdown-anchor]"
  "$(at "$l2:54")warning anchor #set-up not found in source/docs/guide.md [markdown-anchor]"
  "$(at "$l3:1")error   image \"/images/missing.png\" not found: source/images/missing.png does not exist [markdown-image]"
  "$(at "$l3:33")error   image \"pic.png\" not found: hexo writes it as /pic.png, from the site's root, not the page's, and no file answers /pic.png [markdown-image]"
  "$(at "$l4:1")error   broken markdown link \"/_partial.html\": no page or file answers /_partial.html [markdown-link]"
  "$(at "$l4:33")error   broken markdown link \"/2024/03/06/hello-world/\": no page or file answers /2024/03/06/hello-world/ [markdown-link]"
  "$(at "$((start + 4)):16")warning anchor #Nowhere not found in source/_posts/second.md [markdown-anchor]"
  "$(at "$((start + 5)):10")error   broken markdown link \"/docs/gone.html\": no page or file answers /docs/gone.html [markdown-link]"
  "$(at "$((start + 5)):49")error   image \"../images/gone.png\" not found: the page is served at /2024/03/05/hello-world/, and no file answers /2024/03/05/images/gone.png [markdown-image]"
)
cd "$work/faults" && expect_lines "markdown faults, at file:line:col" 1 markdown -- "$page" "${want_lines[@]}"
expect "markdown faults, nothing else" 1 "^checks markdown: 6 pages, .*: 8 errors and 3 warnings$" markdown

# The same faults built: the build links to each, and checks all places
# each of the build's problems at its markdown line, once.
cd "$work" && build faults
expect_faults "the faults in the build" faults/public -- \
  /nowhere/ ../about/index.md /about/#no-such-heading /docs/guide.html#set-up /images/missing.png /pic.png /_partial.html /2024/03/06/hello-world/ /custom/second/#Nowhere \
  /docs/gone.html ../images/gone.png
cd "$work/faults" && expect_lines "the faults in the build and its sources, at file:line:col" 1 all -- "$page" "${want_lines[@]}"
expect "the build's problems, each placed at its markdown line" 1 "^checks links: .*: no problems$" all
expect "the build's problems and the sources', said once" 1 "^checks all: 8 errors and 3 warnings in" all
cd "$work"
exit $fail
