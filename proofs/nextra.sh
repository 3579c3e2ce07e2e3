#!/usr/bin/env bash
# The gate on a real Nextra build: Nextra 4.6.1 and nextra-theme-docs 4.6.1
# on Next.js 15.5.15 (Node >= 18.18; the theme's Layout needs zod 4.3, as
# zod 4.4 makes it throw on every page: shuding/nextra#4989, so zod is
# pinned by an override), installed from npm into the work folder and kept
# there between runs. One small site (content/ served by the catch-all
# app/[[...mdxPath]]/page.jsx, and app/about/page.mdx; .md and .mdx pages,
# links with and without .md, root-absolute and relative, an image beside a
# page and one from public/, raw HTML links (JSX of an .mdx page and an
# <img>, which carry the basePath themselves, and an <a> of an .md page,
# which is given it), a [#id] heading, a heading ending in code, a
# repeated heading) is exported (output: 'export') twice:
#   root  no basePath, no trailingSlash: pages at a/b.html
#   proj  basePath '/proj', trailingSlash: pages at a/b/index.html
# checks all with the nextra preset (found by next.config.mjs) reports on
# each only what Next.js and the theme write themselves, as warnings: the
# theme's 404 page links to #nextra-skip-nav, which it lacks, and with
# trailingSlash that page is exported twice (404.html, 404/index.html).
# Faults put into a copy of root's sources
# (a .md link read from the page's URL, not its file; a link to an index
# page's file; a missing page; a missing anchor; the text's slug of a
# [#id] heading; an anchor to the h1, which has no id; a missing image)
# are found at file:line:col and nothing else, by checks markdown and, on
# the copy built (the missing image left out: it fails the build), by
# checks all.
#   make nextra-check     (NEXTRA_DIR keeps node_modules and Next.js's build
#   caches between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${NEXTRA_DIR:-/tmp/devdocs-nextra/bench}
. "$(dirname "$0")/expect.sh"
export NEXT_TELEMETRY_DISABLED=1

mkdir -p "$work" && cd "$work" && work=$PWD
want_pkg='{ "name": "nextra-bench", "private": true, "type": "module",
  "devDependencies": { "next": "15.5.15", "nextra": "4.6.1", "nextra-theme-docs": "4.6.1", "react": "19.2.0", "react-dom": "19.2.0" },
  "overrides": { "zod": "4.3.6" } }'
npm_project "$want_pkg" node_modules/.bin/next
next=$work/node_modules/.bin/next

# png FILE: a valid 2×2 PNG (Next.js reads an imported image's size).
png() {
  printf '\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x02\x00\x00\x00\x02\x08\x02\x00\x00\x00\xfd\xd4\x9a\x73\x00\x00\x00\x0b\x49\x44\x41\x54\x78\x9c\x63\x60\x40\x06\x00\x00\x0e\x00\x01\xa9\x91\x73\xb1\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82' > "$1"
}

# site DIR BASE: the app, the theme's layout and the pages in DIR; BASE
# ("/" or "/proj/") is what JSX of an .mdx page and an <img> must carry
# themselves; an <a> of an .md page is given it.
site() {
  local dir=$1 base=$2
  # Next.js's own build cache is kept from the last run, to build faster.
  rm -rf "$work/cache-$dir" && { [ ! -d "$dir/.next/cache" ] || mv "$dir/.next/cache" "$work/cache-$dir"; }
  rm -rf "$dir" && mkdir -p "$dir/.next" && { [ ! -d "$work/cache-$dir" ] || mv "$work/cache-$dir" "$dir/.next/cache"; }
  mkdir -p "$dir/app/[[...mdxPath]]" "$dir/app/about" "$dir/content/guide" "$dir/content/reference" "$dir/public"
  ln -s "$work/node_modules" "$dir/node_modules"
  cat > "$dir/mdx-components.js" <<'JS'
import { useMDXComponents as getThemeComponents } from 'nextra-theme-docs'

const themeComponents = getThemeComponents()

export function useMDXComponents(components) {
  return { ...themeComponents, ...components }
}
JS
  cat > "$dir/app/layout.jsx" <<'JS'
import { Layout, Navbar } from 'nextra-theme-docs'
import { Head } from 'nextra/components'
import { getPageMap } from 'nextra/page-map'
import 'nextra-theme-docs/style.css'

export const metadata = { title: 'Gate proof' }

export default async function RootLayout({ children }) {
  return (
    <html lang="en" dir="ltr" suppressHydrationWarning>
      <Head />
      <body>
        <Layout navbar={<Navbar logo={<b>Gate proof</b>} />} pageMap={await getPageMap()}>
          {children}
        </Layout>
      </body>
    </html>
  )
}
JS
  cat > "$dir/app/[[...mdxPath]]/page.jsx" <<'JS'
import { generateStaticParamsFor, importPage } from 'nextra/pages'
import { useMDXComponents as getMDXComponents } from '../../mdx-components'

export const generateStaticParams = generateStaticParamsFor('mdxPath')

export async function generateMetadata(props) {
  const params = await props.params
  const { metadata } = await importPage(params.mdxPath)
  return metadata
}

const Wrapper = getMDXComponents().wrapper

export default async function Page(props) {
  const params = await props.params
  const { default: MDXContent, toc, metadata, sourceCode } = await importPage(params.mdxPath)
  return (
    <Wrapper toc={toc} metadata={metadata} sourceCode={sourceCode}>
      <MDXContent {...props} params={params} />
    </Wrapper>
  )
}
JS
  # Relative links read from the page's URL, which trailingSlash moves a
  # folder deeper: only the home page's hold in both builds.
  cat > "$dir/content/index.mdx" <<'MD'
# Gate proof

Start with [the guide](./guide), then [run it](./guide/start.md#run-it).
See [the reference](/reference/api#prove-and-verify) and [about us](./about).
MD
  cat > "$dir/content/guide/index.mdx" <<MD
# Guide

Install first: [start](/guide/start), then [run it](/guide/start.md#run-it).
The [API](/reference/api.mdx#errors) has the details, and [its code](/reference/api#code-x).

![diagram](./diagram.png)

![logo](/logo.png)

<a href="${base}reference/api">The API, as HTML</a> <img src="${base}logo.png" alt="logo, as HTML" />
MD
  cat > "$dir/content/guide/start.md" <<'MD'
# Start

## Run it

Back to [the guide](/guide/) or [home](/), or see [who we are](/about#who-we-are).

## First steps & more

See [the second usage](/reference/api#usage-1) and [the first steps](#first-steps--more).

<a href="/reference/api#usage">Usage, as HTML</a> (given the basePath as markdown's links are)
MD
  cat > "$dir/content/reference/api.mdx" <<'MD'
# API

## Prove and verify

## Error codes [#errors]

## Code `[#x]`

## Usage

## Usage

As [the first usage](#usage); back to [the guide](/guide/start.md).
MD
  cat > "$dir/app/about/page.mdx" <<'MD'
# About

## Who we are

Read [the guide](/guide) and [the API's errors](/reference/api#errors).
MD
  png "$dir/content/guide/diagram.png"
  png "$dir/public/logo.png"
}

# config DIR [LINE…]: next.config.mjs exporting the site, with the settings.
config() {
  local dir=$1 line
  shift
  {
    echo "import nextra from 'nextra'"
    echo
    echo "const withNextra = nextra({})"
    echo
    echo "export default withNextra({"
    echo "  output: 'export',"
    echo "  images: { unoptimized: true },"
    for line in "$@"; do echo "  $line,"; done
    echo "})"
  } > "$dir/next.config.mjs"
}

build() { quietly "next build" "$1" nice -n 10 "$next" build; } # build DIR

site root / && config root && build root
site proj /proj/ && config proj "basePath: '/proj'" "trailingSlash: true" && build proj

# What Next.js and the theme write themselves, the only reports on the
# clean builds (warnings): the theme's 404 page has a skip link to
# #nextra-skip-nav and no element with that id, as its other pages have;
# with trailingSlash, Next.js exports it twice, as 404.html and
# 404/index.html, which both answer /404.
cd "$work/root" && expect "checks all, root, only the 404 page's skip link" 0 "^checks all: 1 warning in" all
expect "checks markdown, root, clean" 0 "^checks markdown: 5 pages, 22 links checked in .*: no problems" markdown
cd "$work/proj" && expect "checks all, basePath /proj, trailingSlash, only the 404 pages' skip links and their two files" 0 "^checks all: 3 warnings in" all
expect "checks markdown, basePath /proj, trailingSlash, clean" 0 "^checks markdown: 5 pages, 22 links checked in .*: no problems" markdown
cd "$work"
expect_reports "links of the root build" root/out -- "1 broken-anchor #nextra-skip-nav"
expect_reports "links of the /proj/ build" proj/out --base-url /proj/ -- "2 broken-anchor #nextra-skip-nav" "1 duplicate-route -"
expect "the /proj/ build checked as if at the root" 1 "errors" links proj/out --base-url /

# Faults appended to the guide's page of a copy of root's sources: found
# before any build, as a pre-commit hook runs the gate.
rm -rf faults && cp -a root faults && rm -rf faults/out
page=content/guide/index.mdx
start=$(($(wc -l < "faults/$page") + 2))
cat >> "faults/$page" <<'MD'

See [the page beside](./start.md#run-it), [gone](/guide/gone) and [this page's file](/guide/index.mdx).
Then [a missing anchor](/reference/api#no-such-heading), [the heading's text](/reference/api#error-codes) and [the title](/guide/start#start).
![missing](./missing.png)
MD
l1=$start l2=$((start + 1)) l3=$((start + 2))
at() { printf '  %-6s ' "$1"; }
want_lines=(
  "$(at "$l1:5")error   broken markdown link \"./start.md#run-it\": nextra writes it as \"./start#run-it\", which the browser reads from the page's URL, /guide, not from its file, and no page or file answers /start [markdown-link]"
  "$(at "$l1:43")error   broken markdown link \"/guide/gone\": no page or file answers /guide/gone [markdown-link]"
  "$(at "$l1:67")error   broken markdown link \"/guide/index.mdx\": nextra writes it as \"/guide/index\", and no page or file answers /guide/index [markdown-link]"
  "$(at "$l2:6")warning anchor #no-such-heading not found in content/reference/api.mdx [markdown-anchor]"
  "$(at "$l2:58")warning anchor #error-codes not found in content/reference/api.mdx [markdown-anchor]"
  "$(at "$l2:111")warning anchor #start not found in content/guide/start.md [markdown-anchor]"
)
cd "$work/faults" && expect_lines "markdown faults, at file:line:col" 1 markdown -- "$page" "${want_lines[@]}" \
  "$(at "$l3:1")error   image \"./missing.png\" not found: content/guide/missing.png does not exist [markdown-image]"
expect "markdown faults, nothing else" 1 "^checks markdown: 5 pages, .*: 4 errors and 3 warnings$" markdown

# The same faults built (a missing image fails the build, so that one is
# left out): checks all places each of the build's problems at its
# markdown line, once.
sed -i '$d' "$page"
cd "$work" && build faults
cd "$work/faults" && expect_lines "the faults in the build and its sources, at file:line:col" 1 all -- "$page" "${want_lines[@]}"
expect "the build's problems and the sources', said once, and the skip link" 1 "^checks all: 3 errors and 4 warnings in" all
cd "$work"
exit $fail
