#!/usr/bin/env bash
# The gate on a real Hugo build: a small site written here (Hugo themes come
# over the network), with a section of two pages that link to each other's
# headings with ref, an image and a stylesheet, built at the root and under
# /repo/ (baseURL with a path). A correct checker reports nothing on either;
# then known faults are put into a copy and each must be reported, and
# nothing else, and refs to a missing heading and a missing page into the
# sources. Then uglyURLs; the three autoHeadingIDType styles, each site
# linking by its own style's ids and by another's; canonifyURLs and
# relativeURLs under /proj/. Last, a site in a subfolder of a repository, in three
# languages (by file name and by content folder) with module.mounts, checked
# from the repository root.
#   make hugo-check        (Hugo from Debian's package)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${HUGO_DIR:-/tmp/devdocs-hugo}
. "$(dirname "$0")/expect.sh"

rm -rf "$work" && mkdir -p "$work" && cd "$work"
mkdir -p layouts/_default content/docs static/img static/css
cat > hugo.toml <<'TOML'
baseURL = "https://docs.example.org/"
title = "Gate proof"
disableKinds = ["taxonomy", "term"]
TOML
cat > layouts/_default/baseof.html <<'HTML'
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }}</title><link rel="stylesheet" href="{{ "css/site.css" | relURL }}"></head>
<body>
<nav><a href="{{ "" | relURL }}">Home</a> <a href="{{ "docs/" | relURL }}">Docs</a></nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
HTML
cat > layouts/_default/single.html <<'HTML'
{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}
HTML
cat > layouts/_default/list.html <<'HTML'
{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
HTML
cat > content/_index.md <<'MD'
---
title: Home
---
Start with [installing]({{< ref "docs/install.md" >}}).
MD
cat > content/docs/_index.md <<'MD'
---
title: Docs
---
MD
cat > content/docs/install.md <<'MD'
---
title: Install
---
## Install the tools

Then read [about the project]({{< ref "about.md#who-we-are" >}}).

![logo](../../img/logo.png)
MD
cat > content/docs/about.md <<'MD'
---
title: About
---
## Who we are

Back to [the tools]({{< ref "install.md#install-the-tools" >}}).
MD
# Two pages served where their front matter says: a slug in their section,
# a url anywhere (in TOML front matter). Links to those URLs are to them.
cat > content/docs/getting-started.md <<'MD'
---
title: Getting started
slug: setup
---
## First steps

Then [install the tools](../install/#install-the-tools), or read [the notes](../../elsewhere/notes/).
MD
cat > content/docs/notes.md <<'MD'
+++
title = "Notes"
url = "/elsewhere/notes/"
+++
## Release notes

Start [at the beginning](../../docs/setup/#first-steps).
MD
printf '\x89PNG\r\n\x1a\n' > static/img/logo.png
echo 'body { font-family: sans-serif; }' > static/css/site.css
echo '{"preset": "hugo"}' > checks.json

hugo --quiet -d public
hugo --quiet -d public-repo --baseURL https://docs.example.org/repo/

expect "checks all --preset hugo (public/), clean" 0 "^checks all: no problems" all
expect "/repo/ build, clean" 0 ": no problems$" links public-repo --site-url https://docs.example.org/repo/
expect "/repo/ build checked as if at the root" 1 "errors" links public-repo

# Hugo leaves a root-absolute path in content as written: right at the root,
# outside the site under /repo/.
rm -rf content-abs && cp -r content content-abs
printf '
![logo again](/img/logo.png)
' >> content-abs/docs/about.md
hugo --quiet -c content-abs -d public-abs-repo --baseURL https://docs.example.org/repo/
expect_faults "root-absolute image under /repo/: broken" public-abs-repo --base-url /repo/ -- /img/logo.png

# A link to a moved page's usual URL is to nothing, in the sources before any
# build and in the build.
rm -rf moved && mkdir moved && cp -r hugo.toml layouts content static checks.json moved/
printf '\nAnd [the old URL](../getting-started/).\n' >> moved/content/docs/getting-started.md
cd moved
expect_lines "a moved page's usual URL, at file:line:col" 1 markdown -- \
  'content/docs/getting-started.md' \
  '  9:5    error   broken markdown link "../getting-started/": no page or file answers /docs/getting-started/ [markdown-link]'
hugo --quiet -d public
expect_faults "a moved page's usual URL, in the build" public -- ../getting-started/
cd "$work"

# A missing page, anchor and image, and a deleted asset one page uses.
rm -rf public-faults && cp -r public public-faults
sed -i 's|</main>|<a href="/docs/no-such-page/">a</a><a href="/docs/install/#no-such-heading">b</a><img src="/img/missing.png"></main>|' public-faults/docs/about/index.html
rm public-faults/img/logo.png
expect_faults "4 injected faults in the build" public-faults -- \
  /docs/no-such-page/ /docs/install/#no-such-heading /img/missing.png ../../img/logo.png
# ref and relref: Hugo builds a page whose ref names a heading it lacks
# (it checks no anchor), and stops at one naming no page; the hook finds
# both where they are written.
cp content/docs/about.md about.md.orig
printf '\nSee [uninstalling]({{< relref "install.md#uninstall" >}}).\n' >> content/docs/about.md
hugo --quiet -d public-ref >/dev/null 2>&1 || { echo "FAIL hugo did not build a ref to a missing heading"; fail=1; }
printf '\nAnd [the FAQ]({{< ref "faq.md" >}}).\n' >> content/docs/about.md
if hugo --quiet -d public-ref >/dev/null 2>&1; then echo "FAIL hugo built a ref to a missing page"; fail=1; fi
expect_lines "ref and relref: a missing heading and a missing page, at file:line:col" 1 markdown content -- \
  'content/docs/about.md' \
  '  8:20   warning anchor #uninstall not found in content/docs/install.md [markdown-anchor]' \
  '  10:15  error   broken reference {{< ref "faq.md" >}}: no page faq.md, and hugo stops its build [markdown-link]'
mv about.md.orig content/docs/about.md
# uglyURLs with a leaf bundle: the page a/b/index.md is built into
# a/b.html, the section a/_index.md into a.html, and the bundle's image
# stays in a/b/. Links written for those places are clean in the sources
# and the build; an image named beside the markdown, and a section's link
# written as if the section were a folder, are broken in both.
rm -rf ugly && mkdir -p ugly/content/docs/bundle ugly/layouts/_default && cp checks.json ugly/
for kind in single list; do
  printf '<!doctype html><title>{{ .Title }}</title><main>{{ .Content }}</main>\n' > "ugly/layouts/_default/$kind.html"
done
printf 'baseURL = "https://docs.example.org/"\ntitle = "Ugly"\nuglyURLs = true\ndisableKinds = ["taxonomy", "term"]\n' > ugly/hugo.toml
printf -- '---\ntitle: Home\n---\n[Docs](docs.html) and [the bundle](docs/bundle.html).\n' > ugly/content/_index.md
printf -- '---\ntitle: Docs\n---\n[The bundle](docs/bundle.html).\n' > ugly/content/docs/_index.md
printf -- '---\ntitle: Bundle\n---\n![diagram](bundle/diagram.png) and [back](../docs.html).\n' > ugly/content/docs/bundle/index.md
printf '\x89PNG\r\n\x1a\n' > ugly/content/docs/bundle/diagram.png
(cd ugly && hugo --quiet -d public)
[ -f ugly/public/docs/bundle.html ] && [ -f ugly/public/docs.html ] && [ -f ugly/public/docs/bundle/diagram.png ] || { echo "FAIL uglyURLs: Hugo built another layout"; fail=1; }
(cd ugly && expect "uglyURLs with a leaf bundle, sources, clean" 0 ": no problems$" markdown content)
(cd ugly && expect "uglyURLs with a leaf bundle, build, clean" 0 ": no problems$" links public)
printf '\n![beside the markdown](diagram.png)\n' >> ugly/content/docs/bundle/index.md
printf '\n[As a folder](bundle.html)\n' >> ugly/content/docs/_index.md
(cd ugly && expect_lines "uglyURLs: an image beside the markdown and a section's folder link, at file:line:col" 1 markdown content -- \
  'content/docs/_index.md' \
  '  6:1    error   broken markdown link "bundle.html": no page or file answers /bundle.html [markdown-link]' \
  'content/docs/bundle/index.md' \
  '  6:1    error   image "diagram.png" not found: the page is served at /docs/bundle.html, and no file answers /docs/diagram.png [markdown-image]')
(cd ugly && rm -rf public && hugo --quiet -d public && expect_faults "uglyURLs: the same faults in the build" public -- bundle.html diagram.png)
# autoHeadingIDType's three styles (autoIDType from Hugo 0.144): a page
# whose headings each style slugs its own way, a page linking to each
# heading by the id the site's style gives it, and one linking by the ids
# of the style before it. The ids below are what Hugo 0.111 writes (each
# build is held to them). Exactly the links of the other style's page
# that differ are found, in the sources at file:line:col and in the
# build: the site's own style's links are clean in both.
headings=('Café déjà vu' 'a & b' 'C++ / Go' 'snake_case_name' 'Usage' 'Usage' '1.0 release' '2nd edition' 'Emoji 🚀 launch' '日本語' 'Ω and Ж' "What's new?" '_private' '-- dashes --')
ids_github=(café-déjà-vu a--b c--go snake_case_name usage usage-1 10-release 2nd-edition emoji--launch 日本語 ω-and-ж whats-new _private ---dashes---)
ids_github_ascii=(cafe-deja-vu a--b c--go snake_case_name usage usage-1 10-release 2nd-edition emoji--launch heading -and- whats-new _private ---dashes---)
ids_blackfriday=(café-déjà-vu a-b c-go snake-case-name usage usage-1 1-0-release 2nd-edition emoji-launch 日本語 ω-and-ж what-s-new private dashes)
# ids_links FILE STYLE: a page linking to each heading by STYLE's ids.
ids_links() {
  local -n ids=ids_${2//-/_}
  { printf -- '---\ntitle: Contents\n---\n'; printf -- '- [to the heading](../ids/#%s)\n' "${ids[@]}"; } > "$1"
}
other=blackfriday
for style in github github-ascii blackfriday; do
  d=ids-$style
  rm -rf "$d" && mkdir -p "$d/content/docs" "$d/layouts/_default" && cp checks.json "$d/"
  for kind in single list; do printf '<!doctype html><title>{{ .Title }}</title><main>{{ .Content }}</main>\n' > "$d/layouts/_default/$kind.html"; done
  printf 'baseURL = "https://docs.example.org/"\ntitle = "Ids"\ndisableKinds = ["taxonomy", "term"]\n[markup.goldmark.parser]\nautoHeadingIDType = "%s"\n' "$style" > "$d/hugo.toml"
  { printf -- '---\ntitle: Ids\n---\n'; printf '## %s\n\n' "${headings[@]}"; } > "$d/content/docs/ids.md"
  ids_links "$d/content/docs/contents.md" "$style"
  ids_links "$d/content/docs/other.md" "$other"
  (cd "$d" && hugo --quiet -d public)
  declare -n want=ids_${style//-/_} written=ids_${other//-/_}
  got=$(grep -o '<h2 id="[^"]*"' "$d/public/docs/ids/index.html" | sed 's/<h2 id="//; s/"$//')
  [ "$got" = "$(printf '%s\n' "${want[@]}")" ] || { echo "FAIL $style: Hugo gave the ids"; echo "$got"; fail=1; }
  lines=() hrefs=()
  for i in "${!want[@]}"; do
    [ "${want[$i]}" = "${written[$i]}" ] && continue
    lines+=("$(at "$((i + 4)):3")warning anchor #${written[$i]} not found in content/docs/ids.md [markdown-anchor]")
    hrefs+=("../ids/#$(jq -rn --arg s "${written[$i]}" '$s | @uri')")
  done
  unset -n want written
  (cd "$d" && expect_lines "$style site, $other's ids, at file:line:col" 0 markdown content -- 'content/docs/other.md' "${lines[@]}")
  (cd "$d" && expect "$style site: those, and its own style's links clean" 0 ": ${#lines[@]} warnings$" markdown content)
  (cd "$d" && expect_faults "$style site, $other's ids in the build, its own clean" public -- "${hrefs[@]}")
  other=$style
done
# canonifyURLs: Hugo writes every root-relative link as an absolute URL on
# baseURL, here under /proj/: a link written /docs/x/ is given the base, and
# in the build those are the site's own links. Sources and build clean; a
# page linked that does not exist, and a link written with the base (which
# Hugo gives it twice), found in the sources and in the build.
rm -rf canon && mkdir canon && cp -r layouts content static checks.json canon/
sed 's|^baseURL = .*|baseURL = "https://docs.example.org/proj/"\ncanonifyURLs = true|' hugo.toml > canon/hugo.toml
printf '\nSee [who we are](/docs/about/#who-we-are) and ![the logo](/img/logo.png).\n' >> canon/content/docs/about.md
(cd canon && hugo --quiet -d public)
grep -rq 'href="https://docs.example.org/proj/' canon/public || { echo "FAIL canonifyURLs wrote no absolute link"; fail=1; }
(cd canon && expect "canonifyURLs under /proj/, sources, clean" 0 ": no problems$" markdown content)
(cd canon && expect "canonifyURLs under /proj/, sources and build, clean" 0 "^checks all: no problems" all)
printf '\nAnd [the changelog](/docs/changelog/) and [with the base](/proj/docs/about/).\n' >> canon/content/docs/install.md
(cd canon && expect_lines "canonifyURLs: a missing page and the base twice, at file:line:col" 1 markdown content -- \
  'content/docs/install.md' \
  "$(at 10:5)error   broken markdown link \"/docs/changelog/\": no page or file answers /docs/changelog/ [markdown-link]" \
  "$(at 10:43)error   broken markdown link \"/proj/docs/about/\": no page or file answers /proj/docs/about/ [markdown-link]")
(cd canon && rm -rf public && hugo --quiet -d public && expect_faults "canonifyURLs: the same, found in the build" public -- \
  https://docs.example.org/proj/docs/changelog/ https://docs.example.org/proj/proj/docs/about/)
# relativeURLs: Hugo writes every root-relative href and src of a page
# (markdown, raw HTML and templates) relative to the page, from the site's
# root: under /proj/, "/docs/x/" written without the base is right, and
# "/proj/docs/x/" is not. Alone it leaves relURL, .RelPermalink and relref
# with the base (so the templates here write root-relative paths, and a
# relref is broken in the build, which the run says); with canonifyURLs
# too, relativeURLs wins, and those lose the base, so a theme's work.
# Sources and build clean; then faults in a copy, in both.
for mode in relative both; do
  d=rel-$mode
  rm -rf "$d" && mkdir -p "$d/content/docs" && cp -r static checks.json "$d/"
  printf 'baseURL = "https://docs.example.org/proj/"\ntitle = "Relative"\ndisableKinds = ["taxonomy", "term"]\nrelativeURLs = true\n[markup.goldmark.renderer]\nunsafe = true\n' > "$d/hugo.toml"
  if [ $mode = both ]; then
    sed -i 's|^relativeURLs = true|&\ncanonifyURLs = true|' "$d/hugo.toml" && cp -r layouts "$d/"
  else
    mkdir -p "$d/layouts/_default" && cp layouts/_default/single.html "$d/layouts/_default/"
    sed 's|{{ "css/site.css" \| relURL }}|/css/site.css|; s|{{ "" \| relURL }}|/|; s|{{ "docs/" \| relURL }}|/docs/|' layouts/_default/baseof.html > "$d/layouts/_default/baseof.html"
    echo '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}' > "$d/layouts/_default/list.html"
  fi
  printf -- '---\ntitle: Home\n---\n[Install](/docs/install/) and [the docs](/docs/).\n' > "$d/content/_index.md"
  printf -- '---\ntitle: Docs\n---\n[Home](/)\n' > "$d/content/docs/_index.md"
  printf -- '---\ntitle: Install\n---\n## Install the tools\n\nThen read [about us](/docs/about/#who-we-are).\n\n![logo](/img/logo.png)\n\n<a href="/docs/about/">About, in HTML</a> <img src="/img/logo.png" alt="">\n' > "$d/content/docs/install.md"
  printf -- '---\ntitle: About\n---\n## Who we are\n\nBack to [the tools](/docs/install/#install-the-tools), [home](/) or [up](../).\n' > "$d/content/docs/about.md"
  (cd "$d" && hugo --quiet -d public)
  grep -q '<a href="../../docs/about/#who-we-are">' "$d/public/docs/install/index.html" || { echo "FAIL relativeURLs ($mode): Hugo wrote the link otherwise"; fail=1; }
  (cd "$d" && expect "relativeURLs ($mode) under /proj/, sources, clean" 0 ": no problems$" markdown content)
  (cd "$d" && expect "relativeURLs ($mode) under /proj/, sources and build, clean" 0 "^checks all: no problems" all)
  printf '\n[The changelog](/docs/changelog/) and ![a diagram](/img/missing.png), [with the base](/proj/docs/install/), [relref]({{< relref "install.md#install-the-tools" >}}).\n' >> "$d/content/docs/about.md"
  (cd "$d" && expect_lines "relativeURLs ($mode): faults at file:line:col" 1 markdown content -- \
    'content/docs/about.md' \
    "$(at 8:1)error   broken markdown link \"/docs/changelog/\": no page or file answers /docs/changelog/ [markdown-link]" \
    "$(at 8:39)error   image \"/img/missing.png\" not found: static/img/missing.png does not exist [markdown-image]" \
    "$(at 8:71)error   broken markdown link \"/proj/docs/install/\": no page or file answers /proj/docs/install/ [markdown-link]")
  (cd "$d" && expect "relativeURLs ($mode): those and nothing else" 1 ": 3 errors$" markdown content)
  faults=(../../docs/changelog/ ../../img/missing.png ../../proj/docs/install/)
  if [ $mode = relative ]; then
    faults+=(../../proj/docs/install/#install-the-tools)
    (cd "$d" && expect "relativeURLs without canonifyURLs: the run says relref is not judged" 1 "relref, relURL and .RelPermalink write /proj/" markdown content)
  fi
  (cd "$d" && rm -rf public && hugo --quiet -d public && expect_faults "relativeURLs ($mode): the faults in the build" public -- "${faults[@]}")
done
# Languages and mounts, as real sites set them: English at the root, German
# translated by file name (faq.de.md), French in its own content folder,
# content and static files mounted from docs/ and files/ (module.mounts).
# Clean from the repository root, where the site is a subfolder; then three
# faults, found in the sources at file:line:col and in the build.
rm -rf "$work/repo" && mkdir -p "$work/repo/site" && cd "$work/repo/site"
mkdir -p layouts/_default docs/docs content-fr/docs files/img
cat > hugo.toml <<'TOML'
baseURL = "https://docs.example.org/"
title = "Languages"
disableKinds = ["taxonomy", "term"]
defaultContentLanguage = "en"
[languages.en]
weight = 1
[languages.de]
weight = 2
[languages.fr]
weight = 3
contentDir = "content-fr"
[[module.mounts]]
source = "docs"
target = "content"
[[module.mounts]]
source = "content-fr"
target = "content"
lang = "fr"
[[module.mounts]]
source = "files"
target = "static"
TOML
cp "$work/layouts/_default/"*.html layouts/_default/
printf -- '---\ntitle: Home\n---\n[FAQ](docs/faq/) ![logo](/img/logo.png)\n' > docs/_index.md
printf -- '---\ntitle: Docs\n---\n' > docs/docs/_index.md
printf -- '---\ntitle: FAQ\n---\n## Questions\n\n[Deutsch](/de/docs/faq/#fragen) and [Français](/fr/docs/faq/).\n' > docs/docs/faq.md
printf -- '---\ntitle: FAQ de\n---\n## Fragen\n\n[English](/docs/faq/#questions).\n' > docs/docs/faq.de.md
printf -- '---\ntitle: FAQ fr\n---\n## Questions\n\n[English](/docs/faq/) and [German](/de/docs/faq/).\n' > content-fr/docs/faq.md
printf -- '---\ntitle: Docs fr\n---\n' > content-fr/docs/_index.md
printf '\x89PNG\r\n\x1a\n' > files/img/logo.png
mkdir -p files/css && cp "$work/static/css/site.css" files/css/
cd "$work/repo"
printf '# Languages\n\nThe [FAQ](site/docs/docs/faq.md#questions).\n' > README.md
expect "hugo languages and mounts, markdown from the repository root, clean" 0 ": no problems$" markdown
(cd site && hugo --quiet -d public)
expect "hugo languages and mounts, build, clean" 0 ": no problems$" links site/public
printf '\n[Gone](/de/docs/gone/), [the file](/docs/faq.de/) and [only in English](../only/).\n' >> site/content-fr/docs/faq.md
expect_lines "hugo languages: faults at file:line:col" 1 markdown -- \
  'site/content-fr/docs/faq.md' \
  '  8:1    error   broken markdown link "/de/docs/gone/": no page or file answers /de/docs/gone/ [markdown-link]' \
  '  8:25   error   broken markdown link "/docs/faq.de/": no page or file answers /docs/faq.de/ [markdown-link]' \
  '  8:55   error   broken markdown link "../only/": no page or file answers /fr/docs/only/ [markdown-link]'
(cd site && rm -rf public && hugo --quiet -d public)
expect_faults "hugo languages: the same faults in the build" site/public -- /de/docs/gone/ /docs/faq.de/ ../only/

# Between two deploys: the first site's build is the last deploy; its
# about page renamed (the refs to it with it) is found, and kept by
# Hugo's aliases, whose redirect page names the new URL with baseURL's
# host (https://docs.example.org/docs/team/): followed on the new build,
# the preset reading baseURL for the site's URL (no --site-url).
cd "$work"
rm -rf public public-prev && hugo --quiet -d public && mv public public-prev
mv content/docs/about.md content/docs/team.md
sed -i 's|about\.md|team.md|' content/docs/install.md
hugo --quiet -d public
expect_lines "hugo: a page renamed, against the last deploy" 1 links --previous public-prev -- \
  "public-prev/docs/about/index.html" \
  "  -      error   removed URL /docs/about/: the last deploy served it; now it answers 404 [removed-url]" \
  "         note: closest page now: /docs/team/ (the same title \"About\")"
sed -i 's|^title: About$|title: About\naliases: [/docs/about/]|' content/docs/team.md
rm -rf public && hugo --quiet -d public
grep -q 'url=https://docs.example.org/docs/team/' public/docs/about/index.html \
  && echo "ok   hugo wrote the alias with baseURL's host" || { echo "FAIL no alias page naming https://docs.example.org/docs/team/"; fail=1; }
expect "hugo: kept by an alias" 0 ": no problems$" links --previous public-prev
# The alias followed, not taken for a link off the site: its page gone, the URL is lost.
rm -r public/docs/team
expect "hugo: an alias to a page gone keeps nothing" 1 "removed URL /docs/about/: the last deploy served it; now its page docs/about/index.html redirects to https://docs.example.org/docs/team/, which answers 404" links --previous public-prev
exit $fail
