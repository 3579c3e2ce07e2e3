#!/usr/bin/env bash
# The gate on a real Jekyll build, as GitHub Pages builds it: kramdown with
# input GFM and the plugins GitHub Pages always turns on that Debian packages
# (jekyll-relative-links, which turns a link to a .md file into the page's
# URL with the base URL, optional-front-matter, readme-index, default-layout,
# titles-from-headings), with the minima theme. A site of five pages in two
# folders, a README that becomes its folder's index, a page with a permalink,
# a post, an image beside a page and one under assets/, built at the root and
# under /proj (baseurl). Then the same pages as plain Jekyll builds them
# (jekyll-relative-links off: .md links stay as written, so pages link to the
# .html they are built into). A correct checker reports nothing on the
# sources or on any clean build; then known faults are put into copies and
# each must be reported at its place, and nothing else.
#   make jekyll-check   (Debian: jekyll jekyll-theme-minima ruby-jekyll-relative-links
#                        ruby-jekyll-optional-front-matter ruby-jekyll-readme-index
#                        ruby-jekyll-default-layout ruby-jekyll-titles-from-headings
#                        ruby-jekyll-seo-tag ruby-jekyll-feed ruby-jekyll-redirect-from)
# Offline: no bundle, no gems from the network (JEKYLL_NO_BUNDLER_REQUIRE).
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${JEKYLL_DIR:-/tmp/devdocs-jekyll/proof}
. "$(dirname "$0")/expect.sh"
export JEKYLL_NO_BUNDLER_REQUIRE=true JEKYLL_ENV=production

rm -rf "$work" && mkdir -p "$work/site" && cd "$work/site"
# GitHub Pages' kramdown settings and default plugins (github-pages 232,
# lib/github-pages/configuration.rb and plugins.rb), less those Debian lacks
# or that need the network (coffeescript, gist, github-metadata, paginate,
# commonmark-ghpages); seo-tag and feed are minima's own.
cat > _config.yml <<'YML'
title: Gate proof
description: A Jekyll site built with GitHub Pages' defaults
theme: minima
markdown: kramdown
kramdown:
  input: GFM
  hard_wrap: false
  gfm_quirks: paragraph_end
  math_engine: mathjax
  syntax_highlighter: rouge
plugins:
  - jekyll-relative-links
  - jekyll-optional-front-matter
  - jekyll-readme-index
  - jekyll-default-layout
  - jekyll-titles-from-headings
  - jekyll-seo-tag
  - jekyll-feed
exclude: [checks.json]
YML
# Raw HTML inside a paragraph: kramdown 2.4 (Jekyll 4.3) writes its href
# and src as written (an <img> closed as <img … />), and jekyll-relative-
# links rewrites markdown links only, so the browser reads them from the
# page's URL, at the root and under /proj alike.
mkdir -p guide reference assets/img _posts
cat > index.md <<'MD'
# Gate proof

Start with [installing](guide/install.md), then [the options](guide/configure.md#options).
The [reference](reference/README.md) lists every command; [about](about.md) says who we are.

![logo](/assets/img/logo.png)
MD
cat > about.md <<'MD'
---
permalink: /about/
---
# About

## Who we are

Back to [the install steps](guide/install.md#install-the-tools).

![team](team.png)

This page is [at its permalink](../about/#who-we-are), not at about.html.
MD
cat > guide/install.md <<'MD'
---
title: Install
---
# Install

## Install the tools

Read [the options](configure.md#options) and [who we are](../about.md#who-we-are),
then [configure](configure) the rest.
In HTML: see <a href="configure.html#options">the options</a> and <img src="diagram.png" alt="diagram">.

![diagram](diagram.png)

## Verify the install {#verify}

Run the check.
MD
cat > guide/configure.md <<'MD'
# Configure

## Options

See [verifying](install.md#verify) and [the second list](#options-1).

## Options

[Back to the top](../index.md) or [to the reference](../reference/README.md#commands).
MD
cat > reference/README.md <<'MD'
# Reference

## Commands

[Install](../guide/install.md#install-the-tools) first.
MD
cat > _posts/2024-01-02-release.md <<'MD'
---
title: Release 1.0
---
Version 1.0 is out: read [the install steps]({% link guide/install.md %}).
MD
printf '\x89PNG\r\n\x1a\n' | tee assets/img/logo.png guide/diagram.png team.png >/dev/null
echo '{"preset": "jekyll"}' > checks.json

jekyll build -q
jekyll build -q --baseurl /proj -d _site-proj

# checks links alone, from outside the project (no checks.json): the builds
# are judged as a static host serves them.
cd "$work"
expect_base_builds site/_site site/_site-proj /proj/

cd "$work/site"
expect "markdown of the Jekyll source, clean" 0 ": no problems$" markdown
expect "checks all --preset jekyll (sources and _site), clean" 0 "^checks all: no problems" all
expect "checks all on the /proj build, clean" 0 "^checks all: no problems" all _site-proj --base-url /proj/

# The sources, with a missing page, a missing anchor, a missing image, an
# extensionless link to nothing, a raw HTML link to a missing page and a
# raw image that is not there, and a .md link in a post: jekyll-relative-
# links rewrites pages only (its collections option is off), so the post's
# link stays as written and 404s. The hook and checks all (on the sources
# and the faults' build) find each at its place.
rm -rf "$work/faults" && mkdir "$work/faults" && cp -r index.md about.md guide reference assets _posts team.png _config.yml checks.json "$work/faults/"
cd "$work/faults"
printf '\nSee [setup](guide/setup.md) and [the tools](guide/install.md#no-such-heading).\n' >> index.md
printf '\n![chart](chart.png) and [gone](./gone).\n' >> guide/install.md
printf '\nSee <a href="setup.html">the setup</a> and <img src="../assets/img/gone.png" alt="gone">.\n' >> guide/install.md
printf '\nAlso [configure](../guide/configure.md).\n' >> _posts/2024-01-02-release.md
faults=(
  'index.md'
  '  8:5    error   broken markdown link "guide/setup.md": guide/setup.md does not exist [markdown-link]'
  '  8:33   warning anchor #no-such-heading not found in guide/install.md [markdown-anchor]'
  'guide/install.md'
  '  18:1   error   image "chart.png" not found: guide/chart.png does not exist [markdown-image]'
  '  18:25  error   broken markdown link "./gone": no page or file answers /guide/gone [markdown-link]'
  '  20:5   error   broken markdown link "setup.html": no page or file answers /guide/setup.html [markdown-link]'
  '  20:44  error   image "../assets/img/gone.png" not found: assets/img/gone.png does not exist [markdown-image]'
  '_posts/2024-01-02-release.md'
  '  6:6    error   markdown link "../guide/configure.md": jekyll leaves links to .md files as written, so the built page links to a file the site does not serve; link to the page'"'"'s URL, "../../../guide/configure.html" [markdown-link]')
expect_lines "markdown faults, at file:line:col" 1 markdown -- "${faults[@]}"
jekyll build -q
expect_lines "checks all on the faults, at file:line:col" 1 all -- "${faults[@]}"

# The build, with a missing page, anchor and image, and a deleted image that
# one page shows twice (markdown's written /guide/diagram.png, raw HTML's as
# written).
cd "$work"
rm -rf _site-faults && cp -r site/_site _site-faults
sed -i 's|</article>|<a href="no-such-page.html">a</a><a href="../guide/install.html#no-such-heading">b</a><img src="/assets/img/missing.png"></article>|' _site-faults/about/index.html
rm _site-faults/guide/diagram.png
expect_faults "4 injected faults in the build, one image shown twice" _site-faults -- \
  no-such-page.html ../guide/install.html#no-such-heading /assets/img/missing.png /guide/diagram.png diagram.png

# jekyll-relative-links gives the base URL only to links that name a source
# file: a root-absolute link to a page's URL stays as written, right at the
# root, outside the site under /proj.
rm -rf site-abs && mkdir site-abs && (cd site && cp -r _config.yml index.md about.md guide reference assets _posts team.png ../site-abs/)
printf '\n[Options](/guide/configure.html#options)\n' >> site-abs/about.md
(cd site-abs && jekyll build -q && jekyll build -q --baseurl /proj -d _site-proj)
expect "root-absolute URL link, root build: fine" 0 ": no problems$" links site-abs/_site
expect_faults "root-absolute URL link under /proj: outside the site" site-abs/_site-proj --base-url /proj/ -- \
  /guide/configure.html#options

# Plain Jekyll: jekyll-relative-links off, so pages link to the .html each
# page is built into (a README with front matter is README.html, a page
# without front matter is no page at all).
mkdir -p "$work/plain" && cd "$work/plain"
cat > _config.yml <<'YML'
title: Gate proof, plain Jekyll
theme: minima
plugins: [jekyll-seo-tag, jekyll-feed]
relative_links:
  enabled: false
exclude: [checks.json]
YML
mkdir -p guide assets/img
cat > index.md <<'MD'
---
---
# Plain

Start with [installing](guide/install.html) and read [about us](about.html#who-we-are).

![logo](assets/img/logo.png)
MD
cat > about.md <<'MD'
---
---
# About

## Who we are

Back to [the tools](guide/install.html#install-the-tools).
MD
cat > guide/install.md <<'MD'
---
---
# Install

## Install the tools

Up to [the start](../index.html); [about](../about.html).

![diagram](diagram.png)
MD
printf '\x89PNG\r\n\x1a\n' | tee assets/img/logo.png guide/diagram.png >/dev/null
echo '{"preset": "jekyll"}' > checks.json
jekyll build -q
jekyll build -q --baseurl /proj -d _site-proj
cd "$work"
expect "plain Jekyll, links of the root build, clean" 0 ": no problems$" links plain/_site
expect "plain Jekyll, links of the /proj build, clean" 0 ": no problems$" links plain/_site-proj --base-url /proj/
cd "$work/plain"
expect "plain Jekyll, checks all, clean" 0 "^checks all: no problems" all

# A .md link in plain Jekyll: left as written, so the built page 404s.
rm -rf "$work/plain-faults" && mkdir "$work/plain-faults" && cp -r _config.yml checks.json index.md about.md guide assets "$work/plain-faults/"
cd "$work/plain-faults"
printf '\nSee [installing](guide/install.md#install-the-tools).\n' >> about.md
expect_lines "plain Jekyll: an unrewritten .md link, at file:line:col" 1 markdown -- \
  'about.md' \
  '  9:5    error   markdown link "guide/install.md#install-the-tools": jekyll leaves links to .md files as written, so the built page links to a file the site does not serve; link to the page'"'"'s URL, "./guide/install.html#install-the-tools" [markdown-link]'
jekyll build -q
cd "$work"
expect_faults "plain Jekyll: the unrewritten .md link 404s in the build" plain-faults/_site -- \
  guide/install.md#install-the-tools

# Collections written out, as Jekyll's own docs have them: _docs at
# /docs/:path/, _recipes at the default /recipes/:path.html, a page's own
# permalink the site's path. The site is in site/ of a repository, checked
# from the repository root: clean, then two faults found in the sources and
# in the build alike.
rm -rf "$work/collections" && mkdir -p "$work/collections/site/_docs/guide" "$work/collections/site/_recipes" "$work/collections/site/_layouts"
cd "$work/collections/site"
cat > _config.yml <<'YAML'
title: Collections
collections:
  docs:
    permalink: "/:collection/:path/"
    output: true
  recipes:
    output: true
YAML
printf '<!doctype html><html><body>{{ content }}</body></html>\n' > _layouts/default.html
printf -- '---\nlayout: default\n---\n# Home\n\n[Install](/docs/guide/install/#install) and [pancakes](/recipes/pancakes.html).\n' > index.md
printf -- '---\nlayout: default\n---\n# Install\n\n[Pancakes](../../../recipes/pancakes.html), [about](/about-docs/) and [back](/).\n' > _docs/guide/install.md
printf -- '---\nlayout: default\npermalink: /about-docs/\n---\n# About\n\n[Install](/docs/guide/install/)\n' > _docs/about.md
printf -- '---\nlayout: default\n---\n# Pancakes\n' > _recipes/pancakes.md
cd "$work/collections"
expect "jekyll collections, from the repository root, clean" 0 ": no problems$" markdown
(cd site && jekyll build -q)
expect "jekyll collections, build, clean" 0 ": no problems$" links site/_site
printf '\n[Gone](/docs/guide/gone/) and [the folder](/_docs/guide/install.html).\n' >> site/index.md
expect_lines "jekyll collections: faults at file:line:col" 1 markdown -- \
  'site/index.md' \
  '  8:1    error   broken markdown link "/docs/guide/gone/": no page or file answers /docs/guide/gone/ [markdown-link]' \
  '  8:31   error   broken markdown link "/_docs/guide/install.html": no page or file answers /_docs/guide/install.html [markdown-link]'
(cd site && jekyll build -q)
expect_faults "jekyll collections: the same faults in the build" site/_site -- /docs/guide/gone/ /_docs/guide/install.html

# Between two deploys: a small site with jekyll-redirect-from (Debian's)
# and its url set, so its redirect pages name the new URL on that host.
# Its build is the last deploy; a page renamed is found, and kept by
# redirect_from (followed on that host: the preset reads url, no
# --site-url); its script drops the link's #fragment, so the old page's
# ids are not held to the new one.
# (No layout: the pages have no <title>, so the first heading finds it.)
rm -rf "$work/moved" && mkdir -p "$work/moved" && cd "$work/moved"
printf 'url: https://docs.example.org\nplugins:\n  - jekyll-redirect-from\n' > _config.yml
printf -- '---\ntitle: Home\n---\n# Home\n' > index.md
printf -- '---\ntitle: About\n---\n# About\n' > about.md
printf -- '---\ntitle: Guide\n---\n# Guide\n\n## Install the tools\n' > guide.md
echo '{"preset": "jekyll"}' > checks.json
jekyll build -q -d _site-prev
mv guide.md setup.md
sed -i 's|^## Install the tools$|## Get the tools|' setup.md
jekyll build -q
expect_lines "jekyll: a page renamed, against the last deploy" 1 links _site --previous _site-prev -- \
  "_site-prev/guide.html" \
  "  -      error   removed URL /guide: the last deploy served it; now it answers 404 [removed-url]" \
  "         note: closest page now: /setup (the same first heading \"Guide\")"
sed -i 's|^title: Guide$|title: Guide\nredirect_from: /guide.html|' setup.md
jekyll build -q
expect "jekyll: kept by redirect_from (its page drops the fragment: no id held)" 0 ": no problems$" links _site --previous _site-prev
rm _site/setup.html
expect "jekyll: redirect_from to a page gone keeps nothing" 1 "removed URL /guide: the last deploy served it; now its page guide.html redirects to https://docs.example.org/setup.html, which answers 404" links _site --previous _site-prev
exit $fail
