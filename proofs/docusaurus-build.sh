#!/usr/bin/env bash
# A real Docusaurus 3 site from npm (create-docusaurus 3.10.2, pinned: it
# asks for Node >=20), for comparisons: the classic template
# with a second docs version, built twice, at the root with trailing slashes
# (build-root) and under /repo/ with trailingSlash: false (build-repo).
# Builds only what is missing and prints the site's folder on stdout; its
# own output goes to stderr. DOCUSAURUS_DIR keeps the scaffold between runs.
# Used by docusaurus.sh (the gate on it) and make bench-size (bytes beside it).
set -euo pipefail
work=${DOCUSAURUS_DIR:-/tmp/devdocs-docusaurus}
{
  if [ ! -d "$work/node_modules" ]; then
    rm -rf "$work"
    mkdir -p "$(dirname "$work")"
    (cd "$(dirname "$work")" && npx -y create-docusaurus@3.10.2 "$(basename "$work")" classic --javascript --skip-install)
    (cd "$work" && npm install --no-audit --no-fund && npx docusaurus docs:version 1.0)
  fi
  # The client-redirects plugin, for the proof between two deploys (a
  # scaffold kept from before it gets it too).
  if [ ! -d "$work/node_modules/@docusaurus/plugin-client-redirects" ]; then
    (cd "$work" && npm install --no-audit --no-fund --no-save @docusaurus/plugin-client-redirects@3.10.2)
  fi
  # Installed: a proof that only prepares (expect.sh's prepared) ends here.
  if [ -n "${PROOF_PREPARE:-}" ]; then exit 0; fi
  cd "$work"
  # Inline JSX in a paragraph of the intro, once (the builds made before
  # it are made again): Docusaurus 3.10.2 writes a JSX <a> or <img> of MDX
  # as it is, no base added, so only a fragment works at the root and
  # under /repo/ alike (docusaurus.sh shows a root-absolute one leaving the
  # /repo/ site).
  raw='In JSX: <a href="#getting-started">getting started</a> and <a href="https://example.com/">elsewhere</a>.'
  if ! grep -qF "$raw" docs/intro.mdx; then
    printf '\n%s\n' "$raw" >> docs/intro.mdx
    rm -rf build-root build-repo
  fi
  cat > docusaurus.repo.config.js <<'CONFIG'
import config from './docusaurus.config.js';
export default { ...config, baseUrl: '/repo/', trailingSlash: false };
CONFIG
  [ -d build-root ] || npx docusaurus build --out-dir build-root
  [ -d build-repo ] || npx docusaurus build --config docusaurus.repo.config.js --out-dir build-repo
} >&2
echo "$work"
