#!/usr/bin/env bash
# The gate on a real Docusaurus build: the classic template with a second docs
# version, built twice (served at the root with trailing slashes; under
# /repo/ with trailingSlash: false). A correct checker reports nothing on
# either; then four known faults (a missing page, anchor and image, and a
# deleted asset a blog post uses) are put into a copy and all four must be
# reported, and nothing else.
#   make docusaurus-check        (DOCUSAURUS_DIR keeps the scaffold between runs)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
work=$("$(dirname "$0")/docusaurus-build.sh")
cd "$work"

fail=0
expect() { # expect NAME WANT_CODE WANT_SUMMARY -- checks args
  local name=$1 code=$2 want=$3; shift 4
  local out got=0
  out=$("$checks" links "$@") || got=$?
  if [ "$got" != "$code" ] || ! grep -q "$want" <<<"$out"; then
    echo "FAIL $name: exit $got (want $code), output:"; echo "$out"; fail=1
  else
    echo "ok   $name: $(tail -n1 <<<"$out")"
  fi
}

expect "root build, clean" 0 ": no problems$" -- build-root
expect "/repo/ build, trailingSlash false, clean" 0 ": no problems$" -- build-repo --base-url /repo/
expect "/repo/ build checked as if at the root" 1 "errors" -- build-repo

rm -rf build-faults && cp -r build-root build-faults
page=build-faults/docs/intro/index.html
sed -i 's|</body>|<a href="/docs/no-such-page">a</a><a href="/docs/intro#no-such-heading">b</a><img src="/img/missing.png"></body>|' "$page"
plushie=$(cd build-faults && ls assets/images/docusaurus-plushie-banner-*.jpeg) # used by one blog post
rm "build-faults/$plushie"
out=$("$checks" links build-faults --format json || true)
for want in '"/docs/no-such-page"' '"/docs/intro#no-such-heading"' '"/img/missing.png"' "\"/$plushie\""; do
  grep -q "\"href\": $want" <<<"$out" || { echo "FAIL injected fault $want not reported"; fail=1; }
done
n=$(grep -c '"check":' <<<"$out" || true)
if [ "$n" != 4 ]; then echo "FAIL want exactly 4 problems, got $n:"; echo "$out"; fail=1; else echo "ok   4 injected faults found, nothing else"; fi
exit $fail
