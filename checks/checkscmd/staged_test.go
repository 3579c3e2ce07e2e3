package checkscmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
)

// docsRepo makes a git repository of testdata/hook/docs.txtar (a plain
// docs/ folder, no checks.json), committed once, and makes it the working
// directory.
func docsRepo(t *testing.T, commit bool) {
	t.Helper()
	abs, err := filepath.Abs("../../testdata/hook/docs.txtar")
	require.NoError(t, err)
	ar, err := txtar.ParseFile(abs)
	require.NoError(t, err)
	unpack(t, ar)
	testfiles.Repo(t, commit)
}

var elapsed = regexp.MustCompile(`in \d+\.\d+s`)

// staged runs `checks markdown --staged ARGS…` and returns its exit code
// and stdout (timing blanked); stderr must hold nothing unless it fails.
func staged(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(append([]string{"markdown", "--staged"}, args...), &out, &errOut, false)
	if code != 2 {
		assert.Empty(t, errOut.String())
	}
	return code, elapsed.ReplaceAllString(out.String()+errOut.String(), "in X.XXs")
}

func TestStagedNotWorkingTree(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"docs/install.md": "# Install\n\nSee [missing](missing.md).\n"})
	git(t, "add", "docs/install.md")
	write(t, map[string]string{"docs/install.md": "# Install\n\nFixed on disk, not staged: [guide](guide.md).\n"})

	code, out := staged(t)
	assert.Equal(t, 1, code, out)
	assert.Equal(t, `docs/install.md
  3:5    error   broken markdown link "missing.md": docs/missing.md does not exist [markdown-link]

checks markdown: 1 page, 1 link checked in X.XXs: 1 error
`, out)

	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, Run([]string{"markdown", "docs"}, &stdout, &stderr, false), "the working tree is fine: %s", stdout.String())
}

func TestStagedLinkToUnstagedFile(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"docs/faq.md": "# FAQ\n"})
	write(t, map[string]string{"docs/index.md": "# Docs\n\n[FAQ](faq.md)\n"})
	git(t, "add", "docs/index.md")

	code, out := staged(t)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, `3:1    error   broken markdown link "faq.md": docs/faq.md does not exist [markdown-link]`)

	git(t, "add", "docs/faq.md")
	code, out = staged(t)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "checks markdown: 2 pages, 1 link checked")
}

func TestStagedDeleteFailsOnTheLinkingPage(t *testing.T) {
	docsRepo(t, true)
	git(t, "rm", "-q", "docs/guide.md")

	code, out := staged(t)
	assert.Equal(t, 1, code, out)
	assert.Equal(t, `README.md
  3:10   error   broken markdown link "docs/guide.md": docs/guide.md does not exist [markdown-link]

docs/index.md
  4:3    error   broken markdown link "guide.md#setup": docs/guide.md does not exist [markdown-link]

docs/install.md
  3:17   error   broken markdown link "./guide.md": docs/guide.md does not exist [markdown-link]

checks markdown: 3 pages, 5 links checked in X.XXs: 3 errors
`, out)
}

func TestStagedRenameFailsOnTheLinkingPageAndChecksTheMovedOne(t *testing.T) {
	docsRepo(t, true)
	require.NoError(t, os.MkdirAll("docs/guides", 0o755))
	git(t, "mv", "docs/guide.md", "docs/guides/setup.md")
	git(t, "add", "README.md") // unchanged: only the index matters

	code, out := staged(t)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "docs/guides/setup.md\n  5:9    error   broken markdown link \"index.md\": docs/guides/index.md does not exist")
	assert.Contains(t, out, "docs/index.md\n  4:3    error   broken markdown link \"guide.md#setup\": docs/guide.md does not exist")
	assert.Contains(t, out, "README.md\n  3:10   error")
}

// A page edited with every id it had kept breaks no link into it, so the
// pages that link to it are not read again (on a repository of 2,600
// pages, 1.0 s of the hook's 1.3 s); a change of its front matter, which
// may move it, has them checked as a heading's removal does.
func TestStagedTextEditLeavesTheLinkingPagesAlone(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"docs/guide.md": "# Guide\n\n## Setup\n\nNew words.\n\n## A new heading\n"})
	git(t, "add", "docs/guide.md")
	code, out := staged(t)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "checks markdown: 1 page, 0 links checked")

	write(t, map[string]string{"docs/guide.md": "---\ntitle: Moved\n---\n# Guide\n\n## Setup\n"})
	git(t, "add", "docs/guide.md")
	code, out = staged(t)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "checks markdown: 4 pages, 5 links checked", "the guide, and the three pages that name it")
}

// A changed heading breaks anchors elsewhere: a warning, as anchors are.
func TestStagedHeadingChangeWarnsOnTheLinkingPage(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"docs/guide.md": "# Guide\n\n## Set up\n\nBack to [the index](index.md).\n"})
	git(t, "add", "docs/guide.md")

	code, out := staged(t)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "docs/index.md\n  4:3    warning anchor #setup not found in docs/guide.md [markdown-anchor]")
}

func TestStagedExclude(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"fixtures/broken.md": "Still broken on purpose: [nowhere](nowhere.md) and [gone](../docs/guide.md).\n"})
	git(t, "add", "fixtures/broken.md")
	code, out := staged(t)
	assert.Equal(t, 1, code, "without an exclude the fixture is a page like any other: %s", out)

	write(t, map[string]string{"checks.json": `{"markdown": {"exclude": ["fixtures/**"]}}`})
	code, out = staged(t)
	assert.Equal(t, 0, code, out)
	git(t, "rm", "-q", "--cached", "docs/guide.md")
	code, out = staged(t)
	assert.Equal(t, 1, code, out)
	assert.NotContains(t, out, "fixtures/", "an excluded page is not checked for links into deleted files either")

	write(t, map[string]string{"checks.json": `{"markdown": {"exclude": ["fixtures/[**"]}}`})
	code, out = staged(t)
	assert.Equal(t, 2, code)
	assert.Contains(t, out, `exclude pattern "fixtures/[**" is not a valid glob`)
}

// markdown.paths limits the pages, as it does without --staged.
func TestStagedKeepsToMarkdownPaths(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"checks.json": `{"markdown": {"paths": ["docs"]}}`})
	write(t, map[string]string{"README.md": "[broken](nowhere.md)\n"})
	git(t, "add", "README.md")
	code, out := staged(t)
	assert.Equal(t, 0, code, out)
	code, out = staged(t, "README.md")
	assert.Equal(t, 1, code, "a file named is checked: %s", out)
}

func TestStagedFirstCommitAndSubfolder(t *testing.T) {
	docsRepo(t, false)
	code, out := staged(t)
	assert.Equal(t, 1, code, "the first commit adds everything, the broken fixture too: %s", out)
	assert.Contains(t, out, "fixtures/broken.md\n  1:38")
	assert.Contains(t, out, "checks markdown: 5 pages")

	t.Chdir("docs")
	code, out = staged(t, "index.md", ".")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "checks markdown: 3 pages")
	code, out = staged(t, "nothere.md")
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "nothere.md: not in git's index")
}

func TestStagedOutsideGit(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(mustGetwd(t)))
	code, out := staged(t)
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "checks markdown: git rev-parse --show-toplevel: fatal: not a git repository")
}

func mustGetwd(t *testing.T) string {
	wd, err := os.Getwd()
	require.NoError(t, err)
	return wd
}

// This repository's own hook passes on everything it has staged, its
// fixtures that are broken on purpose (testdata/) excluded by checks.json.
func TestThisRepositoryPassesItsOwnHook(t *testing.T) {
	t.Chdir("../..")
	var out, errOut bytes.Buffer
	code := Run([]string{"markdown", "--staged", "."}, &out, &errOut, false)
	assert.Equal(t, 0, code, "%s%s", out.String(), errOut.String())
}

// Exclude globs are written from the folder of checks.json, which is found
// at the git root when we run in a subfolder.
func TestExcludeFromASubfolder(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"checks.json": `{"markdown": {"exclude": ["fixtures/**"]}}`})
	t.Chdir("fixtures")
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"markdown", "broken.md", "."}, &out, &errOut, false), out.String()+errOut.String())
	assert.Contains(t, out.String(), "checks markdown: nothing to check in ")
	code, text := staged(t, "broken.md")
	assert.Equal(t, 0, code, text)
}

// A link into a submodule is judged by the submodule's files at the commit
// staged for it, as the working-tree run judges it by its checkout: a
// file it has passes, one it lacks fails, the same in both runs. A change
// on disk in the submodule, not committed there, is not in the commit.
func TestStagedLinkIntoSubmodule(t *testing.T) {
	docsRepo(t, true)
	lib := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(lib, "README.md"), []byte("# Lib\n\n## Usage\n"), 0o644))
	git(t, "-C", lib, "init", "-q")
	git(t, "-C", lib, "add", ".")
	git(t, "-C", lib, "-c", "user.email=lib@test", "-c", "user.name=lib", "commit", "-q", "-m", "lib")
	git(t, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "vendor/lib")
	write(t, map[string]string{"docs/uses-lib.md": "# Uses\n\n[usage](../vendor/lib/README.md#usage)\n\n[gone](../vendor/lib/gone.md)\n"})
	git(t, "add", ".")
	want := `docs/uses-lib.md
  5:1    error   broken markdown link "../vendor/lib/gone.md": vendor/lib/gone.md does not exist [markdown-link]
`
	var out, errOut bytes.Buffer
	assert.Equal(t, 1, Run([]string{"markdown", "docs/uses-lib.md"}, &out, &errOut, false))
	assert.True(t, strings.HasPrefix(out.String(), want), "the working tree: %s", out.String())

	code, got := staged(t, "docs/uses-lib.md")
	assert.Equal(t, 1, code, got)
	assert.Equal(t, want+"\nchecks markdown: 1 page, 2 links checked in X.XXs: 1 error\n", got)

	require.NoError(t, os.Remove("vendor/lib/README.md")) // on disk only: the staged commit still has it
	code, got = staged(t, "docs/uses-lib.md")
	assert.Equal(t, 1, code, got)
	assert.NotContains(t, got, "README.md")
}

// A staged page may be a symbolic link: relative, absolute (into the work
// tree), through a linked folder, or to a file the commit lacks, which is
// a problem of that page naming where it points, not a failed run.
func TestStagedSymlinkedPages(t *testing.T) {
	docsRepo(t, true)
	write(t, map[string]string{"docs/real.md": "# Real\n\n## Part\n", "other/o.md": "# Other\n"})
	top := mustGetwd(t)
	require.NoError(t, os.Symlink("real.md", "docs/rel.md"))
	require.NoError(t, os.Symlink(filepath.Join(top, "docs/real.md"), "docs/abs.md"))
	require.NoError(t, os.Symlink("../other", "docs/folder"))
	write(t, map[string]string{"docs/links.md": "# Links\n\n[a](abs.md#part) [r](rel.md#part) [o](folder/o.md)\n"})
	git(t, "add", ".")

	code, out := staged(t)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "no problems")

	require.NoError(t, os.Symlink("unstaged.md", "docs/dangling.md"))
	git(t, "add", "docs/dangling.md")
	code, out = staged(t, "docs/dangling.md")
	assert.Equal(t, 2, code, out)
	assert.Equal(t, "checks markdown: read docs/dangling.md: a symbolic link to docs/unstaged.md, which is not in git's index\n", out)
}

// stagedInProject runs `checks markdown --staged` where a generator's
// config is found, which the run names on stderr: its exit code and stdout.
func stagedInProject(t *testing.T) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run([]string{"markdown", "--staged"}, &out, &errOut, false)
	assert.Contains(t, errOut.String(), "checks: the ")
	return code, elapsed.ReplaceAllString(out.String(), "in X.XXs")
}

// committedRepo makes files a git repository, committed once, and makes it
// the working directory.
func committedRepo(t *testing.T, files map[string]string) {
	t.Helper()
	t.Chdir(t.TempDir())
	write(t, files)
	testfiles.Repo(t, true)
}

// A page keeps its ids as its generator builds it, with what it includes:
// a commit that drops an include (pymdownx.snippets) drops the headings it
// brought, though the page's own text keeps every heading, so the pages
// linking to one are read again and warned.
func TestStagedIncludeDroppedWarnsOnTheLinkingPage(t *testing.T) {
	committedRepo(t, map[string]string{
		"mkdocs.yml":           "site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets\n",
		"CONTRIBUTING.md":      "# Contributing\n\n## Pull requests\n",
		"docs/index.md":        "# Home\n\n[how](contributing.md#pull-requests)\n",
		"docs/contributing.md": "# About contributing\n\n--8<-- \"CONTRIBUTING.md\"\n",
	})
	write(t, map[string]string{"docs/contributing.md": "# About contributing\n\nSee the repository.\n"})
	git(t, "add", "docs/contributing.md")
	code, out := stagedInProject(t)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "docs/index.md\n  3:1    warning anchor #pull-requests not found in docs/contributing.md [markdown-anchor]")
}

// A Hugo page's TOML front matter may move it (url): a change of it has
// the pages that link to the page read again, as a YAML one's does.
func TestStagedTOMLFrontMatterChangeChecksTheLinkingPages(t *testing.T) {
	committedRepo(t, map[string]string{
		"hugo.toml":             "baseURL = \"https://example.org/\"\ntitle = \"x\"\n",
		"content/_index.md":     "---\ntitle: H\n---\n[notes](/notes/)\n",
		"content/docs/notes.md": "+++\ntitle = \"Notes\"\nurl = \"/notes/\"\n+++\n## Notes\n",
	})
	write(t, map[string]string{"content/docs/notes.md": "+++\ntitle = \"Notes\"\nurl = \"/elsewhere/notes/\"\n+++\n## Notes\n"})
	git(t, "add", "content/docs/notes.md")
	code, out := stagedInProject(t)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "content/_index.md\n  4:1    error   broken markdown link \"/notes/\"")
}
