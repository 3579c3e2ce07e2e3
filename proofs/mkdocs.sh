#!/usr/bin/env bash
# The gate on a real MkDocs build: the starter of `mkdocs new` plus two pages
# that link to each other's headings and to an image, built with directory
# URLs (the default: about.md is served at about/) and without them, and with
# the Material theme (Debian's mkdocs-material) as its docs set it up. A
# correct checker reports nothing on any of the builds nor on the markdown; then
# known faults are put into copies and each must be reported, and nothing else.
#   make mkdocs-check        (MkDocs and mkdocs-material from Debian's packages)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${MKDOCS_DIR:-/tmp/devdocs-mkdocs}
. "$(dirname "$0")/expect.sh"

rm -rf "$work" && mkdir -p "$work" && cd "$work"
mkdocs new . >/dev/null 2>&1
mkdir -p docs/guide docs/img
cat > docs/guide/install.md <<'MD'
# Install

## Install the tools

Read [the layout](../index.md#project-layout) first, then [about](../about.md).

![logo](../img/logo.png)
MD
cat > docs/about.md <<'MD'
# About

Back to [installing](guide/install.md#install-the-tools).
MD
printf '\x89PNG\r\n\x1a\n' > docs/img/logo.png
echo '{"preset": "mkdocs"}' > checks.json

build() { # build DOCS OUT true|false: MkDocs with or without directory URLs
  sed -e '/^use_directory_urls:/d' -e '/^docs_dir:/d' mkdocs.yml > mkdocs.build.yml
  printf 'docs_dir: %s\nuse_directory_urls: %s\n' "$1" "$3" >> mkdocs.build.yml
  mkdocs build -q -f mkdocs.build.yml -d "$2"
}
build docs site true
build docs site-flat false

expect "markdown of docs/, clean" 0 ": no problems$" markdown
expect "checks all --preset mkdocs (docs/ and site/), clean" 0 "^checks all: no problems" all
expect "build without directory URLs, clean" 0 ": no problems$" links site-flat

# The same pages with Material (Debian's mkdocs-material), set up as its docs
# advise: theme material, attr_list, toc with permalinks. Its pages carry far
# more head and nav (assets/, search, the headerlink anchors) than the
# default theme's.
{ sed -e '/^theme:/d' mkdocs.yml
  printf 'theme:\n  name: material\nmarkdown_extensions:\n  - attr_list\n  - toc:\n      permalink: true\n'
} > mkdocs.material.yml
mkdocs build -q -f mkdocs.material.yml -d site-material
expect "Material build, clean" 0 ": no problems$" links site-material
expect "checks all --preset mkdocs on the Material build, clean" 0 "^checks all: no problems" all --preset mkdocs site-material

# The markdown, with a broken .md link and a bad #anchor.
rm -rf docs-faults && cp -r docs docs-faults
printf '\nSee [setup](guide/setup.md) and [the tools](guide/install.md#no-such-heading).\n' >> docs-faults/about.md
expect_lines "markdown faults, at file:line:col" 1 markdown docs-faults -- \
  'docs-faults/about.md' \
  '  5:5    error   broken markdown link "guide/setup.md": docs-faults/guide/setup.md does not exist [markdown-link]' \
  '  5:33   warning anchor #no-such-heading not found in docs-faults/guide/install.md [markdown-anchor]'

# The build, with a missing page, anchor and image, and a deleted asset that
# one page uses.
rm -rf site-faults && cp -r site site-faults
sed -i 's|</body>|<a href="../no-such-page/">a</a><a href="../guide/install/#no-such-heading">b</a><img src="../img/missing.png"></body>|' site-faults/about/index.html
rm site-faults/img/logo.png
expect_faults "4 injected faults in the build" site-faults -- \
  ../no-such-page/ ../guide/install/#no-such-heading ../img/missing.png ../../img/logo.png

# MkDocs rewrites markdown links, not raw HTML: an image path that is right
# beside about.md on disk is wrong from about/ (directory URLs), right from
# about.html. The gate judges the built page as the browser does.
rm -rf docs-raw && cp -r docs docs-raw
printf '\n<img src="img/logo.png" alt="logo">\n' >> docs-raw/about.md
build docs-raw site-raw true
build docs-raw site-raw-flat false
expect_faults "raw HTML image under directory URLs: broken" site-raw -- img/logo.png
expect "raw HTML image without directory URLs: fine" 0 ": no problems$" links site-raw-flat

# toc's slugify set to PyMdown Extensions' (case lower), as Material's docs
# advise: Unicode letters kept, each space a hyphen. A project of its own in
# slugs/, checked from the folder above it: clean in the sources and in the
# build, then Python-Markdown's ids for the same headings are warned in both.
rm -rf slugs && mkdir -p slugs/docs
cat > slugs/mkdocs.yml <<'YAML'
site_name: Slugs
markdown_extensions:
  - attr_list
  - toc:
      permalink: true
      slugify: !!python/object/apply:pymdownx.slugs.slugify
        kwds:
          case: lower
YAML
printf '# Home\n\n[Setup](setup.md#first-steps--more), [accents](setup.md#café-déjà-vu) and [custom](setup.md#custom).\n' > slugs/docs/index.md
printf '# Setup\n\n## First steps & more\n\n## Café déjà vu\n\n## Other {#custom}\n' > slugs/docs/setup.md
expect "pymdownx slugify: markdown from the folder above, clean" 0 ": no problems$" markdown slugs/docs
(cd slugs && mkdocs build -q -d site)
expect "pymdownx slugify: build, clean" 0 ": no problems$" links slugs/site
printf '\n[Python-Markdown'"'"'s ids](setup.md#first-steps-more) and [ASCII](setup.md#cafe-deja-vu).\n' >> slugs/docs/index.md
expect_lines "pymdownx slugify: other slugs' ids, at file:line:col" 0 markdown slugs/docs -- \
  'slugs/docs/index.md' \
  '  5:1    warning anchor #first-steps-more not found in slugs/docs/setup.md [markdown-anchor]' \
  '  5:56   warning anchor #cafe-deja-vu not found in slugs/docs/setup.md [markdown-anchor]'
(cd slugs && mkdocs build -q -d site)
expect_faults "pymdownx slugify: the same anchors in the build" slugs/site -- setup/#first-steps-more setup/#cafe-deja-vu

# Between two deploys: site/ is the last deploy. A copy with about.md
# renamed to team.md, kept by mkdocs-redirects (Debian's), whose redirect
# page appends the link's #fragment, so the old page's ids are held to the
# new page: its heading renamed is found there, through the plugin's page.
cd "$work"
rm -rf moved && mkdir moved && cp -r docs mkdocs.yml checks.json moved/
cd moved
mv docs/about.md docs/team.md
sed -i 's|about\.md|team.md|' docs/guide/install.md
sed -i 's|^# About$|# Team|' docs/team.md
printf 'plugins:\n  - search\n  - redirects:\n      redirect_maps:\n        about.md: team.md\n' >> mkdocs.yml
mkdocs build -q -d site
expect_findings "mkdocs-redirects keeps /about/, and its heading renamed is found on the new page" links site --previous ../site -- \
  "removed-anchor site/team/index.html"
expect_said "…as the old id" 'removed anchor /about/#about: the last deploy'"'"'s page had the id \"about\"'
exit $fail
