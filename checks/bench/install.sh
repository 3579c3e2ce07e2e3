#!/usr/bin/env bash
# The gate as another project gets it: `go install …/cmd/checks@latest` run
# from a scratch directory outside this repository, then used there on an
# MkDocs project (links, markdown, all, and the git pre-commit hook).
#
# The module is not fetched from GitHub: the committed tree (git archive
# HEAD) is served as version v0.1.0 from a module proxy on disk, in the
# layout proxy.golang.org serves (list, .info, .mod, .zip), ahead of the
# usual proxy for the dependencies. What is proven is everything after the
# download: the module path is one `go install` accepts, the command builds
# from the module alone (no replace, nothing outside it), `--version` names
# the module version, and the installed binary gives the right verdicts.
#   make install-check        (MkDocs from Debian's package)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
module=$(cd "$repo" && go list -m)
version=v0.1.0
scratch=$(mktemp -d "${TMPDIR:-/tmp}/devdocs-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
. "$repo/checks/bench/expect.sh"

# The module proxy on disk.
dir="$scratch/proxy/$module/@v"
mkdir -p "$dir"
echo "$version" > "$dir/list"
printf '{"Version":"%s","Time":"%s"}\n' "$version" "$(cd "$repo" && git log -1 --format=%cI)" > "$dir/$version.info"
cp "$repo/go.mod" "$dir/$version.mod"
(cd "$repo" && git archive --format=zip --prefix="$module@$version/" -o "$dir/$version.zip" HEAD)

# Install from a directory that is not this repository, as the README says.
mkdir -p "$scratch/project" "$scratch/bin"
cd "$scratch/project"
GOPROXY="file://$scratch/proxy,$(go env GOPROXY)" GONOSUMDB="$module" GOFLAGS=-mod=mod GOBIN="$scratch/bin" \
  go install "$module/cmd/checks@latest"
checks="$scratch/bin/checks"
got=$("$checks" --version)
if [[ $got == *"$version"* ]]; then echo "ok   checks --version names the module version: $got"
else echo "FAIL checks --version says $got, not $version"; fail=1; fi

# The MkDocs proof (checks links, markdown, all) with the installed binary.
CHECKS="$checks" MKDOCS_DIR="$scratch/project/mkdocs" "$repo/checks/bench/mkdocs.sh" || fail=1

# The plain git hook in that project: a good commit passes, a broken link
# in a staged page stops the commit.
cd "$scratch/project/mkdocs"
git init -q . && git config user.email ci@example.invalid && git config user.name ci
PATH="$scratch/bin:$PATH" "$checks" install-hook >/dev/null
git add docs checks.json mkdocs.yml
if PATH="$scratch/bin:$PATH" git commit -qm good >/dev/null 2>&1; then echo "ok   the hook lets a clean commit through"
else echo "FAIL the hook stopped a clean commit"; fail=1; fi
printf '\nSee [setup](guide/setup.md).\n' >> docs/about.md
git add docs/about.md
if out=$(PATH="$scratch/bin:$PATH" git commit -qm bad 2>&1); then echo "FAIL the hook let a broken link through"; fail=1
elif grep -q 'guide/setup.md' <<<"$out"; then echo "ok   the hook stops a commit with a broken link, naming it"
else echo "FAIL the hook stopped the commit without naming the link: $out"; fail=1; fi
exit $fail
