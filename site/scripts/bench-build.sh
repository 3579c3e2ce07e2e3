#!/usr/bin/env bash
# Build benchmark: a clean build of the whole site (compile + Vite client +
# Vite SSR + prerender), then the rebuild after editing one page, both as the
# dev loop sees it (`docs build`, which Vite's dev server picks up) and as a
# full production build. Prints wall time, CPU time and peak memory per step.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v /usr/bin/time >/dev/null || { echo "bench needs GNU time: apt-get install time" >&2; exit 2; }

out=$(mktemp)
total_wall=0 total_cpu=0 peak=0
measure() {
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$out" "$@" >/dev/null 2>&1
  read -r wall user sys rss < <(tail -1 "$out")
  local cpu; cpu=$(awk "BEGIN{print $user+$sys}")
  printf "  %-30s wall %6.2fs  cpu %6.2fs  peak %5d MiB\n" "$label" "$wall" "$cpu" $((rss / 1024))
  total_wall=$(awk "BEGIN{print $total_wall+$wall}"); total_cpu=$(awk "BEGIN{print $total_cpu+$cpu}")
  (( rss / 1024 > peak )) && peak=$((rss / 1024))
  return 0
}
total() {
  printf "  %-30s wall %6.2fs  cpu %6.2fs  peak %5d MiB\n\n" "total" "$total_wall" "$total_cpu" "$peak"
  total_wall=0 total_cpu=0 peak=0
}
build_all() {
  measure "compile content (Go)" bin/docs build
  measure "vite client build" npx vite build --config site/vite.config.ts
  measure "vite SSR build" npx vite build --config site/vite.config.ts --ssr src/entry-server.tsx
  measure "prerender $(grep -c '"path"' site/.generated/routes.json 2>/dev/null || echo all) routes" node site/scripts/prerender.mjs
}

make --no-print-directory deps >/dev/null
echo "clean build (no site/.generated, no site/dist):"
rm -rf site/.generated site/.ssr site/dist
build_all
total

page=content/api/1.2/zkvm/install.md
cp "$page" "$out.page"
trap 'cp "$out.page" "$page"; rm -f "$out" "$out.page"' EXIT
printf '\nA paragraph added by the build benchmark.\n' >> "$page"
echo "after editing $page:"
measure "dev loop: docs build" bin/docs build
total
echo "full production rebuild:"
build_all
total
