package main

import (
	"cmp"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The action at a release tag, its downloads served from 127.0.0.1 out of
// a snapshot release (make action-check builds one with GoReleaser and
// names its folder in DEVDOCS_ACTION_RELEASES; without it the test skips,
// so go test and make test build no release). A first job downloads the
// archive, checks its sum and caches it; a second job restores it from the
// cache and uses the action twice; a tampered archive stops the job (also
// where only shasum checks sums, as on macOS); a tag
// with no release and a branch fall back to Go and say so. The install
// step's time is printed against its budget: 20 s downloaded, 10 s cached.
func TestActionFromRelease(t *testing.T) {
	dist := os.Getenv("DEVDOCS_ACTION_RELEASES")
	if dist == "" {
		t.Skip("DEVDOCS_ACTION_RELEASES names no snapshot release (make action-check builds one)")
	}
	raw, err := os.ReadFile(filepath.Join(dist, "VERSION"))
	require.NoError(t, err)
	version := strings.TrimSpace(string(raw))
	a, _ := loadAction(t)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	work := filepath.Join(t.TempDir(), "repo")
	unpackTxtar(t, "../../testdata/action/site.txtar", work)

	// GitHub's release URLs: /<tag>/<file>. tampered flips a byte of every archive.
	tampered := false
	var requests []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, q *http.Request) {
		requests = append(requests, q.URL.Path)
		tag, file, _ := strings.Cut(strings.TrimPrefix(q.URL.Path, "/"), "/")
		body, err := os.ReadFile(filepath.Join(dist, filepath.Base(file)))
		if tag != "v"+version || err != nil {
			http.NotFound(w, q)
			return
		}
		if tampered && !strings.HasSuffix(file, "checksums.txt") {
			body[len(body)/2] ^= 1
		}
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	require.True(t, strings.HasPrefix(srv.URL, "http://127.0.0.1:"))
	env := []string{"DEVDOCS_CHECKS_RELEASES=" + srv.URL}
	store := t.TempDir() // actions/cache's store, shared by the jobs of the run
	job := func(ref string, store string) *runner {
		r := newJob(t, a, root, ref, work, newWorkflowRun(store))
		r.env = env
		return r
	}
	installTime := regexp.MustCompile(`, in (\d+) s\n`)
	wantVersion := "checks v" + version + " (commit "

	// Job 1: downloaded and verified, then cached.
	// The install's time: the steps that find, download, verify and unpack
	// checks (the cache's own steps are simulated here, so not timed).
	installTook := func(res useResult) time.Duration { return res.steps["resolve"].took + res.steps["install"].took }
	r := job("v"+version, store)
	res := r.use(map[string]string{"command": "links"})
	took := installTook(res)
	install := res.steps["install"]
	require.Equal(t, 0, install.code, install.stdout+install.stderr)
	assert.Contains(t, install.stdout, wantVersion)
	assert.Contains(t, install.stdout, "downloaded, sha256 ")
	assert.Regexp(t, installTime, install.stdout)
	assert.NotContains(t, res.used, "actions/setup-go", "a release needs no Go")
	assert.Equal(t, []string{"/v" + version + "/checks_" + version + "_checksums.txt", "/v" + version + "/checks_" + version + "_linux_amd64.tar.gz"}, requests)
	assert.Equal(t, 1, res.steps["run"].code, "the downloaded binary finds the broken link: %s", res.steps["run"].stdout)
	t.Logf("action install, downloaded: %.1f s (budget 20 s): %s", took.Seconds(), strings.TrimSpace(install.stdout))
	assert.Less(t, took, 20*time.Second)

	// Job 2: a fresh runner; the binary comes from the cache, and two uses share it.
	requests = nil
	r = job("v"+version, store)
	res = r.use(map[string]string{"command": "links"})
	took = installTook(res)
	install = res.steps["install"]
	assert.Contains(t, install.stdout, wantVersion+"")
	assert.Contains(t, install.stdout, "from the cache")
	assert.Empty(t, requests, "nothing downloaded")
	t.Logf("action install, cached: %.1f s (budget 10 s): %s", took.Seconds(), strings.TrimSpace(install.stdout))
	assert.Less(t, took, 10*time.Second)
	res = r.use(map[string]string{"command": "markdown", "directory": "build"})
	assert.Equal(t, "docs-gate-report-docs-2", res.steps["run"].outputs["artifact"])
	assert.Equal(t, []string{"actions/upload-artifact docs-gate-report-docs-2"}, res.uploads)

	// github.action_ref left empty, as runners may leave it in a composite
	// action: the folder the runner downloaded the action into names the ref.
	actions := filepath.Join(t.TempDir(), "_actions", "devdocs-dev", "devdocs")
	require.NoError(t, os.MkdirAll(actions, 0o755))
	require.NoError(t, os.Symlink(root, filepath.Join(actions, "v"+version)))
	r = newJob(t, a, filepath.Join(actions, "v"+version), "", work, newWorkflowRun(store))
	r.env = env
	res = r.use(map[string]string{"command": "links"})
	assert.Contains(t, res.steps["install"].stdout, wantVersion+"", "the ref read from the action's folder")

	// A tampered archive (nothing cached yet): the job stops, naming the file and both sums.
	tampered = true
	res = job("v"+version, t.TempDir()).use(map[string]string{"command": "links"})
	tampered = false
	install = res.steps["install"]
	assert.Equal(t, 1, install.code)
	assert.Regexp(t, `::error title=devdocs checks::checksum mismatch for checks_`+regexp.QuoteMeta(version)+`_linux_amd64.tar.gz of v`+regexp.QuoteMeta(version)+`: checks_\S+_checksums.txt says [0-9a-f]{64}, the download is [0-9a-f]{64}\. Not using it`, install.stdout)
	assert.NotContains(t, res.steps, "run", "nothing runs after a checksum mismatch")

	// Runners of every other system and CPU: the archive of that platform
	// downloaded (a zip for Windows), its sum checked, unpacked to checks or
	// checks.exe, cached under a key of that platform. This machine cannot
	// run those binaries, so the step stops where it asks them --version.
	for _, p := range []struct{ os, arch, platform, archive, exe, magic string }{
		{"macOS", "X64", "darwin_amd64", "darwin_amd64.tar.gz", "checks", "\xcf\xfa\xed\xfe"}, // Mach-O 64-bit
		{"macOS", "ARM64", "darwin_arm64", "darwin_arm64.tar.gz", "checks", "\xcf\xfa\xed\xfe"},
		{"Windows", "X64", "windows_amd64", "windows_amd64.zip", "checks.exe", "MZ"}, // PE
		{"Windows", "ARM64", "windows_arm64", "windows_arm64.zip", "checks.exe", "MZ"},
		{"Linux", "ARM64", "linux_arm64", "linux_arm64.tar.gz", "checks", "\x7fELF"},
	} {
		requests = nil
		r := job("v"+version, t.TempDir())
		r.env = append([]string{"RUNNER_OS=" + p.os, "RUNNER_ARCH=" + p.arch}, env...)
		if p.os == "macOS" { // macOS has shasum, no sha256sum: the sum is checked with Debian's shasum here
			r.env = append(r.env, "PATH="+pathWithout(t, "sha256sum"))
		}
		res := r.use(map[string]string{"command": "links"})
		resolve, install := res.steps["resolve"], res.steps["install"]
		name := p.os + " " + p.arch
		assert.Equal(t, "devdocs-checks-"+version+"-"+p.platform, resolve.outputs["key"], name)
		assert.Equal(t, []string{"/v" + version + "/checks_" + version + "_checksums.txt", "/v" + version + "/checks_" + version + "_" + p.archive}, requests, name)
		assert.NotContains(t, install.stdout, "checksum mismatch", name)
		exe, err := os.ReadFile(filepath.Join(resolve.outputs["dir"], p.exe))
		if assert.NoError(t, err, "%s: unpacked to %s", name, p.exe) {
			assert.True(t, strings.HasPrefix(string(exe), p.magic), "%s: %s is no binary of its platform", name, p.exe)
		}
		assert.Equal(t, 126, install.code, "%s: the step ran the unpacked binary, which this machine cannot: %s", name, install.stderr)
		assert.NotContains(t, res.steps, "run", name)
	}
	tampered = true
	r = job("v"+version, t.TempDir())
	r.env = append([]string{"RUNNER_OS=Windows", "RUNNER_ARCH=ARM64"}, env...)
	install = r.use(map[string]string{"command": "links"}).steps["install"]
	tampered = false
	assert.Equal(t, 1, install.code)
	assert.Contains(t, install.stdout, "::error title=devdocs checks::checksum mismatch for checks_"+version+"_windows_arm64.zip of v"+version)
	tampered = true
	r = job("v"+version, t.TempDir())
	r.env = append([]string{"RUNNER_OS=macOS", "RUNNER_ARCH=ARM64", "PATH=" + pathWithout(t, "sha256sum")}, env...)
	install = r.use(map[string]string{"command": "links"}).steps["install"]
	tampered = false
	assert.Equal(t, 1, install.code)
	assert.Contains(t, install.stdout, "::error title=devdocs checks::checksum mismatch for checks_"+version+"_darwin_arm64.tar.gz of v"+version, "shasum finds the mismatch")

	// A tag with no release, and a branch: Go builds checks, and the step says why.
	for ref, why := range map[string]string{
		"v9.9.9": "no release v9.9.9 of checks has checks_9.9.9_checksums.txt",
		"main":   "the action's ref 'main' is no release tag vX.Y.Z (runner Linux X64)",
	} {
		res = job(ref, store).use(map[string]string{"command": "links"})
		assert.Contains(t, res.steps["install"].stdout, "::notice title=devdocs checks::"+why+": building checks from the action's source with Go instead")
		assert.Contains(t, res.used, "actions/setup-go", ref)
		assert.Equal(t, 1, res.steps["run"].code, ref)
	}
}

// pathWithout is a PATH of this machine's tools without name: a folder of
// links to every program of PATH's folders but that one.
func pathWithout(t *testing.T, name string) string {
	dir := t.TempDir()
	for _, from := range filepath.SplitList(os.Getenv("PATH")) {
		entries, _ := os.ReadDir(from)
		for _, e := range entries {
			link := filepath.Join(dir, e.Name())
			if e.Name() == name {
				continue
			}
			if _, err := os.Lstat(link); err == nil {
				continue // an earlier folder of PATH has it
			}
			require.NoError(t, os.Symlink(filepath.Join(from, e.Name()), link))
		}
	}
	_, err := exec.LookPath(filepath.Join(dir, name))
	require.Error(t, err, "%s is still there", name)
	return dir
}

// actionlint on the workflows and on a workflow that uses the action twice
// in one job; shellcheck on each of the action's scripts (actionlint checks
// the scripts of workflows, not of an action's own steps).
func TestActionLint(t *testing.T) {
	if os.Getenv("DEVDOCS_ACTION_RELEASES") == "" {
		t.Skip("part of make action-check")
	}
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	lint := exec.Command(filepath.Join(root, "bin/actionlint"), ".github/workflows/ci.yml", ".github/workflows/docs-gate.yml",
		".github/workflows/release.yml", "testdata/action/workflow.yml")
	lint.Dir = root
	out, err := lint.CombinedOutput()
	assert.NoError(t, err, "actionlint: %s", out)

	a, _ := loadAction(t)
	for _, s := range a.Runs.Steps {
		if s.Run == "" {
			continue
		}
		sc := exec.Command("shellcheck", "--shell=bash", "-")
		sc.Stdin = strings.NewReader(s.Run)
		out, err := sc.CombinedOutput()
		assert.NoError(t, err, "shellcheck of step %q:\n%s", cmp.Or(s.ID, s.Name), out)
	}
}
