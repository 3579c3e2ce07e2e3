#!/usr/bin/env bash
# The mutants issue #25 lists (and those that guard what was built for it),
# each applied to a copy of the checkout and run against the tests that
# must kill it: every one must make its tests fail. It prints one line a
# mutant, killed or SURVIVED, and exits 1 if one survives or no longer
# applies (its code moved: update the mutant). `make mutants`; not part of
# make test. MUTANTS=name,name runs only those.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The checkout as it is (tracked files, with their uncommitted changes).
git ls-files -z | tar --null -T - -cf - 2>/dev/null | tar -xf - -C "$work"

killed=0 survived=0 stale=0
# mutant NAME FILE OLD NEW PACKAGE TESTS: OLD, found exactly once in FILE,
# becomes NEW; go test -run TESTS PACKAGE must then fail.
mutant() {
	local name=$1 file=$2 old=$3 new=$4 pkg=$5 tests=$6
	if [[ -n "${MUTANTS:-}" && ",$MUTANTS," != *",$name,"* ]]; then
		return
	fi
	local n
	n=$(OLD=$old perl -0ne '$n += () = /\Q$ENV{OLD}\E/g; END { print $n + 0 }' "$work/$file")
	if [[ $n != 1 ]]; then
		echo "STALE     $name: found $n times in $file"
		stale=$((stale + 1))
		return
	fi
	cp "$work/$file" "$work/$file.orig"
	OLD=$old NEW=$new perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/' "$work/$file"
	local out
	if out=$(cd "$work" && go test -count=1 -run "$tests" "$pkg" 2>&1 | tr -d '\0'); then # NULs: a failing test may print a page's bytes
		echo "SURVIVED  $name ($file; $pkg -run '$tests')"
		survived=$((survived + 1))
	elif grep -q '\[build failed\]\|\[setup failed\]' <<<"$out"; then
		echo "STALE     $name: does not build"
		stale=$((stale + 1))
	else
		echo "killed    $name by $(grep -m1 -o -- '--- FAIL: [^ ]*' <<<"$out" || echo "$pkg")"
		killed=$((killed + 1))
	fi
	mv "$work/$file.orig" "$work/$file"
}

# checks/diag: a workflow command's properties end at "," and decode "%".
mutant annotation-percent checks/diag/format.go \
	'strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")' \
	'strings.NewReplacer("\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")' \
	./checks/diag TestGitHubAnnotationEscapesItsSeparators
mutant annotation-comma checks/diag/format.go \
	'strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")' \
	'strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A")' \
	./checks/diag TestGitHubAnnotationEscapesItsSeparators
mutant annotation-quoted-name checks/diag/format.go \
	'if Printable(file) == file {' 'if true {' \
	./checks/diag TestGitHubAnnotationOfAFileItCannotName

# checks/mdlinks: a fragment is percent-decoded; a query is no part of a
# .md file's name; //host is another site, even with a static folder.
mutant md-fragment-decoded checks/mdlinks/mdlinks.go \
	'doc.HasID(frag) || doc.HasID(decode(frag))' 'doc.HasID(frag)' \
	./checks/mdlinks TestOneRuleEach
mutant md-query-dropped checks/mdlinks/mdlinks.go \
	$'p, frag, _ := strings.Cut(l.Dest, "#")\n\tp, _, _ = strings.Cut(p, "?")' \
	'p, frag, _ := strings.Cut(l.Dest, "#")' \
	./checks/mdlinks TestOneRuleEach
mutant md-scheme-relative-image checks/mdlinks/mdlinks.go \
	'if mdscan.HasScheme(dest) || strings.HasPrefix(dest, "//") {' 'if mdscan.HasScheme(dest) {' \
	./checks/mdlinks TestOneRuleEach

# site/compile: a page's previous in its sidebar; the latest version.
mutant pagination-prev site/compile/records.go \
	$'if i > 0 {\n\t\t\tprev = &order[i-1]' $'if i > 1 {\n\t\t\tprev = &order[i-1]' \
	./site/compile TestPaginationAndTheLatestVersion
mutant version-is-last site/compile/records.go \
	'm.Name, m.Label, m.IsLast, m.Path = v.Name, v.Label, v.IsLast, v.Path' 'm.Name, m.Label, m.Path = v.Name, v.Label, v.Path' \
	./site/compile TestPaginationAndTheLatestVersion

# Tests that could not fail as they meant to.
mutant numbered-ids-one-run checks/htmlsite/anchors.go \
	's.packed = s.packed[:s.lastAt]' 's.packed = s.packed[:len(s.packed)]' \
	./checks/htmlsite TestNumberedIDsAreOneRun
mutant page-url-slash checks/serve/host.go \
	'return "/" + strings.TrimSuffix(file, "index.html")' 'return "/" + strings.TrimSuffix(file, "/index.html")' \
	./checks/serve TestRouteFileRoundTrips
mutant fixture-want-code testdata/links/anchors.txtar \
	$'-- want/code --\n0\n' $'-- want/code --\nzero\n' \
	./checks/checkscmd 'TestFixtures/anchors$'
# The scan against its independent reference: an attribute dropped from
# the scan's table is caught by the differential tests alone.
differential='TestDocumentsReadAsTheTokenizerDoes|TestTagsReadAsTheTokenizerDoes|FuzzExtractAgreesWithTokens'
mutant scan-drops-poster checks/htmlsite/extract.go \
	'videoAttrs     = []string{"src", "poster"}' 'videoAttrs     = []string{"src"}' \
	./checks/htmlsite "$differential"
mutant scan-drops-frame checks/htmlsite/extract.go \
	'atom.Embed, atom.Frame:' 'atom.Embed:' \
	./checks/htmlsite "$differential"
mutant scan-drops-icon-rel checks/htmlsite/extract.go \
	'"stylesheet", "icon", ' '"stylesheet", ' \
	./checks/htmlsite "$differential"

echo "mutants: $killed killed, $survived survived, $stale stale"
[[ $survived == 0 && $stale == 0 ]]
