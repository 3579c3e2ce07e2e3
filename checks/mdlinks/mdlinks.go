// Package mdlinks checks the markdown sources, for a pre-commit hook: links
// to .md files and their anchors (through the compiler's own resolver, so
// the check and the build cannot disagree) and images.
package mdlinks

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/site/compile"
)

// MissingImage is the check id for an image that does not exist.
const MissingImage = "markdown-image"

// Check validates the given pages (all when only is empty). publicDir
// holds the files served at the site root (/img/x.svg is publicDir/img/x.svg).
func Check(s *compile.Site, publicDir string, only map[string]bool) (diag.List, int, int) {
	var out diag.List
	pages, links := 0, 0
	for _, pg := range s.Pages() {
		if len(only) > 0 && !only[filepath.Clean(pg.Source)] {
			continue
		}
		pages++
		links += len(pg.Doc.Links)
		out = append(out, s.CheckPageLinks(pg)...)
		out = append(out, images(pg, publicDir)...)
	}
	return out, pages, links
}

func images(pg *compile.Page, publicDir string) diag.List {
	var out diag.List
	for _, l := range pg.Doc.Links {
		if !l.Image {
			continue
		}
		file, ok := imageFile(pg.Source, l.Dest, publicDir)
		if !ok {
			continue
		}
		if _, err := os.Stat(file); err != nil {
			out = append(out, diag.Diagnostic{Severity: diag.Error, Check: MissingImage, File: pg.Source, Line: l.Line, Col: l.Col,
				Href: l.Dest, Target: file, Message: fmt.Sprintf("image %q not found: %s does not exist", l.Dest, file)})
		}
	}
	return out
}

// imageFile maps an image destination to the file it needs; external
// images (a scheme, or "//host") are skipped. A '%' that starts no escape
// is kept as written ("./img-50%.png"), as a browser keeps it.
func imageFile(source, dest, publicDir string) (string, bool) {
	if compile.HasScheme(dest) || strings.HasPrefix(dest, "//") {
		return "", false
	}
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if p == "" {
		return "", false
	}
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	if strings.HasPrefix(p, "/") {
		return filepath.Join(publicDir, filepath.FromSlash(path.Clean(p))), true
	}
	return filepath.Join(filepath.Dir(source), filepath.FromSlash(p)), true
}
