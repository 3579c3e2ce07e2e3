#!/usr/bin/env bash
# A second, small Docusaurus 3 site beside the one docusaurus-build.sh
# makes (its node_modules shared), for what the classic template does not
# have: a French translation of some docs (i18n/fr/), a second docs plugin
# instance (community/), a blog, a partial (docs/_snippet.mdx) a page
# renders, and a markdown home page (src/pages/index.md). Built twice, each
# build kept until its sources change: as written (multi/site, clean) and
# with faults put in (multi-faults/site, onBrokenLinks: 'warn'), whose
# build log says what Docusaurus left unresolved. Both locales are built
# (build/ and build/fr/). Usage: docusaurus-multi.sh WORK (the folder
# docusaurus-build.sh printed); output on stderr.
set -euo pipefail
work=$1

# site DIR: the site's sources in DIR, node_modules linked.
site() {
  mkdir -p "$1" && cd "$1"
  ln -sfn "$work/node_modules" node_modules
  cp "$work/package.json" .
  echo '{"preset": "docusaurus"}' > checks.json
  cat > docusaurus.config.js <<'EOF'
export default {
  title: 'Multi',
  future: {v4: true, faster: true},
  url: 'https://example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
  presets: [['classic', {docs: {}, blog: {onUntruncatedBlogPosts: 'ignore'}}]],
  plugins: [['@docusaurus/plugin-content-docs', {id: 'community', path: 'community', routeBasePath: 'community'}]],
};
EOF
  mkdir -p docs blog community src/pages i18n/fr/docusaurus-plugin-content-docs/current
  cat > docs/intro.md <<'EOF'
# Intro

Install it as [the setup](setup.mdx#install) says; [the snippet's part](setup.mdx#from-the-snippet).
EOF
  cat > docs/setup.mdx <<'EOF'
import Snippet from './_snippet.mdx';

# Setup

## Install

<Snippet />
EOF
  cat > docs/_snippet.mdx <<'EOF'
## From the snippet

Back to [the intro](intro.md).
EOF
  # JSX inline in a paragraph (Docusaurus reads .md as MDX too, so <img>
  # is closed): written as it is, read from the page's URL.
  cat > docs/usage.md <<'EOF'
# Usage

See [the setup](setup.mdx).
In JSX: <a href="/docs/setup#install">installing</a> and <img src="/img/logo.png" alt="logo" />.
EOF
  mkdir -p static/img
  printf '\x89PNG\r\n\x1a\n' > static/img/logo.png
  cat > community/index.md <<'EOF'
# Community

Ask in [the chat](support.md#chat).
EOF
  cat > community/support.md <<'EOF'
# Support

## Chat
EOF
  cat > blog/2026-01-01-hello.md <<'EOF'
---
title: Hello
---

A first post, then [a second](2026-01-02-second.md).
EOF
  cat > blog/2026-01-02-second.md <<'EOF'
---
title: Second
---

Back to [the first](2026-01-01-hello.md).
EOF
  cat > src/pages/index.md <<'EOF'
# Multi

Read [the intro](/docs/intro), the [community](/community/) pages and [the blog](/blog).
EOF
  # Translated: intro only. setup.mdx is the untranslated doc's.
  cat > i18n/fr/docusaurus-plugin-content-docs/current/intro.md <<'EOF'
# Introduction

Installez-le comme [l'installation](setup.mdx#install) le dit.
EOF
}

# build: builds the site in the current folder unless build/ is of these
# sources; Docusaurus's output kept in build.log. A build kept is touched:
# site() wrote its sources again, and checks all reads every page of a
# build older than its sources.
build() {
  local sum
  sum=$(find . -path ./build -prune -o -path ./.docusaurus -prune -o -path ./node_modules -prune -o -type f ! -name build.log -print0 | sort -z | xargs -0 sha256sum | sha256sum)
  if [ "$(cat build/.sources 2>/dev/null)" = "$sum" ]; then
    find build -exec touch {} +
    return
  fi
  rm -rf build
  # Without Rspack's persistent cache (shared through node_modules/.cache):
  # a page it kept is not compiled again, and the warnings docusaurus.sh
  # reads in build.log for that page are not said again.
  DOCUSAURUS_NO_PERSISTENT_CACHE=1 npx docusaurus build > build.log 2>&1 || { cat build.log; exit 1; }
  echo "$sum" > build/.sources
}

{
  (site "$work/multi/site" && build)
  (
    site "$work/multi-faults/site"
    sed -i "s/onBrokenLinks: 'throw'/onBrokenLinks: 'warn'/" docusaurus.config.js
    printf '\n[Absent](gone.md), [perdu](setup.mdx#no-such-part), [à côté](./setup.mdx).\n' >> i18n/fr/docusaurus-plugin-content-docs/current/intro.md
    printf '\nThe [intro doc](../docs/intro.md).\n' >> blog/2026-01-01-hello.md
    printf '\nThe [partial](_snippet.mdx).\n' >> docs/usage.md
    printf '\nThe [docs intro](../docs/intro.md).\n' >> community/index.md
    build
  )
} >&2
