#!/usr/bin/env bash
# The gate as another project gets it: every install command of the README's
# quick start and of the manual (docs/getting-started.md, docs/ci.md), read
# from the file that holds it (the fenced block after each
# `<!-- install-check: NAME -->`) and run as written from a scratch
# directory outside this repository, with $HOME there too. Only the hosts
# are swapped for copies on disk, since nothing here may reach GitHub:
#   - the release download: github.com/…/releases/download becomes a
#     file:// folder holding v1.3.0's linux/amd64 archive and checksums file,
#     built as .goreleaser.yaml builds them (the same -X stamps; make
#     release-check proves GoReleaser's own archives);
#   - go install: the committed tree (git archive HEAD) is served as v1.3.0
#     from a module proxy on disk, in proxy.golang.org's layout (list, .info,
#     .mod, .zip), ahead of the usual proxy for the dependencies: the module
#     path is one `go install` accepts, the command builds from the module
#     alone (no replace, nothing outside it), --version names the version;
#   - pre-commit: `repo:` becomes a clone of this checkout tagged v1.3.0.
# Then the installed binary on an MkDocs project (proofs/mkdocs.sh):
# links, markdown and all; the plain git hook and both pre-commit hooks, each
# on a good and a bad commit.
#   make install-check        (MkDocs from Debian's package, pre-commit from Debian's)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
module=$(cd "$repo" && go list -m)
version=v1.3.0
scratch=$(mktemp -d "${TMPDIR:-/tmp}/devdocs-install.XXXXXX")
trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
. "$repo/proofs/expect.sh"

# The files that may hold a block: the README and the manual.
docs=("$repo/README.md" "$repo"/docs/*.md)
# holder NAME: the one file with the line <!-- install-check: NAME -->;
# none, or two (a block must have one owner), is a failure.
holder() {
  local files
  files=$(grep -lxF -- "<!-- install-check: $1 -->" "${docs[@]}" || true)
  case $(grep -c . <<<"$files") in
  1) echo "$files" ;;
  0) echo "FAIL no file of README.md, docs/*.md has a block <!-- install-check: $1 -->" >&2; return 1 ;;
  *) echo "FAIL two files have a block <!-- install-check: $1 -->:" $files >&2; return 1 ;;
  esac
}
# block FILE NAME: the fenced block after <!-- install-check: NAME --> in FILE.
block() {
  awk -v mark="<!-- install-check: $2 -->" '
    $0 == mark { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$1"
}
# run_block NAME: run that block with bash -e, the hosts swapped; says what it ran.
run_block() {
  local file script start=$SECONDS
  file=$(holder "$1") || { fail=1; return 1; }
  script=$(block "$file" "$1" | sed -e "s|https://github.com/devdocs-dev/devdocs/releases/download|file://$scratch/releases|g")
  file=${file#"$repo"/}
  [ -n "$script" ] || { echo "FAIL $file has no fenced block after <!-- install-check: $1 -->"; fail=1; return 1; }
  if out=$(bash -euo pipefail -c "$script" 2>&1); then echo "ok   $file $1, in $((SECONDS - start)) s: $(tr '\n' ' ' <<<"$out" | cut -c1-140)"
  else echo "FAIL $file $1 exited non-zero:"; echo "$out"; fail=1; return 1; fi
}
# $HOME is the scratch folder, so ~/.local/bin and ~/go/bin (GOPATH) are
# fresh; Go's module and build caches stay this machine's, as a user's would.
GOMODCACHE=$(go env GOMODCACHE) GOCACHE=$(go env GOCACHE)
export GOMODCACHE GOCACHE HOME="$scratch/home" GOPATH="$scratch/home/go"
export PATH="$HOME/.local/bin:$HOME/go/bin:$PATH" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.invalid GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.invalid
# A module version is downloaded once per cache and never again, and Go's
# build cache keeps an index of each module version's files: the version
# served from the proxy on disk leaves the module cache before and after,
# and go install runs with the index off (GODEBUG=goindex=0), or the next run
# would build the tree, or the file list, of the first one.
forget_module() {
  local v
  for v in "$GOMODCACHE/$module@$version" "$GOMODCACHE/cache/download/$module/@v/$version".*; do
    if [ -e "$v" ]; then chmod -R u+w "$v" && rm -rf "$v"; fi
  done
}
forget_module
trap 'forget_module; chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
mkdir -p "$HOME"

# The release on disk: v1.3.0's linux/amd64 archive and checksums file.
rel="$scratch/releases/$version" && mkdir -p "$rel/build"
commit=$(cd "$repo" && git rev-parse HEAD)
(cd "$repo" && CGO_ENABLED=0 go build -trimpath -o "$rel/build/checks" \
  -ldflags "-s -w -X $module/checks/checkscmd.stampVersion=$version -X $module/checks/checkscmd.stampCommit=$commit" ./cmd/checks)
archive="checks_${version#v}_linux_amd64.tar.gz"
tar -czf "$rel/$archive" -C "$rel/build" checks
(cd "$rel" && sha256sum "$archive" > "checks_${version#v}_checksums.txt")
echo "ok   the release archive built in $SECONDS s"

# The release binary download (docs/getting-started.md), from a scratch folder.
mkdir -p "$scratch/download" && cd "$scratch/download"
run_block binary
got=$("$HOME/.local/bin/checks" --version 2>&1 || true)
if [ "$got" = "checks $version (commit ${commit:0:12})" ]; then echo "ok   the downloaded binary says $got"
else echo "FAIL the downloaded binary says '$got'"; fail=1; fi
rm -f "$HOME/.local/bin/checks"

# The go install (the README), from a directory that is not this repository.
dir="$scratch/proxy/$module/@v"
mkdir -p "$dir"
echo "$version" > "$dir/list"
printf '{"Version":"%s","Time":"%s"}\n' "$version" "$(cd "$repo" && git log -1 --format=%cI)" > "$dir/$version.info"
cp "$repo/go.mod" "$dir/$version.mod"
(cd "$repo" && git archive --format=zip --prefix="$module@$version/" -o "$dir/$version.zip" HEAD)
mkdir -p "$scratch/project" && cd "$scratch/project"
GOPROXY="file://$scratch/proxy,$(go env GOPROXY)" GONOSUMDB="$module" GOFLAGS=-mod=mod GODEBUG=goindex=0 run_block go-install
checks="$HOME/go/bin/checks"
[ "$(command -v checks)" = "$checks" ] || { echo "FAIL go install did not put checks on PATH ($(command -v checks))"; fail=1; }
got=$("$checks" --version)
if [ "$got" = "checks $version" ]; then echo "ok   checks --version names the module version: $got"
else echo "FAIL checks --version says $got, not $version"; fail=1; fi

# The MkDocs proof (checks links, markdown, all) with the installed binary.
CHECKS="$checks" MKDOCS_DIR="$scratch/project/mkdocs" "$repo/proofs/mkdocs.sh" || fail=1

# The quick start's commands in that project, ending with the plain git hook: a
# good commit passes, a broken link in a staged page stops the commit.
cd "$scratch/project/mkdocs"
git init -q -b main .
run_block use
git add docs checks.json mkdocs.yml
if git commit -qm good >/dev/null 2>&1; then echo "ok   the hook lets a clean commit through"
else echo "FAIL the hook stopped a clean commit"; fail=1; fi
printf '\nSee [setup](guide/setup.md).\n' >> docs/about.md
git add docs/about.md
if out=$(git commit -qm bad 2>&1); then echo "FAIL the hook let a broken link through"; fail=1
elif grep -q 'guide/setup.md' <<<"$out"; then echo "ok   the hook stops a commit with a broken link, naming it"
else echo "FAIL the hook stopped the commit without naming the link: $out"; fail=1; fi
git checkout -q docs/about.md && git reset -q && rm -f .git/hooks/pre-commit

# The pre-commit configurations (docs/ci.md), each with its install commands;
# `repo:` is a clone of this checkout, tagged as their rev.
checkout_copy "$repo" "$scratch/devdocs"
git -C "$scratch/devdocs" add -A && git -C "$scratch/devdocs" commit -qm "as checked out" --allow-empty && git -C "$scratch/devdocs" tag "$version"
for hook in pre-commit-system pre-commit-golang; do
  file=$(holder "$hook") || { fail=1; continue; }
  block "$file" "$hook" | sed "s|https://github.com/devdocs-dev/devdocs|$scratch/devdocs|" > .pre-commit-config.yaml
  git add .pre-commit-config.yaml
  start=$(date +%s)
  PRE_COMMIT_HOME="$scratch/pre-commit-$hook" PATH="$HOME/go/bin:$PATH" run_block pre-commit-install || continue
  printf '\nSee [setup](guide/setup.md).\n' >> docs/about.md
  git add docs/about.md
  if out=$(PRE_COMMIT_HOME="$scratch/pre-commit-$hook" git commit -qm bad 2>&1); then echo "FAIL $hook let a broken link through"; fail=1
  elif grep -q 'broken markdown link "guide/setup.md"' <<<"$out"; then
    echo "ok   $hook: installed and run in $(( $(date +%s) - start )) s, stops a commit with a broken link, naming it"
  else echo "FAIL $hook stopped the commit without naming the link: $out"; fail=1; fi
  git checkout -q HEAD docs/about.md
  if PRE_COMMIT_HOME="$scratch/pre-commit-$hook" git commit -qm "$hook" >/dev/null 2>&1; then echo "ok   $hook lets a clean commit through"
  else echo "FAIL $hook stopped a clean commit"; fail=1; fi
  rm -f .git/hooks/pre-commit
done
exit "$fail"
