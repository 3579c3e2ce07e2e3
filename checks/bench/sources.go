package bench

import (
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// GenerateSources writes, under project, the markdown an MkDocs build of
// the docs shape would come from: mkdocs.yml, checks.json naming the
// mkdocs preset, and docs/docs/sK/pI.md for each built page
// docs/sK/pI/index.html, with headings {#h-0}… and about as many links as
// the built page. Each injected fault of the built site is written in its
// page's source too, as a link or an image, so checks all finds it twice
// and must say it once; "#top" links are anchors no heading has and every
// built page has (the top), so the sources' warnings are withdrawn. It
// measures what checks all adds to checks links: the markdown check, the
// table of sources, and the confirmation.
func GenerateSources(project string, n int, seed int64, faults []Fault) error {
	rng := rand.New(rand.NewSource(seed))
	if err := write(project, "mkdocs.yml", "site_name: bench\nmarkdown_extensions:\n  - attr_list\n"); err != nil {
		return err
	}
	if err := write(project, "checks.json", `{"preset": "mkdocs"}`+"\n"); err != nil {
		return err
	}
	for _, f := range []string{"img/logo.png"} { // MkDocs serves docs/ at the root
		if err := write(project, filepath.Join("docs", f), "asset"); err != nil {
			return err
		}
	}
	byPage := map[string][]Fault{}
	for _, f := range faults {
		byPage[f.Page] = append(byPage[f.Page], f)
	}
	for i := 0; i < n; i++ {
		body := source(i, n, rng, byPage[pagePath(i)+"/index.html"])
		if err := write(project, "docs/"+pagePath(i)+".md", body); err != nil {
			return err
		}
	}
	return write(project, "docs/index.md", "# Home\n\n[start](docs/s0/p0.md)\n")
}

// source is the markdown of page i: the built page's headings and links,
// written as an author writes them (links to .md files).
func source(i, n int, rng *rand.Rand, faults []Fault) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Page %d\n\n![logo](/img/logo.png)\n\n", i)
	for h := 0; h < headingsPer; h++ {
		fmt.Fprintf(&b, "## Heading %d {#h-%d}\n\nSome text about the zkVM, receipts and proofs, long enough to look like a docs paragraph.\n\n", h, h)
		for l := 0; l < linksPerPage/headingsPer; l++ {
			b.WriteString(sourceLink(i, n, rng) + "\n")
		}
		b.WriteString("\n")
	}
	for _, f := range faults {
		if f.Check == "broken-link" && strings.HasPrefix(f.Href, "/img/") {
			fmt.Fprintf(&b, "![missing](%s)\n\n", f.Href)
		} else {
			fmt.Fprintf(&b, "[broken](%s)\n\n", f.Href)
		}
	}
	b.WriteString("[Back to top](#top)\n")
	return b.String()
}

// sourceLink is one good link of a page's source.
func sourceLink(i, n int, rng *rand.Rand) string {
	t := rng.Intn(n)
	to := fmt.Sprintf("../s%d/p%d.md", t%sections, t)
	switch rng.Intn(4) {
	case 0:
		return fmt.Sprintf("[anchor](%s#h-%d)", to, rng.Intn(headingsPer))
	case 1:
		return fmt.Sprintf("[same page](#h-%d)", rng.Intn(headingsPer))
	case 2:
		return fmt.Sprintf("[relative](p%d.md)", sameSection(i, n, rng))
	}
	return fmt.Sprintf("[page](%s)", to)
}

// warm reads every file under dir once, so no tool pays for the first
// read from disk.
func warm(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		_, err = os.ReadFile(p)
		return err
	})
}

// ensureSources generates a site's sources once; later runs reuse them.
// They are dated before the site, as a generator's sources always are:
// checks all reads again only sources its build cannot vouch for, and a
// source newer than its built page is one.
func ensureSources(project string, n int, faults []Fault) error {
	if _, err := os.Stat(filepath.Join(project, "checks.json")); err != nil {
		_ = os.RemoveAll(project)
		if err := GenerateSources(project, n, int64(n), faults); err != nil {
			return err
		}
	}
	written := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	return filepath.WalkDir(project, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return os.Chtimes(p, written, written)
	})
}
