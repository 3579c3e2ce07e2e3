#!/usr/bin/env bash
# What finding every docs project costs on a large repository, and what the
# pre-commit hook costs there: a generated git repository of 100k tracked
# files (a Docusaurus site in website/ with 2,000 pages, a VitePress one in
# packages/ui/docs, an MkDocs one in tools/docs, READMEs and source files
# in 200 packages) and an ignored node_modules of 200k files, with configs
# in it. Prints the best of five runs of each, against its target and
# against the floor (git's own listing, which no reading of the list beats):
#   checks presets .           (finds the projects)            under 200 ms
#   checks markdown --staged   (one page's text edited)        under 1 s
#   checks markdown --staged   (one page's heading renamed)    under 1 s
#   make bench-repo   (REPO_BENCH_DIR keeps the repository between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=${REPO_BENCH_DIR:-/tmp/devdocs-repo-bench}

if [ ! -f "$work/.done" ]; then
  rm -rf "$work" && mkdir -p "$work" && cd "$work"
  git init -q && git config user.email bench@example.org && git config user.name bench
  python3 - <<'PY'
import os
def w(p, s):
    os.makedirs(os.path.dirname(p) or ".", exist_ok=True)
    with open(p, "w") as f:
        f.write(s)
w(".gitignore", "node_modules/\n")
w("README.md", "# Monorepo\n\nSee [the docs](website/docs/intro.md).\n")
w("website/docusaurus.config.js", "export default { title: 'Bench' };\n")
w("website/docs/intro.md", "# Intro\n\n## Start\n")
for i in range(2000):
    w(f"website/docs/s{i // 100}/p{i}.md", f"# Page {i}\n\n## Part\n\n[Intro](../intro.md#start) and [next](p{i + 1 if i % 100 != 99 else i}.md#part).\n")
w("packages/ui/docs/.vitepress/config.mts", "export default { title: 'UI' }\n")
for i in range(300):
    w(f"packages/ui/docs/guide/g{i}.md", f"# Guide {i}\n\n[Back](./g0#guide-0)\n")
w("tools/mkdocs.yml", "site_name: Tools\ndocs_dir: docs\n")
for i in range(300):
    w(f"tools/docs/t{i}.md", f"# Tool {i}\n\n[Index](t0.md)\n")
n = 2 + 2000 + 2 + 300 + 1 + 300 + 1
pkg = 0
while n < 100_000:
    d = f"packages/p{pkg}"
    w(f"{d}/README.md", f"# p{pkg}\n\n[Root](../../README.md)\n")
    n += 1
    for j in range(495):
        if n >= 100_000:
            break
        w(f"{d}/src/f{j}.go", f"package p{pkg}\n")
        n += 1
    pkg += 1
for i in range(200_000):
    m = f"node_modules/m{i // 1000}"
    if i % 1000 == 0:
        w(f"{m}/mkdocs.yml", "site_name: a dependency\n")
        w(f"{m}/README.md", "[broken](nowhere.md)\n")
    else:
        w(f"{m}/f{i}.js", "x\n")
PY
  git add -A && git commit -qm bench
  touch .done
fi
cd "$work"
git reset -q --hard
tracked=$(git ls-files | wc -l)
ignored=$(find node_modules -type f | wc -l)
echo "repository: $tracked tracked files, $ignored ignored in node_modules ($work)"

# ms COMMAND…: the best wall time of five runs, in ms.
ms() {
  local t min=
  "$@" > /dev/null 2>&1 || true # warm the page cache
  for _ in 1 2 3 4 5; do
    local s e
    s=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    e=$(date +%s%N)
    t=$(( (e - s) / 1000000 ))
    if [ -z "$min" ] || [ "$t" -lt "$min" ]; then min=$t; fi
  done
  echo "$min"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# The floor of finding the projects is git listing the files (what it does
# not ignore) with nothing done with the list; of the hook, git reading
# its index. The targets are absolute; the ratios to the floor say what is
# the gate's own, on whatever machine.
list_floor=$(ms git ls-files -z --cached --others --exclude-standard)
index_floor=$(ms git ls-files --stage -z)
echo "floor: git ls-files (the files git lists): $list_floor ms; git ls-files --stage (its index): $index_floor ms"

"$checks" presets . | head -20
t=$(ms "$checks" presets .)
echo "finding the projects (checks presets .): $t ms (target under 200 ms, ratio $(ratio "$t" 200); $(ratio "$t" "$list_floor") × the floor)"

page=website/docs/s7/p742.md
printf '\nNew words, and a heading added.\n\n## Bench heading\n' >> "$page"
git add "$page"
"$checks" markdown --staged
t=$(ms "$checks" markdown --staged)
echo "the hook, one page's text edited (checks markdown --staged): $t ms (target under 1000 ms, ratio $(ratio "$t" 1000); $(ratio "$t" "$index_floor") × the floor)"

# A heading gone may break links into the page from any other: every page
# that names it is read again.
git reset -q --hard
sed -i 's/^## Part$/## Part renamed/' "$page"
git add "$page"
"$checks" markdown --staged | tail -n1
t=$(ms "$checks" markdown --staged)
echo "the hook, one page's heading renamed (checks markdown --staged): $t ms (target under 1000 ms, ratio $(ratio "$t" 1000); $(ratio "$t" "$index_floor") × the floor)"
git reset -q --hard
