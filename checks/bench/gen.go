// Package bench generates synthetic clean-URL sites with known faults and
// measures link checkers on them against a floor: reading and tokenising
// every file on all cores, which no checker can beat.
package bench

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Fault is one injected problem a correct checker must report.
type Fault struct {
	Page  string `json:"page"` // file, relative to the site root
	Href  string `json:"href"`
	Check string `json:"check"` // broken-link or broken-anchor
}

const (
	sections       = 50
	headingsPer    = 6
	linksPerPage   = 50
	faultEveryPage = 20 // one page in 20 carries an injected fault
)

func pagePath(i int) string { return fmt.Sprintf("docs/s%d/p%d", i%sections, i) }

// Generate writes a site of n pages under dir and returns its faults. The
// same n and seed always give the same site.
func Generate(dir string, n int, seed int64) ([]Fault, error) {
	rng := rand.New(rand.NewSource(seed))
	if err := writeAssets(dir); err != nil {
		return nil, err
	}
	var faults []Fault
	for i := 0; i < n; i++ {
		body, fs := page(i, n, rng)
		file := pagePath(i) + "/index.html"
		for j := range fs {
			fs[j].Page = file
		}
		faults = append(faults, fs...)
		if err := write(dir, file, body); err != nil {
			return nil, err
		}
	}
	if err := write(dir, "index.html", `<!doctype html><title>Home</title><a href="/docs/s0/p0">start</a>`); err != nil {
		return nil, err
	}
	return faults, writeFaults(dir, faults)
}

// writeFaults keeps a site's faults beside it, so later runs reuse the site.
func writeFaults(dir string, faults []Fault) error {
	raw, _ := json.MarshalIndent(faults, "", " ")
	return os.WriteFile(dir+".faults.json", raw, 0o644)
}

func writeAssets(dir string) error {
	for _, f := range []string{"assets/app.js", "assets/app.css", "img/logo.png", "img/logo@2x.png", "files/guide v2.pdf"} {
		if err := write(dir, f, "asset"); err != nil {
			return err
		}
	}
	return nil
}

// page renders one page: a navbar, headings with ids, ~50 links of every
// valid kind, and on some pages one injected fault.
func page(i, n int, rng *rand.Rand) (string, []Fault) {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><html><head><title>Page %d</title><link rel=\"stylesheet\" href=\"/assets/app.css\"><script src=\"/assets/app.js\"></script></head><body>\n", i)
	b.WriteString(`<nav><a href="/">Home</a> <a href="/docs/s0/p0/">Docs</a> <a href="https://example.com/blog">Blog</a> <a href="mailto:docs@example.com">Mail</a></nav>` + "\n")
	b.WriteString(`<img src="/img/logo.png" srcset="/img/logo.png 1x, /img/logo@2x.png 2x" alt="">` + "\n")
	for h := 0; h < headingsPer; h++ {
		fmt.Fprintf(&b, "<h2 id=\"h-%d\">Heading %d</h2>\n<p>Some text about the zkVM, receipts and proofs, long enough to look like a docs paragraph.</p>\n", h, h)
		for l := 0; l < linksPerPage/headingsPer; l++ {
			b.WriteString(validLink(i, n, rng) + "\n")
		}
	}
	var faults []Fault
	if i%faultEveryPage == 0 {
		markup, href, check := fault(i, n, rng)
		b.WriteString(markup + "\n")
		faults = append(faults, Fault{Href: href, Check: check})
	}
	b.WriteString(`<a href="#top">Back to top</a></body></html>` + "\n")
	return b.String(), faults
}

// validLink is one link that exists, in one of the forms hosts accept.
func validLink(i, n int, rng *rand.Rand) string {
	t := rng.Intn(n)
	switch rng.Intn(8) {
	case 0:
		return fmt.Sprintf(`<a href="/%s/">slash</a>`, pagePath(t))
	case 1:
		return fmt.Sprintf(`<a href="/%s/index.html">index</a>`, pagePath(t))
	case 2:
		return fmt.Sprintf(`<a href="/%s#h-%d">anchor</a>`, pagePath(t), rng.Intn(headingsPer))
	case 3:
		return fmt.Sprintf(`<a href="/%s?ref=nav">query</a>`, pagePath(t))
	case 4:
		return `<a href="/files/guide%20v2.pdf">encoded</a>`
	case 5:
		return fmt.Sprintf(`<a href="#h-%d">same page</a>`, rng.Intn(headingsPer))
	case 6:
		return fmt.Sprintf(`<a href="../p%d/">relative</a>`, sameSection(i, n, rng))
	}
	return fmt.Sprintf(`<a href="/%s">clean</a>`, pagePath(t))
}

// sameSection picks a page in page i's section, for relative links.
func sameSection(i, n int, rng *rand.Rand) int {
	t := i % sections
	for k := rng.Intn(n/sections + 1); k > 0 && t+sections < n; k-- {
		t += sections
	}
	return t
}

// fault returns the markup of one injected fault, its URL and its check id.
func fault(i, n int, rng *rand.Rand) (markup, href, check string) {
	switch t := pagePath(rng.Intn(n)); i / faultEveryPage % 4 {
	case 0:
		href = "/" + t + "-missing"
		return fmt.Sprintf(`<a href="%s">broken page</a>`, href), href, registry.BrokenLink
	case 1:
		href = "/" + t + "#no-such-heading"
		return fmt.Sprintf(`<a href="%s">broken anchor</a>`, href), href, registry.BrokenAnchor
	case 2:
		return `<img src="/img/missing.png" alt="">`, "/img/missing.png", registry.BrokenLink
	}
	return `<img srcset="/img/logo.png 1x, /img/missing@2x.png 2x" alt="">`, "/img/missing@2x.png", registry.BrokenLink
}

func write(dir, rel, body string) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(body), 0o644)
}
