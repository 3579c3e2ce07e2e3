#!/usr/bin/env bash
# The gate on a real Sphinx build with MyST markdown: a docs/ folder as
# sphinx-quickstart lays it out (conf.py, _static, _templates, _build), four
# MyST pages in two folders and one reStructuredText page, linking as MyST
# resolves links (to .md files, to heading slugs with myst_heading_anchors,
# extensionless and source-root-absolute document names, a (label)= target,
# a .rst page), an image beside a page and one from _static; a drafts/ folder
# left out by exclude_patterns holds a broken link that must not count.
# Built with the html builder (about.md → about.html) and the dirhtml builder
# (about.md → about/index.html), at the root and with html_baseurl under
# /proj/ (Sphinx writes every link relative, so the same files serve under
# any path). A correct checker reports nothing on the sources or on any clean
# build; then known faults are put into copies and each must be reported at
# its place, and nothing else.
#   make sphinx-check   (Debian: python3-sphinx python3-myst-parser; tried
#                        with Sphinx 5.3.0, MyST-Parser 0.18.1, docutils 0.19)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${SPHINX_DIR:-/tmp/devdocs-sphinx/proof}
. "$(dirname "$0")/expect.sh"

rm -rf "$work" && mkdir -p "$work/site" && cd "$work/site"
mkdir -p docs/guide docs/_static docs/_templates docs/drafts
# conf.py as projects write it: imports, an f-string, lists over several
# lines; the preset reads its literals with a parser, whatever the layout.
cat > docs/conf.py <<'PY'
"""Sphinx configuration of the gate's proof."""
import os
from datetime import date

project = 'Gate proof'
copyright = f"{date.today().year}, the gate"
extensions = [
    'myst_parser',
]
myst_heading_anchors = 3
numfig = True
templates_path = ['_templates']
exclude_patterns = [
    '_build',
    'drafts',
]
html_static_path = ['_static']
if os.environ.get('READTHEDOCS'):
    html_baseurl = 'https://example.org/'
PY
cat > docs/index.md <<'MD'
# Gate proof

Start with [installing](guide/install.md), then [the options](guide/install.md#options).
The [reference](reference.rst) lists every command; [about](about) says who we are.

![logo](/_static/logo.png)

```{toctree}
about
guide/index
guide/install
reference
```
MD
cat > docs/about.md <<'MD'
# About

(team)=
## The team

Back to [the install steps](guide/install.md#install-the-tools), or read
[what changed](guide/install.md#20-changes) in 2.0 on [the whole page](/guide/install.md).

![team](team.png)
MD
cat > docs/guide/index.md <<'MD'
# Guide

Read [installing](install) first, then meet [the team](team).
[Home](/index.md) has the rest.

By role: {doc}`install`, {doc}`the home page </index>`, {ref}`the team <team>`,
{numref}`Figure %s <fig-diagram>` and {download}`the diagram <diagram.png>`.
MD
cat > docs/guide/install.md <<'MD'
# Install

## Install the tools

Read [the second list](#options-1) and [who we are](../about.md#the-team).

![diagram](diagram.png)
![logo](../_static/logo.png)

```{figure} diagram.png
:name: fig-diagram

The parts and how they meet.
```

## 2.0 changes

## Options

## Options

## Custom {#custom}

[Back to the top](../index.md).
MD
cat > docs/reference.rst <<'RST'
Reference
=========

Read :doc:`about`, meet :ref:`team`, and :doc:`install <guide/install>`.

.. index:: frob

.. py:function:: frob(x)

   Frobnicate *x*. See :py:func:`frob`.

.. image:: chart.png
RST
cat > docs/drafts/wip.md <<'MD'
# Work in progress

Not built: [nothing yet](nowhere.md).
MD
printf '\x89PNG\r\n\x1a\n' | tee docs/_static/logo.png docs/team.png docs/guide/diagram.png docs/chart.png >/dev/null
echo '{"preset": "sphinx"}' > checks.json

# build BUILDER OUT [-D…]: Sphinx must build it without one warning (-W).
build() { local b=$1 o=$2; shift 2; sphinx-build -q -W -b "$b" "$@" docs "$o"; }
build html docs/_build/html
build dirhtml docs/_build/dirhtml
build html docs/_build/proj -D html_theme=classic -D html_baseurl=https://example.org/proj/
build dirhtml docs/_build/proj-dir -D html_theme=classic -D html_baseurl=https://example.org/proj/

# checks links alone, from outside the project (no checks.json): the builds
# are judged as a static host serves them, reST pages, search page and
# genindex included.
cd "$work"
expect "links of the html build, clean" 0 ": no problems$" links site/docs/_build/html
expect "links of the dirhtml build, clean" 0 ": no problems$" links site/docs/_build/dirhtml
expect "links of the html build under /proj/, clean" 0 ": no problems$" links site/docs/_build/proj --base-url /proj/
expect "links of the dirhtml build under /proj/, clean" 0 ": no problems$" links site/docs/_build/proj-dir --base-url /proj/
expect "html build with its canonical URLs checked, clean" 0 ": no problems$" links site/docs/_build/proj --site-url https://example.org/proj/
# Sphinx 5.3's dirhtml writes the html builder's canonical URL (about.html),
# a file dirhtml does not write: a true fault of the build, on every page but
# the two whose source is an index (index.html, guide/index.html exist).
expect_faults "dirhtml canonical URLs name .html files it did not write" site/docs/_build/proj-dir --site-url https://example.org/proj/ -- \
  https://example.org/proj/about.html https://example.org/proj/guide/install.html https://example.org/proj/reference.html \
  https://example.org/proj/genindex.html https://example.org/proj/search.html

cd "$work/site"
expect "markdown of docs/, clean" 0 ": no problems$" markdown
expect "checks all --preset sphinx (docs/ and docs/_build/html), clean" 0 "^checks all: no problems" all
expect "checks all on the dirhtml build, clean" 0 "^checks all: no problems" all docs/_build/dirhtml
expect "checks all on the html build under /proj/, clean" 0 "^checks all: no problems" all docs/_build/proj --base-url /proj/
expect "checks all on the dirhtml build under /proj/, clean" 0 "^checks all: no problems" all docs/_build/proj-dir --base-url /proj/

# The sources, with a missing page, a missing anchor, a missing image, an
# extensionless link to nothing, and links MyST resolves to nothing although
# a browser would find something: a .html URL (MyST links documents, not
# URLs), a page left out by exclude_patterns, a {#id} (MyST 0.18 has no
# heading attributes: the braces are heading text), a label written as an
# anchor, and the built id of a heading instead of its MyST slug (the built
# page has id="changes", but only #20-changes resolves). MyST writes each of
# these as plain text with no link, so the build shows nothing: only the
# sources can. So does it with roles: {doc}, {ref}, {numref} and {download}
# to nothing (the clean site has one of each that resolves, a figure's
# :name: the label of its {numref}).
rm -rf "$work/faults" && cp -r "$work/site" "$work/faults" && rm -rf "$work/faults/docs/_build"
cd "$work/faults"
cat >> docs/about.md <<'MD'

See [setup](guide/setup.md) and [the tools](guide/install.md#no-such-heading).
[Gone](./gone) is gone.
[The options](guide/install.html#options) are a URL.
[The draft](drafts/wip.md) is not built.
[Custom](guide/install.md#custom) has no such id.
[The team](#team) is a label.
[Changes](guide/install.md#changes) is a built id.
[Changes](/guide/install.md#20-changes) is root-absolute.
By role: {doc}`gone`, {ref}`no-such-label`, {numref}`no-such-figure`, {download}`gone.zip`.
MD
printf '\n![chart](chart.png)\n' >> docs/guide/install.md
expect_lines "markdown faults, at file:line:col" 1 markdown -- \
  'docs/about.md' \
  '  11:5   error   broken markdown link "guide/setup.md": docs/guide/setup.md does not exist [markdown-link]' \
  '  11:33  warning anchor #no-such-heading not found in docs/guide/install.md [markdown-anchor]' \
  '  12:1   error   broken markdown link "./gone": MyST finds no document docs/gone.md or docs/gone.rst [markdown-link]' \
  '  13:1   error   markdown link "guide/install.html#options": MyST resolves links to documents, not URLs, and writes no link for this one; link to "guide/install.md#options" [markdown-link]' \
  '  14:1   error   broken markdown link "drafts/wip.md": docs/drafts/wip.md is left out by exclude_patterns of docs/conf.py, so sphinx builds no page for it [markdown-link]' \
  '  15:1   warning anchor #custom not found in docs/guide/install.md [markdown-anchor]' \
  '  16:1   warning anchor #team not found in this file [markdown-anchor]' \
  '  17:1   warning anchor #changes not found in docs/guide/install.md [markdown-anchor]' \
  '  18:1   error   markdown link "/guide/install.md#20-changes": MyST resolves a root-absolute link only without an #anchor, and writes no link for this one; link to "guide/install.md#20-changes" [markdown-link]' \
  '  19:10  error   broken reference {doc}`gone`: MyST finds no document docs/gone.md or docs/gone.rst, and Sphinx writes it as plain text [markdown-link]' \
  '  19:23  error   broken reference {ref}`no-such-label`: no document of the project has the label no-such-label, and Sphinx writes it as plain text [markdown-link]' \
  '  19:45  error   broken reference {numref}`no-such-figure`: no document of the project has the label no-such-figure, and Sphinx writes it as plain text [markdown-link]' \
  '  19:71  error   broken reference {download}`gone.zip`: docs/gone.zip does not exist, and Sphinx writes it as plain text [markdown-link]' \
  'docs/guide/install.md' \
  '  26:1   error   image "chart.png" not found: docs/guide/chart.png does not exist [markdown-image]'
expect "…and nothing else" 1 ": 10 errors and 4 warnings$" markdown

# The same faults beside their build: MyST left every broken link out of the
# pages (Sphinx only warns), so the anchors are still judged by MyST's slugs,
# not by the built ids (id="changes" is on the built page, the link is not).
sphinx-build -q -b html docs docs/_build/html 2>/dev/null
expect_lines "source faults beside their build" 1 all -- \
  '  11:5   error   broken markdown link "guide/setup.md": docs/guide/setup.md does not exist [markdown-link]' \
  '  17:1   warning anchor #changes not found in docs/guide/install.md [markdown-anchor]'

# The builds, with a missing page, anchor and image in a MyST page and in the
# reST page, and deleted images that one page of each uses.
cd "$work"
rm -rf html-faults && cp -r site/docs/_build/html html-faults
sed -i 's|</body>|<a href="no-such-page.html">a</a><a href="guide/install.html#no-such-heading">b</a><img src="_images/missing.png"></body>|' html-faults/about.html
sed -i 's|</body>|<a href="guide/install.html#20-changes">c</a></body>|' html-faults/reference.html
rm html-faults/_images/diagram.png html-faults/_images/chart.png
expect_faults "6 injected faults in the html build (the diagram used twice: an image and a figure)" html-faults -- \
  no-such-page.html guide/install.html#no-such-heading _images/missing.png \
  guide/install.html#20-changes ../_images/diagram.png ../_images/diagram.png _images/chart.png
rm -rf dirhtml-faults && cp -r site/docs/_build/dirhtml dirhtml-faults
sed -i 's|</body>|<a href="../no-such-page/">a</a><a href="../guide/install/#no-such-heading">b</a></body>|' dirhtml-faults/about/index.html
sed -i 's|</body>|<a href="../about.html">c</a></body>|' dirhtml-faults/reference/index.html
rm dirhtml-faults/_images/chart.png
expect_faults "4 injected faults in the dirhtml build" dirhtml-faults -- \
  ../no-such-page/ ../guide/install/#no-such-heading ../about.html ../_images/chart.png

# MyST rewrites markdown links, not raw HTML: a link that is right beside
# about.md on disk is right from about.html, wrong from about/ (dirhtml).
rm -rf raw && cp -r site raw && rm -rf raw/docs/_build
printf '\n<a href="guide/install.html">raw</a>\n' >> raw/docs/about.md
(cd raw && build html docs/_build/html && build dirhtml docs/_build/dirhtml)
expect "raw HTML link in the html build: fine" 0 ": no problems$" links raw/docs/_build/html
expect_faults "raw HTML link in the dirhtml build: broken" raw/docs/_build/dirhtml -- guide/install.html
exit $fail
