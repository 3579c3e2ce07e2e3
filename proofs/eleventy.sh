#!/usr/bin/env bash
# The gate on a real Eleventy 3 build (from npm, pinned; Node 20 or later).
# Eleventy's markdown gives headings no ids and leaves every link as it is
# written; a relative link is read from the page's URL (about.md is served
# at /about/), not from the markdown file. Two sites of five pages in three
# folders, content in content/, public/ copied to the root, an image beside
# a page copied beside its output (passthrough copy, mode "html-relative"):
#  - site: markdown-it-anchor with Eleventy's slugify filter for heading ids
#    (as eleventy-base-blog v8 set it), links written as the pages' URLs;
#  - starter: eleventy-base-blog v9's setup for Eleventy 3, IdAttributePlugin
#    for heading ids and InputPathToUrlTransformPlugin, which turns a link to
#    a .md file that exists into its page's URL.
# Both have raw HTML inside a paragraph of guide/install.md (<a href>,
# <img src>): Eleventy's markdown-it has html on and writes it as it is,
# and the HTML transforms (the <base> plugin, InputPathToUrl, the
# html-relative copy) work on the built page, so they rewrite raw HTML's
# links as markdown's (Eleventy 3.1.8: "configure.md#options" is written
# /guide/configure/#options, "/guide/…" /proj/guide/… under /proj/).
# install.md also shows /img/logo.png as ../../img/logo.png, which the
# browser reads from the page's URL, /guide/install/ (Eleventy writes
# images as they are too).
# Each is built at the root and under /proj/ (pathPrefix, with the HTML
# <base> plugin, which prefixes root-absolute URLs of every page). A correct
# checker reports nothing on the sources or on any clean build; then known
# faults are put into copies and each must be reported at its place, and
# nothing else.
#   make eleventy-check      (ELEVENTY_DIR keeps node_modules between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${ELEVENTY_DIR:-/tmp/devdocs-eleventy/proof}
. "$(dirname "$0")/expect.sh"

# Eleventy 3.1.8 asks for Node >=18 (engines); markdown-it-anchor 9.2.0 names none.
mkdir -p "$work/npm"
(cd "$work/npm" && npm_project '{ "private": true, "dependencies": { "@11ty/eleventy": "3.1.8", "markdown-it-anchor": "9.2.0" } }' \
  node_modules/@11ty/eleventy/package.json)
prepared
eleventy() { node "$work/npm/node_modules/@11ty/eleventy/cmd.cjs" --quiet "$@" >/dev/null; }

# scaffold DIR: the pages and files both sites share.
scaffold() {
  rm -rf "$1" && mkdir -p "$1" && cd "$1"
  ln -s ../npm/node_modules node_modules
  echo '{"private": true, "type": "module"}' > package.json
  printf 'node_modules/\n_site*/\n' > .gitignore
  mkdir -p content/_includes content/guide content/reference public/img public/css
  cat > content/_includes/base.njk <<'HTML'
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ title }}</title><link rel="stylesheet" href="/css/site.css"></head>
<body>
<nav><a href="/">Home</a> <a href="/guide/install/">Install</a> <a href="/reference/">Reference</a></nav>
<main>
{{ content | safe }}
</main>
</body>
</html>
HTML
  echo '{"layout": "base.njk"}' > content/content.11tydata.json
  echo 'body { font-family: sans-serif; }' > public/css/site.css
  printf '\x89PNG\r\n\x1a\n' | tee public/img/logo.png content/guide/diagram.png content/team.png >/dev/null
  echo '{"preset": "eleventy"}' > checks.json
}

# build: at the root into _site, under /proj/ into _site-proj (both outside
# content/, and in .gitignore, which Eleventy also reads).
build() {
  eleventy
  eleventy --pathprefix=/proj/ --output=_site-proj
}

# The first site: heading ids from markdown-it-anchor, links to page URLs.
scaffold "$work/site"
cat > eleventy.config.js <<'JS'
import markdownItAnchor from "markdown-it-anchor";
import { HtmlBasePlugin } from "@11ty/eleventy";

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ public: "/" });
  eleventyConfig.addPassthroughCopy("content/**/*.png", { mode: "html-relative" });
  eleventyConfig.addPlugin(HtmlBasePlugin);
  eleventyConfig.amendLibrary("md", (md) => {
    md.use(markdownItAnchor, {
      permalink: markdownItAnchor.permalink.ariaHidden({ placement: "after", class: "header-anchor", symbol: "#", ariaHidden: false }),
      level: [1, 2, 3, 4],
      slugify: eleventyConfig.getFilter("slugify"),
    });
  });
}

export const config = { dir: { input: "content" } };
JS
cat > content/index.md <<'MD'
---
title: Gate proof
---
# Gate proof

Start with [installing](/guide/install/), then [the options](/guide/configure/#options).
The [reference](reference/) lists every command; [about](about/) says who we are.

![logo](/img/logo.png)
MD
cat > content/about.md <<'MD'
---
title: About
---
# About

## Who we are

Back to [the install steps](../guide/install/#install-the-tools).

![team](./team.png)
MD
cat > content/guide/install.md <<'MD'
---
title: Install
---
# Install

## Install the tools

Read [the options](../configure/#options) and [who we are](/about/#who-we-are).
In HTML: <a href="/guide/configure/#options">the options</a> and <img src="diagram.png" alt="diagram">.

![diagram](diagram.png) ![logo](../../img/logo.png) <img src="../../img/logo.png" alt="logo">

## Verify the install

Run the check.
MD
cat > content/guide/configure.md <<'MD'
---
title: Configure
---
# Configure

## Options

See [verifying](../install/#verify-the-install) and [the second list](#options-1).

## Options

[Back to the start](/) or [to the reference](/reference/#commands).
MD
cat > content/reference/index.md <<'MD'
---
title: Reference
---
# Reference

## Commands

[Install](../guide/install/#install-the-tools) first, and read [the changes](/changes/#in-v2).
MD
# A page written where its front matter's permalink says, not at
# /guide/changelog/.
cat > content/guide/changelog.md <<'MD'
---
title: Changes
permalink: /changes/
---
# Changes

## In v2

Back to [the reference](/reference/).
MD
build

# checks links alone, from outside the project (no checks.json): the builds
# are judged as a static host serves them.
cd "$work"
expect_base_builds site/_site site/_site-proj /proj/

cd "$work/site"
expect "markdown of content/, clean" 0 ": no problems$" markdown
expect "checks all --preset eleventy (content/ and _site), clean" 0 "^checks all: no problems" all
expect "checks all on the /proj/ build, clean" 0 "^checks all: no problems" all _site-proj --base-url /proj/

# pathPrefix alone prefixes only what the url filter writes: without the
# HTML <base> plugin the root-absolute links of the markdown and the layout
# stay as written, outside the site under /proj/.
sed '/HtmlBasePlugin/d' eleventy.config.js > eleventy.noplugin.config.js
eleventy --config=eleventy.noplugin.config.js --pathprefix=/proj/ --output=_site-noplugin
cd "$work"
expect "pathPrefix without the <base> plugin: root-absolute links broken" 1 'broken link "/guide/configure/#options"' \
  links site/_site-noplugin --base-url /proj/
cd "$work/site"

# The sources, with a missing page, a missing anchor, a missing image, a
# .md link (left as written, so the built page 404s), an extensionless link
# to nothing, ./configure beside configure.md, which the built page reads
# from /guide/install/, where there is no configure, and a raw HTML link to
# a missing page and raw image of a missing file. The hook and checks all
# (on the sources and the faults' build) find each at its place.
rm -rf "$work/faults" && mkdir "$work/faults"
cp -r content public eleventy.config.js checks.json package.json .gitignore node_modules "$work/faults/"
cd "$work/faults"
printf '\nSee [setup](/guide/setup/) and [the tools](/guide/install/#no-such-heading).\n' >> content/index.md
printf '\n![chart](chart.png), [configure](configure.md), [gone](./gone) and [configure](./configure).\n' >> content/guide/install.md
printf '\nIn HTML: <a href="/guide/setup/">setup</a> and <img src="missing.png" alt="missing">.\n' >> content/guide/install.md
printf '\n![gone](../../img/gone.png) and <img src="../../img/lost.png" alt="lost">.\n' >> content/guide/install.md
printf '\nThe changes are not at [their file'"'"'s URL](/guide/changelog/).\n' >> content/reference/index.md
stops="and eleventy's copy of the files beside pages requires it, so the build stops"
faults=(
  'content/index.md'
  '  11:5   error   broken markdown link "/guide/setup/": no page or file answers /guide/setup/ [markdown-link]'
  '  11:32  warning anchor #no-such-heading not found in content/guide/install.md [markdown-anchor]'
  'content/guide/install.md'
  '  17:1   error   image "chart.png" not found: content/guide/chart.png does not exist, '"$stops"' [markdown-image]'
  '  17:22  error   markdown link "configure.md": eleventy leaves links to .md files as written, so the built page links to a file the site does not serve; link to the page'"'"'s URL, "../configure/" [markdown-link]'
  '  17:49  error   broken markdown link "./gone": no page or file answers /guide/install/gone [markdown-link]'
  '  17:68  error   broken markdown link "./configure": no page or file answers /guide/install/configure [markdown-link]'
  '  19:10  error   broken markdown link "/guide/setup/": no page or file answers /guide/setup/ [markdown-link]'
  '  19:48  error   image "missing.png" not found: content/guide/missing.png does not exist, '"$stops"' [markdown-image]'
  '  21:1   error   image "../../img/gone.png" not found: img/gone.png does not exist, and no file answers /img/gone.png [markdown-image]'
  '  21:33  error   image "../../img/lost.png" not found: img/lost.png does not exist, and no file answers /img/lost.png [markdown-image]'
  'content/reference/index.md'
  '  10:24  error   broken markdown link "/guide/changelog/": no page or file answers /guide/changelog/ [markdown-link]')
expect_lines "markdown faults, at file:line:col" 1 markdown -- "${faults[@]}"
# An image missing beside a page stops the build in "html-relative" mode
# (its failOnError); without it the page is written with the broken image,
# and the gate reads a missing one from the page's URL as any other.
sed -i 's|mode: "html-relative" }|mode: "html-relative", failOnError: false }|' eleventy.config.js
for i in "${!faults[@]}"; do
  name=${faults[$i]#*image \"} && name=${name%%\"*}
  faults[$i]=${faults[$i]/"$stops"/"and no file answers /guide/install/$name"}
done
eleventy
expect_lines "checks all on the faults and their build, at file:line:col" 1 all -- "${faults[@]}"
cd "$work"
expect_faults "the same faults in its build" faults/_site -- \
  /guide/setup/ /guide/install/#no-such-heading chart.png configure.md ./gone ./configure /guide/changelog/ /guide/setup/ missing.png ../../img/gone.png ../../img/lost.png

# The build, with a missing page, anchor and image, and a deleted image that
# one page shows twice (markdown's and raw HTML's).
rm -rf _site-faults && cp -r site/_site _site-faults
sed -i 's|</main>|<a href="../no-such-page/">a</a><a href="/guide/install/#no-such-heading">b</a><img src="/img/missing.png"></main>|' _site-faults/about/index.html
rm _site-faults/guide/install/diagram.png
expect_faults "4 injected faults in the build, one image shown twice" _site-faults -- \
  ../no-such-page/ /guide/install/#no-such-heading /img/missing.png diagram.png diagram.png

# The second site: eleventy-base-blog v9's plugins. Links name the .md
# files; InputPathToUrlTransformPlugin writes each page's URL (with the
# base, through the <base> plugin) in their place.
scaffold "$work/starter"
cat > eleventy.config.js <<'JS'
import { IdAttributePlugin, InputPathToUrlTransformPlugin, HtmlBasePlugin } from "@11ty/eleventy";

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ "./public/": "/" });
  eleventyConfig.addPassthroughCopy("content/**/*.png", { mode: "html-relative" });
  eleventyConfig.addPlugin(HtmlBasePlugin);
  eleventyConfig.addPlugin(InputPathToUrlTransformPlugin);
  eleventyConfig.addPlugin(IdAttributePlugin);
}

export const config = { dir: { input: "content", includes: "_includes" } };
JS
cat > content/index.md <<'MD'
---
title: Gate proof
---
# Gate proof

Start with [installing](guide/install.md), then [the options](guide/configure.md#options).
The [reference](reference/index.md) lists every command; [about](about.md) says who we are.

![logo](/img/logo.png)
MD
cat > content/about.md <<'MD'
---
title: About
---
# About

## Who we are

Back to [the install steps](guide/install.md#install-the-tools).

![team](./team.png)
MD
cat > content/guide/install.md <<'MD'
---
title: Install
---
# Install

## Install the tools

Read [the options](configure.md#options) and [who we are](../about.md#who-we-are).
In HTML: <a href="configure.md#options">the options</a> and <img src="diagram.png" alt="diagram">.

![diagram](diagram.png)
MD
cat > content/guide/configure.md <<'MD'
---
title: Configure
---
# Configure

## Options

See [installing](./install.md#install-the-tools) and [the second list](#options-2).

## Options

[Back to the start](../index.md) or [to the reference](../reference/index.md#commands).
MD
cat > content/reference/index.md <<'MD'
---
title: Reference
---
# Reference

## Commands

[Install](../guide/install.md#install-the-tools) first.
MD
build
cd "$work"
expect "starter: links of the root build, clean" 0 ": no problems$" links starter/_site
expect "starter: links of the /proj/ build, clean" 0 ": no problems$" links starter/_site-proj --base-url /proj/
cd "$work/starter"
expect "starter: checks all --preset eleventy, clean" 0 "^checks all: no problems" all
expect "starter: checks all on the /proj/ build, clean" 0 "^checks all: no problems" all _site-proj --base-url /proj/

# InputPathToUrlTransformPlugin looks a path up in the content folder first
# and beside the page second: about.md from guide/install.md is the site's
# /about/, although guide/about.md does not exist.
rm -rf "$work/starter-root" && cp -r "$work/starter" "$work/starter-root" && cd "$work/starter-root"
printf '\nWho [we are](about.md#who-we-are).\n' >> content/guide/install.md
eleventy
cd "$work"
expect "starter: a .md path from the content folder, links of its build, clean" 0 ": no problems$" links starter-root/_site
cd "$work/starter-root"
expect "starter: a .md path from the content folder, clean" 0 "^checks all: no problems" all

# A .md link to a file that does not exist, and a bad anchor, in markdown
# and in raw HTML: the plugin leaves the first as written.
cd "$work/starter"
rm -rf "$work/starter-faults" && mkdir "$work/starter-faults"
cp -r content public eleventy.config.js checks.json package.json .gitignore node_modules "$work/starter-faults/"
cd "$work/starter-faults"
printf '\nSee [setup](setup.md) and [the options](configure.md#options-1).\n' >> content/guide/install.md
printf '\nIn HTML: <a href="setup.md">setup</a> and <a href="configure.md#options-1">the options</a>.\n' >> content/guide/install.md
expect_lines "starter: markdown faults, at file:line:col" 1 markdown -- \
  'content/guide/install.md' \
  '  13:5   error   broken markdown link "setup.md": content/guide/setup.md does not exist [markdown-link]' \
  '  13:27  warning anchor #options-1 not found in content/guide/configure.md [markdown-anchor]' \
  '  15:10  error   broken markdown link "setup.md": content/guide/setup.md does not exist [markdown-link]' \
  '  15:43  warning anchor #options-1 not found in content/guide/configure.md [markdown-anchor]'
eleventy
cd "$work"
expect_faults "starter: the same faults in its build" starter-faults/_site -- \
  setup.md /guide/configure/#options-1 setup.md /guide/configure/#options-1
exit $fail
