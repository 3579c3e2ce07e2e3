# Every routine job of devdocs. The two a newcomer needs:
#   make serve   install what is missing, build the site, check it, serve it on http://127.0.0.1:3000
#   make test    install what is missing (Chromium included) and run every test
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 3000
# The browser of the Go and Playwright tests; both read it from the environment.
export CHROMIUM ?= /usr/bin/chromium
# Debian's headless shell: the browser the gate runs when told none (checks/browser.Browsers).
SHELL_CHROMIUM ?= /usr/bin/chromium-headless-shell
# The site's own gate (make check, so make serve and make test) runs that
# choice of the gate's, unless CHROMIUM was set outside this file.
GATE_ENV := $(if $(filter environment command line,$(origin CHROMIUM)),,env -u CHROMIUM)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: shell-check crawl-repeat-check serve test build check content dev preview deps chromium pre-commit mkdocs generators typecheck clean bench bench-build docusaurus-check mkdocs-check hugo-check vitepress-check vuepress-check docsify-check starlight-check rspress-check nextra-check hexo-check eleventy-check jekyll-check sphinx-check proofs install-check check-browser report bench-hook hook bench-size bench-search bench-apiref manuals-check release-check action-check precommit-check site-check

serve: build check
	bin/docs serve -dir site/dist -addr 127.0.0.1:$(PORT)

# npm packages: reinstalled only when the lock file changes.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

deps: node_modules/.installed bin/docs bin/checks

# Debian's Chromium and its headless shell, from the same source package;
# never a browser download.
chromium:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium; }
	@test -x $(SHELL_CHROMIUM) || { $(SUDO) apt-get update -qq && apt-cache show chromium-headless-shell >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium-headless-shell; } || echo "no chromium-headless-shell in apt here: the gate runs Chromium"

# Debian's pre-commit framework, for the proofs that install the hooks through it.
pre-commit:
	@command -v pre-commit >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends pre-commit; }

GO_SOURCES := $(shell find cmd site/docscmd site/compile site/markdown site/searchindex checks internal -name '*.go' 2>/dev/null) go.mod go.sum

bin/docs: $(GO_SOURCES)
	go build -o $@ ./cmd/docs

# -buildvcs=auto stamps the commit for `checks --version` even where GOFLAGS
# turns it off; the -X stamp names it where Go cannot (a git worktree).
bin/checks: $(GO_SOURCES)
	go build -buildvcs=auto -ldflags "-X github.com/devdocs-dev/devdocs/checks/checkscmd.stampCommit=$$(git rev-parse HEAD 2>/dev/null)" -o $@ ./cmd/checks

# The gate on our own build: markdown sources, every link of site/dist, then
# the browser checks (search shortcuts, theme persistence, loader timing) and
# the crawl of 24 pages, in the browser the gate picks (GATE_ENV).
check: bin/checks chromium
	$(GATE_ENV) bin/checks all site/dist --routes site/.generated/routes.json

# Only the browser checks.
check-browser: bin/checks chromium
	$(GATE_ENV) bin/checks browser site/dist

# The whole gate as JSON, then the maintainers' report: gate/report.html and gate/summary.md.
report: bin/checks
	@mkdir -p gate
	-bin/checks all --json gate/results.json
	bin/checks report gate/results.json --out gate/report.html --markdown gate/summary.md $(if $(wildcard gate/previous.json),--previous gate/previous.json)

# A git pre-commit hook that runs `checks markdown --staged`: the commit as staged, not the working tree.
hook: bin/checks
	bin/checks install-hook --checks bin/checks

# content/ -> site/.generated (page records, routes.json, manifest)
content: bin/docs
	bin/docs build

# client build, SSR build, then static HTML for every route
build: deps content
	npx vite build --config site/vite.config.ts --logLevel warn
	npx vite build --config site/vite.config.ts --ssr src/entry-server.tsx --logLevel warn
	node site/scripts/prerender.mjs

# Dev server: recompiles content on every edit; Vite reloads the page.
dev: deps
	bin/docs build
	bin/docs watch & trap 'kill %1' EXIT; npx vite --config site/vite.config.ts

preview: build
	bin/docs serve -dir site/dist -addr 127.0.0.1:$(PORT)

# TypeScript check of the site and the e2e specs, against the declarations
# generated from the Go writers of the JSON they read (internal/formats).
typecheck: deps content
	npx tsc -p site/tsconfig.json --noEmit
	npx tsc -p e2e/tsconfig.json --noEmit

# Runs every suite even when one fails, then prints one summary line. Steps
# that are not test runners (vet, types, build, the gate) count as one test each.
# go test's own limit is ten minutes a package; the browser package's
# Chromium tests alone take about eight on a busy 2-core machine, so the
# limit is 30 minutes. Each stage's time is printed at the end.
test: deps chromium mkdocs
	@rm -rf test-results; mkdir -p test-results; status=0; \
	timed() { t0=$$(date +%s); "$$@"; rc=$$?; echo "stage $$*: $$(( $$(date +%s) - t0 )) s" >> test-results/times.txt; return $$rc; }; \
	step() { if timed "$$@"; then echo "pass $$*" >> test-results/steps.txt; else echo "fail $$*" >> test-results/steps.txt; status=1; fi; }; \
	step go vet ./...; \
	timed sh -c 'go test -json -timeout 30m ./... > test-results/go.json' || status=1; \
	step node --test site/scripts/ site/src/search/ site/src/lib/ .ci/; \
	step $(MAKE) --no-print-directory typecheck; \
	step $(MAKE) --no-print-directory build; \
	step $(MAKE) --no-print-directory check; \
	E2E_PORT=$${E2E_PORT:-$$(node e2e/free-port.mjs)} timed npx playwright test -c e2e/playwright.config.ts || status=1; \
	cat test-results/times.txt; \
	node .ci/summary.mjs test-results || status=1; \
	exit $$status

clean:
	rm -rf bin site/.generated site/.ssr site/dist test-results gate

bin/linkbench: $(GO_SOURCES)
	go build -o $@ ./cmd/linkbench

# The gate against the floor (read + tokenize every file on all cores) and
# linkinator from npm, on generated 1k/10k/50k-page sites with known faults.
# Generated sites are kept in $$TMPDIR/devdocs-bench and reused. SIZES=1000 for a quick run.
SIZES ?= 1000,10000,50000
bench: deps bin/linkbench bin/checks
	@test -x node_modules/.bin/linkinator || npm install --no-save --no-audit --no-fund linkinator@6
	bin/linkbench -sizes $(SIZES)
	@$(MAKE) --no-print-directory bench-repo

# Finding every docs project, and the hook with one page staged, on a
# generated repository of 100k tracked files and an ignored node_modules of
# 200k (checks/bench/repo.sh): each against its target.
bench-repo: bin/checks
	checks/bench/repo.sh

# The gate on a rustdoc-like API reference (source views with an id on every
# line, redirect stubs, line links; 32k pages, about 2.4M links) against the
# floor and htmltest, built from the Go module proxy into bin/ (never
# committed). APIREF_SIZES=4000 for a quick run.
APIREF_SIZES ?= 32000
HTMLTEST_VERSION := v0.17.0
bench-apiref: bin/linkbench bin/htmltest bin/checks
	bin/linkbench -shape apiref -sizes $(APIREF_SIZES) -peers htmltest

# htmltest through a throwaway module: `go install pkg@version` asks the
# proxy for the module's version list, which it does not serve for htmltest.
bin/htmltest:
	@rm -rf bin/.htmltest && mkdir -p bin/.htmltest
	@printf 'module htmltest-bench\n\ngo 1.26\n\nrequire github.com/wjdp/htmltest $(HTMLTEST_VERSION)\n' > bin/.htmltest/go.mod
	cd bin/.htmltest && GOFLAGS=-mod=mod go build -o ../htmltest github.com/wjdp/htmltest

# What the pre-commit hook costs: checks markdown --staged with one page of
# content/ changed in a scratch index (its own page, and every page's links into it).
BENCH_PAGE ?= content/api/1.2/zkvm/install.md
bench-hook: bin/checks
	@index=$$(mktemp); trap 'rm -f $$index' EXIT; cp "$$(git rev-parse --git-path index)" $$index; \
	blob=$$({ cat $(BENCH_PAGE); printf '\n## Bench heading\n'; } | git hash-object -w --stdin); \
	GIT_INDEX_FILE=$$index git update-index --cacheinfo 100644,$$blob,$(BENCH_PAGE); \
	GIT_INDEX_FILE=$$index bin/checks markdown --staged; \
	TIMEFORMAT='10 hook runs: %3R s'; time (for i in 1 2 3 4 5 6 7 8 9 10; do GIT_INDEX_FILE=$$index bin/checks markdown --staged > /dev/null; done)

# checks browser --crawl on the built site (BenchmarkCrawl in checks/browser):
# wall time, CPU time and peak memory of Chromium and the gate, for the floor
# (each page opened in one tab up to its load event) and the crawl in 1 tab
# and in 2, with the crawl's ratios to the floor. CRAWL_SITE=DIR for another
# site, CRAWL_SAMPLE=N for N of its pages, CRAWL_GENERATE=N for a generated
# site of N pages.
.PHONY: bench-crawl
bench-crawl: chromium
	@test -d site/dist || $(MAKE) build
	@for c in $(SHELL_CHROMIUM) $(CHROMIUM); do [ -x $$c ] || { echo "no $$c: not measured"; continue; }; \
		CHROMIUM=$$c go test -run '^$$' -bench Crawl -benchtime 1x -timeout 60m ./checks/browser || exit 1; done

# Clean build and one-page rebuild times of the site (see site/scripts/bench-build.sh).
bench-build: deps
	site/scripts/bench-build.sh

# The gate on a real Docusaurus build (classic template, two versions, root
# and /repo/ base): zero reports on the clean builds, all injected faults found.
docusaurus-check: bin/checks
	proofs/docusaurus.sh

# The same on MkDocs (its `mkdocs new` starter, with and without directory
# URLs, and checks markdown on its docs/, and mkdocs-redirects between two
# deploys) and on Hugo (a small site the script writes, at the root and
# under /repo/); both from Debian's packages.
mkdocs-check: bin/checks mkdocs
	proofs/mkdocs.sh

# MkDocs (its Material theme, and mkdocs-redirects for the proof between two
# deploys) from Debian's packages, for make test's install proof and the
# proofs on MkDocs.
mkdocs:
	@command -v mkdocs >/dev/null && dpkg -s mkdocs-material mkdocs-redirects >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends mkdocs mkdocs-material mkdocs-redirects; }

# The generators the proofs build with that come from Debian (the npm ones,
# Docusaurus, VitePress, Starlight, Rspress and Eleventy, are installed by
# their scripts at pinned versions): Hugo, Jekyll with the plugins GitHub
# Pages turns on and jekyll-redirect-from, Sphinx with MyST, and
# mkdocs-redirects.
GENERATOR_PACKAGES := hugo jekyll jekyll-theme-minima ruby-jekyll-relative-links ruby-jekyll-optional-front-matter \
	ruby-jekyll-readme-index ruby-jekyll-default-layout ruby-jekyll-titles-from-headings ruby-jekyll-seo-tag \
	ruby-jekyll-feed ruby-jekyll-redirect-from python3-sphinx python3-myst-parser
generators: mkdocs
	@dpkg -s $(GENERATOR_PACKAGES) >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(GENERATOR_PACKAGES); }

# Every install command of the README's quick start and of the manual
# (docs/getting-started.md, docs/ci.md), read from the file that holds it
# and run from a scratch directory (proofs/install.sh): the release
# download (an archive built as the release builds it, on disk), go install
# (the module served from a proxy on disk), the commands on an MkDocs
# project, the git hook and both pre-commit hooks. A step of make proofs, no
# longer of make test: building the golang hook and the release archive made
# it slower than make test may grow.
install-check: mkdocs pre-commit
	proofs/install.sh

hugo-check: bin/checks generators
	proofs/hugo.sh

# The gate on real builds of VitePress 1.6, VuePress 2 (2.0.0-rc.28),
# Starlight 0.37 (Astro 5), Rspress 2 and Eleventy 3 from npm, Jekyll 4
# (GitHub Pages' defaults, and plain) and Sphinx 5 with MyST (html and
# dirhtml) from Debian: each at the root and under a base URL, checks all
# with the generator's preset clean on sources and build, and every fault
# put into a copy found at its file:line:col.
vitepress-check: bin/checks
	proofs/vitepress.sh

vuepress-check: bin/checks
	proofs/vuepress.sh

starlight-check: bin/checks
	proofs/starlight.sh

rspress-check: bin/checks
	proofs/rspress.sh

hexo-check: bin/checks
	proofs/hexo.sh

# Docsify has no build: its sites are served on 127.0.0.1 and opened in
# Chromium (proofs/docsifyoracle), the browser's verdict on every
# link held to the gate's.
docsify-check: bin/checks chromium
	CHROMIUM=$(CHROMIUM) proofs/docsify.sh

nextra-check: bin/checks
	proofs/nextra.sh

eleventy-check: bin/checks
	proofs/eleventy.sh

jekyll-check: bin/checks generators
	proofs/jekyll.sh

sphinx-check: bin/checks generators
	proofs/sphinx.sh

# Every real-build proof, each a step of the summary with its time; CI runs
# it after make test (.ci/run), and its last line is the summary of both.
# The proofs that install their generator from npm: make proofs installs
# them in the background from the start (proofs/prepare.sh), and
# each proof waits for its own install.
PREPARED := docusaurus-check vitepress-check vuepress-check docsify-check starlight-check rspress-check nextra-check hexo-check eleventy-check
# The proofs run beside the others, from the start, one after another:
# GoReleaser's builds of six targets from a cold cache, which judge their
# CPU time, not their wall time, while the generators' builds, mostly one
# Node process each, leave a core idle (so the generators come first in
# PROOFS, the Go builds and Chromium runs after). Each is said at its place
# in PROOFS.
BESIDE := release-check
PROOFS := mkdocs-check hugo-check jekyll-check sphinx-check docusaurus-check vitepress-check vuepress-check docsify-check starlight-check rspress-check nextra-check hexo-check eleventy-check install-check precommit-check shell-check crawl-repeat-check release-check action-check manuals-check realdocs-check site-check
# The browser package's tests (each browser check failing on its broken
# fixtures, the crawl's) again in Debian's headless shell, the gate's own
# choice, as make test runs them in Chromium; those that repeat a crawl
# under a synthetic load are left to make test and crawl-repeat-check
# (what load changes is the machine, not the browser build). A machine
# whose apt has no such package skips it, and says so (SKIP_REASON: the
# proofs' summary).
shell-check: chromium
	@if [ -x $(SHELL_CHROMIUM) ]; then CHROMIUM=$(SHELL_CHROMIUM) go test -count=1 -timeout 30m -skip 'UnderLoad' ./checks/browser/...; \
	else echo "no $(SHELL_CHROMIUM): apt has no chromium-headless-shell here" | tee $${SKIP_REASON:-/dev/null}; fi

# The crawl's fault fixtures, each crawled CRAWL_REPEATS times in a row
# under a bounded synthetic load: every run must give the idle run's
# findings. Ten times each is 70 crawls, about 17 minutes on a busy 2-core
# machine (40 took 582 s at a load of 12); make proofs (CI) crawls each
# three times (385 s at a load of 20).
CRAWL_REPEATS ?= 10
crawl-repeat-check: chromium
	CRAWL_REPEATS=$(CRAWL_REPEATS) go test -tags proof -count=1 -timeout $$(( $(CRAWL_REPEATS) * 2 + 5 ))m -run TestCrawlRepeatsUnderLoad ./checks/checkscmd

proofs: bin/checks generators
	@mkdir -p test-results/beside; rm -f test-results/beside/* test-results/skip-*; status=0; \
	proofs/prepare.sh test-results/prepare $(PREPARED); \
	proof() { SKIP_REASON=test-results/skip-$$1 CRAWL_REPEATS=3 $(MAKE) --no-print-directory $$1; }; \
	for p in $(BESIDE); do \
		start=$$(date +%s); RELEASE_BESIDE=1 proof $$p > test-results/beside/$$p.log 2>&1; rc=$$?; \
		echo "$$rc $$(( $$(date +%s) - start ))" > test-results/beside/$$p.done; \
	done & \
	for p in $(PROOFS); do \
		while [ -e test-results/prepare/pending-$$p ]; do sleep 1; done; \
		start=$$(date +%s); skip=test-results/skip-$$p; \
		if [[ " $(BESIDE) " == *" $$p "* ]]; then \
			while [ ! -e test-results/beside/$$p.done ]; do sleep 1; done; \
			cat test-results/beside/$$p.log; read rc took < test-results/beside/$$p.done; start=$$(( $$(date +%s) - took )); \
			if [ $$rc = 0 ]; then verdict=pass; else verdict=fail; status=1; fi; \
		elif proof $$p; then verdict=pass; else verdict=fail; status=1; fi; \
		if [ $$verdict = pass ] && [ -s $$skip ]; then verdict=skip; fi; \
		echo "$$verdict make $$p$$([ $$verdict = skip ] && echo ": $$(cat $$skip)")" >> test-results/steps.txt; \
		echo "proof $$p: $$verdict in $$(( $$(date +%s) - start )) s"; \
	done; \
	node .ci/summary.mjs test-results || status=1; \
	exit $$status

# The gate on six HTML manuals Debian ships (CMake, Git, PostgreSQL, SQLite,
# Go, Python), where Debian installs them: exactly the broken links and
# anchors triaged as true, nothing else (proofs/manuals.sh).
MANUALS = cmake-doc git-doc postgresql-doc-15 sqlite3-doc golang-1.19-doc python3.11-doc jq
manuals-check: bin/checks
	@dpkg-query -W $(MANUALS) >/dev/null 2>&1 && ! dpkg-query -W -f='$${Status}\n' $(MANUALS) | grep -qv 'ok installed' || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(MANUALS); }
	proofs/manuals.sh

# checks markdown at the root of nine generators' own repositories, each at a
# pinned commit: exactly the summary docs/generators.md's table gives. The clones
# are not fetched here: where they are not in REALDOCS_DIR, it skips, and
# says why (proofs/realdocs.sh).
realdocs-check: bin/checks
	proofs/realdocs.sh

# The hook on this repository's docs (versions rules), then on four real
# builds of the site, in a copy of the checkout sharing node_modules: the
# versions rules at the built pages, the clean build crawled under load,
# and between two deploys: proofs/site.sh.
site-check: bin/checks deps
	proofs/site.sh

# The mutants of issue #25, each applied to a copy of the checkout and run
# against the tests that must kill it (proofs/mutants.sh): all must
# be killed. MUTANTS=name,name for some. Not part of make test.
.PHONY: mutants
mutants:
	proofs/mutants.sh

# Bytes a reader downloads until the network is idle (raw and gzip; the page
# and its links' prefetches apart) for /, a docs page and a math page, beside
# a Docusaurus 3 build of the classic template (proofs/docusaurus-build.sh).
# PAGES="/faq /api" for other pages; DOCUSAURUS=none skips the comparison.
bench-size: build chromium
	@if [ "$${DOCUSAURUS:-}" = none ]; then node site/scripts/bench-size.mjs $(PAGES); \
	else dir=$$(proofs/docusaurus-build.sh) && DOCUSAURUS=$$dir/build-root node site/scripts/bench-size.mjs $(PAGES); fi

# Search: index size per version, bytes and time of the first query, keystroke
# to results in Chromium (site/scripts/bench-search.mjs). BENCH_PORT=4189 by default.
bench-search: build chromium
	node site/scripts/bench-search.mjs

# Release tools, built from the Go module proxy at pinned versions into bin/
# (never committed). GoReleaser 2.16 is the newest whose go.mod this Go
# (1.26) builds and whose dependencies the module proxy serves in full
# (2.17 needs go.digitalxero.dev/go-msix, which the proxy refuses).
GORELEASER_VERSION := v2.16.0
ACTIONLINT_VERSION := v1.7.12
bin/goreleaser:
	GOBIN=$(CURDIR)/bin go install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)

bin/actionlint:
	GOBIN=$(CURDIR)/bin go install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

# The release a tag publishes (.goreleaser.yaml), built as a snapshot: every
# archive unpacks to a binary of its platform, and the linux/amd64 one names
# the snapshot on --version; then the tag's run rehearsed, less the upload
# (version and changelog from tags made in a scratch clone), all by
# proofs/release.sh. Built from a cold Go
# build cache and timed, wall and CPU, against 3 minutes on 2 cores (the
# rule is in release.sh; RELEASE_WARM=1 builds in your cache, as action-check does).
# The archives are kept in bin/snapshot for action-check. Then a checkout
# built with Go names itself on --version: at a release tag, a commit after
# it, with uncommitted changes (TestVersionOfABuild, -tags proof).
release-check: bin/goreleaser
	RELEASE_DIST=$(CURDIR)/bin/snapshot proofs/release.sh
	go test -tags proof -count=1 -run '^TestVersionOfABuild$$' ./cmd/checks

# Both pre-commit hooks (golang and system) with Debian's pre-commit in a
# scratch repository, online and with GOPROXY=off, each install timed
# (proofs/precommit.sh); then the golang hook through the framework on
# the commits the staged check must stop or let through (a staged link
# fixed only in the working tree, a page removed or renamed, an excluded
# folder: TestPreCommitFramework, -tags proof).
precommit-check: pre-commit
	proofs/precommit.sh
	go test -tags proof -count=1 -run '^TestPreCommitFramework$$' ./cmd/checks

# The Action at a release tag, its downloads served from 127.0.0.1 out of
# bin/snapshot (made again unless it names HEAD): downloaded, verified and
# cached, restored by a second job, two uses in a job, a tampered archive
# refused, Go where no release matches; then actionlint on the workflows and
# shellcheck (Debian's) on the action's scripts (go test ./cmd/checks -run 'Action(FromRelease|Lint)').
action-check: bin/actionlint
	@command -v shellcheck >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends shellcheck; }
	@grep -qs -- "-snapshot.$$(git rev-parse --short=7 HEAD)$$" bin/snapshot/VERSION || RELEASE_WARM=1 $(MAKE) --no-print-directory release-check
	DEVDOCS_ACTION_RELEASES=$(CURDIR)/bin/snapshot go test -count=1 -v -run 'TestAction(FromRelease|Lint)$$' ./cmd/checks
