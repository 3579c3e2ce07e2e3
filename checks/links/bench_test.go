package links

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/serve"
)

// The kinds of href a generated bench page holds (checks/bench): navbar and
// assets, every absolute form, relative, percent-encoded, same-page anchors.
var benchHrefs = []string{"/", "/assets/app.css", "/docs/s3/p1203/", "/docs/s3/p1203/index.html", "/docs/s3/p1203#h-2",
	"/docs/s3/p1203?ref=nav", "/docs/s3/p1203", "/files/guide%20v2.pdf", "#h-3", "../p1253/", "https://example.com/blog", "mailto:docs@example.com"}

func BenchmarkResolve(b *testing.B) {
	r := NewResolver("/docs/s3/p53/", "", "")
	for b.Loop() {
		for _, h := range benchHrefs {
			r.Resolve(h)
		}
	}
}

// Lookups of random pages of a 50k-page site, in every form a link takes:
// the index is far larger than the CPU caches, as on a real large site.
func BenchmarkLookup(b *testing.B) {
	const pages = 50000
	files := map[string]struct{}{"index.html": {}, "files/guide v2.pdf": {}}
	for i := range pages {
		files[fmt.Sprintf("docs/s%d/p%d/index.html", i%50, i)] = struct{}{}
	}
	ix := NewIndex(files, serve.Host{CleanURLs: true})
	rng := rand.New(rand.NewSource(1))
	paths := make([]string, 4096)
	for i := range paths {
		t := rng.Intn(pages)
		paths[i] = fmt.Sprintf("/docs/s%d/p%d", t%50, t) + []string{"/", "/index.html", ""}[rng.Intn(3)]
		if i%8 == 0 {
			paths[i] = "/files/guide%20v2.pdf"
		}
	}
	for b.Loop() {
		for _, p := range paths {
			if ix.Lookup(p) == 0 {
				b.Fatalf("%s not found", p)
			}
		}
	}
}
