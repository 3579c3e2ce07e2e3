package mdlinks

import (
	"fmt"
	"path/filepath"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// routed judges a link by where the generator's client-side router takes
// it (Rules.Route): the file it fetches must exist, and the heading it
// scrolls to must be one of that page's.
func (c *checker) routed(file string, at diag.Diagnostic, l mdscan.Link, rt Routed) (diag.Diagnostic, bool) {
	gen := c.o.Rules.generator()
	if rt.On != "" {
		gen = rt.On + ", " + gen
	}
	at.Target = filepath.ToSlash(rt.File)
	at.Check = registry.MarkdownLink
	if l.Image {
		at.Check = registry.MarkdownImage
	}
	switch {
	case l.Image && !c.o.Tree.IsFile(rt.File):
		at.Message = fmt.Sprintf("image %q not found: %s asks for %s, which does not exist", l.Dest, gen, at.Target)
		return at, true
	case l.Image:
		return at, false
	case !c.o.Tree.IsFile(rt.File) && rt.Route != "":
		at.Message = fmt.Sprintf("broken markdown link %q: %s renders %s from %s, which does not exist", l.Dest, gen, rt.Route, at.Target)
		if rt.Beside != "" && c.o.Tree.IsFile(rt.Beside) {
			at.Message += fmt.Sprintf("; it reads a link from the docs root, not from the page's folder: link to %q for %s", rt.Instead, filepath.ToSlash(rt.Beside))
		}
		return at, true
	case !c.o.Tree.IsFile(rt.File):
		at.Message = fmt.Sprintf("broken markdown link %q: %s does not exist", l.Dest, at.Target)
		return at, true
	case rt.ID == "" || !mdscan.IsMarkdownFile(rt.File):
		return at, false
	}
	doc, err := c.doc(rt.File, file)
	if err != nil {
		at.Message = fmt.Sprintf("markdown link %q: %v", l.Dest, err)
		return at, true
	}
	return c.anchor(at, doc, rt.ID, at.Target)
}
