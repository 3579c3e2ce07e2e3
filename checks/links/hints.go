package links

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A run's hints name one cause behind many findings, once: the reader
// fixes the cause, not each of its findings.

// NavbarHintPages is how many pages must share a broken target before the
// run says it is probably in the navbar or footer.
const NavbarHintPages = 5

// The base-URL hint speaks only when the evidence is plain. A site built
// for /proj/ and checked at the root breaks nearly every absolute link, and
// nearly all of them start with /proj/; a site with a handful of stale
// links somewhere must not be told to move.
const (
	// baseHintMajority: at least two thirds of the links no file answers
	// share the leading path.
	baseHintMajorityNum, baseHintMajorityDen = 2, 3
	// baseHintTargets: at least this many distinct targets under it name a
	// file once it is taken off (and they are more than half of the
	// targets under it). One link repeated on every page is a navbar
	// link, not a base URL.
	baseHintTargets = 3
	// baseHintDepth: leading paths of up to this many segments are tried
	// (/proj/, /org/proj/, /group/sub/proj/).
	baseHintDepth = 3
)

// hints are the run's hints: the base URL first, as it explains most,
// then each target broken on many pages.
func (c *checker) hints(found diag.List, missing []string) []diag.Hint {
	var hints []diag.Hint
	base, prefix := c.baseHint(missing)
	if base != nil {
		hints = append(hints, *base)
	}
	return append(hints, navbarHints(found, prefix)...)
}

// navbarHints are the targets broken on NavbarHintPages or more pages:
// one fix in a shared component clears them all. Targets under skip (the
// leading path a base-URL hint names) are left out: the base URL is their
// cause, not a navbar.
func navbarHints(found diag.List, skip string) []diag.Hint {
	type cause struct{ check, target string }
	type tally struct {
		pages map[string]bool
		links int
	}
	byCause := map[cause]*tally{}
	var order []cause
	for _, d := range found {
		if d.Target == "" || skip != "" && (strings.HasPrefix(d.Target, skip) || d.Target+"/" == skip) {
			continue
		}
		k := cause{d.Check, d.Target}
		t := byCause[k]
		if t == nil {
			t = &tally{pages: map[string]bool{}}
			byCause[k] = t
			order = append(order, k)
		}
		t.pages[d.File] = true
		t.links++
	}
	var hints []diag.Hint
	for _, k := range order {
		t := byCause[k]
		if n := len(t.pages); n >= NavbarHintPages {
			hints = append(hints, diag.Hint{Check: k.check, Target: k.target, Count: t.links,
				Message: fmt.Sprintf("%s is broken on %d pages: probably in the navbar or footer", k.target, n)})
		}
	}
	// The widest cause first; the rest by target, so output never depends
	// on which worker found what.
	slices.SortFunc(hints, func(a, b diag.Hint) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Target, b.Target), strings.Compare(a.Check, b.Check))
	})
	return hints
}

// baseHint says when the links no file answers (missing: their paths in
// the site, base path taken off) look like a site built for a base URL
// but checked without it: most share a leading path the site has no file
// or folder for, and with that path taken off they name files the site
// has. It returns the hint and the leading path as links write it
// (with the base path, if one is set), or nil and "".
func (c *checker) baseHint(missing []string) (*diag.Hint, string) {
	if len(missing) < baseHintTargets {
		return nil, ""
	}
	type candidate struct {
		prefix   string         // "proj/", in the site: no leading slash
		links    int            // links under it
		targets  map[string]int // links by target
		answered map[string]bool
	}
	cands := map[string]*candidate{}
	top := c.topLevel()
	for _, p := range missing {
		segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
		if first, err := url.PathUnescape(segs[0]); segs[0] == "" || err != nil || top[first] {
			continue // the site has this first segment: it is not served under it
		}
		for d := 1; d <= min(len(segs), baseHintDepth) && segs[d-1] != ""; d++ {
			prefix := strings.Join(segs[:d], "/") + "/"
			cd := cands[prefix]
			if cd == nil {
				cd = &candidate{prefix: prefix, targets: map[string]int{}, answered: map[string]bool{}}
				cands[prefix] = cd
			}
			cd.links++
			if cd.targets[p]++; cd.targets[p] == 1 && c.index.Lookup("/"+strings.Join(segs[d:], "/")) != 0 {
				cd.answered[p] = true
			}
		}
	}
	var best *candidate
	for _, cd := range cands {
		if "/"+cd.prefix == c.opts.BasePath {
			// The links carry the base URL twice (/proj/proj/…, a base
			// written into links the generator prefixes again): the base
			// is right, and a longer one would be wrong.
			continue
		}
		if cd.links*baseHintMajorityDen < len(missing)*baseHintMajorityNum ||
			len(cd.answered) < baseHintTargets || len(cd.answered)*2 <= len(cd.targets) {
			continue
		}
		// The leading path that explains most targets; then the one that
		// covers most links; then the shorter, then by name.
		if best == nil || cmp.Or(cmp.Compare(len(cd.answered), len(best.answered)), cmp.Compare(cd.links, best.links),
			cmp.Compare(len(best.prefix), len(cd.prefix)), strings.Compare(best.prefix, cd.prefix)) > 0 {
			best = cd
		}
	}
	if best == nil {
		return nil, ""
	}
	// The example is a target with a path after the leading one (the
	// leading path alone answers with the home page, which shows little),
	// the most linked: the one the reader has seen most in the list above.
	rest := func(t string) string { return strings.TrimPrefix(t, "/"+strings.TrimSuffix(best.prefix, "/")) }
	score := func(t string) (int, int) {
		if strings.Trim(rest(t), "/") == "" {
			return 0, best.targets[t]
		}
		return 1, best.targets[t]
	}
	var example string
	for t := range best.answered {
		if example == "" {
			example = t
			continue
		}
		tr, tn := score(t)
		er, en := score(example)
		if cmp.Or(cmp.Compare(tr, er), cmp.Compare(tn, en), strings.Compare(example, t)) > 0 {
			example = t
		}
	}
	base := cmp.Or(c.opts.BasePath, "/")
	prefix := base + best.prefix
	file := c.index.Name(c.index.Lookup(cmp.Or(rest(example), "/")))
	return &diag.Hint{Check: registry.BrokenLink, Target: prefix, Count: best.links,
		Message: fmt.Sprintf(`%d of %d broken links start with %s, which the site has no file or folder for; without it, %s would be the site's %s: is the site served under %s? Pass --base-url %s (or "baseUrl": %q in checks.json).`,
			best.links, len(missing), prefix, base[:len(base)-1]+example, file, prefix, prefix, prefix)}, prefix
}

// topLevel is what the site has at its root: the first path segment of
// every file (its folders and files), and a root page's name without
// ".html" (proj.html answers /proj).
func (c *checker) topLevel() map[string]bool {
	top := map[string]bool{}
	for _, name := range c.index.names[1:] {
		first, _, folder := strings.Cut(name, "/")
		top[first] = true
		if stem, ok := strings.CutSuffix(first, ".html"); ok && !folder {
			top[stem] = true
		}
	}
	return top
}

// WithoutWritten drops each hint whose every finding a markdown source
// writes (Source set, once sources are known): a link written on each page
// is in no navbar, and each is reported at its markdown line. A hint none
// of found shares a target with (the base URL's) stays.
func WithoutWritten(hints []diag.Hint, found diag.List) []diag.Hint {
	type cause struct{ check, target string }
	written, unwritten := map[cause]bool{}, map[cause]bool{}
	for _, d := range found {
		if d.Source != "" {
			written[cause{d.Check, d.Target}] = true
		} else {
			unwritten[cause{d.Check, d.Target}] = true
		}
	}
	return slices.DeleteFunc(hints, func(h diag.Hint) bool {
		k := cause{h.Check, h.Target}
		return written[k] && !unwritten[k]
	})
}
