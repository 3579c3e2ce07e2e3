package links

import (
	"strings"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Resolution must never panic, and an internal result is always an absolute
// path: whatever an href says, it cannot name a file outside the site root.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"/a", "../../../etc/passwd", "b?c#d", "%zz", "//host/x", "javascript:x", "#", "", " /sp ace ", "a/../../b", "http://[::1", "/%2e%2e/%2e%2e/x"} {
		f.Add(s, "/guide/", "")
	}
	f.Add("x", "100%/", "") // a file name that is no valid URL once panicked here
	f.Fuzz(func(t *testing.T, href, page, base string) {
		ref := Resolve(href, "/"+strings.TrimPrefix(page, "/"), base, "https://dev.example.com")
		if ref.Kind != Internal {
			return
		}
		for _, c := range (serve.Host{CleanURLs: true}).Candidates(ref.Path) {
			if strings.HasPrefix(c, "/") || c == ".." || strings.HasPrefix(c, "../") || strings.Contains(c, "/../") {
				t.Fatalf("Resolve(%q) gave candidate %q outside the root", href, c)
			}
		}
	})
}

// longName is longer than the index keeps inline (see stemTable).
var longName = "docs/" + strings.Repeat("long-section-name/", 4) + "page"

// The index must answer exactly as the general Candidates list.
func FuzzLookupAgreesWithCandidates(f *testing.F) {
	files := map[string]struct{}{"index.html": {}, "a": {}, "a/index.html": {}, "b.html": {}, "c/d/index.html": {}, "e f.html": {},
		"g/index": {}, "h.html/index.html": {}, "i.html.html": {}, "j.html": {}, "j/index.html": {}, ".html": {}, "k/.html": {},
		longName + "/index.html": {}, longName + ".html": {}}
	hosts := append([]serve.Host{{}, serve.Default}, serve.Profiles...) // each profile's rules, and no clean URLs
	for _, s := range []string{"/", "/a", "/a/", "/b", "/b/", "/c/d", "/c/d/", "/e%20f", "/x", "//a", "/a/./", "/c/../a",
		"/c/d/index", "/index", "/index/", "/c/d/index/", "/g/index", "/h.html", "/i.html", "/j", "/j/", "/j.html", "/k/", "/c/d/index.html", "/" + longName, "/" + longName + "/"} {
		for i := range hosts {
			f.Add(s, uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, p string, hostIndex uint8) {
		if !strings.HasPrefix(p, "/") {
			return
		}
		host := hosts[int(hostIndex)%len(hosts)]
		ix := NewIndex(files, host)
		f := ix.Lookup(p)
		got, gotOK := ix.Name(f), f != 0
		want, wantOK := "", false
		for _, c := range host.Candidates(p) {
			if _, ok := files[c]; ok {
				want, wantOK = c, true
				break
			}
		}
		if got != want || gotOK != wantOK {
			t.Fatalf("%s: lookup(%q) = %q %v, Candidates say %q %v", host.Name, p, got, gotOK, want, wantOK)
		}
	})
}

// The shortcut past URL parsing must give what parsing gives.
func FuzzQuickRefAgreesWithParsing(f *testing.F) {
	for _, s := range []string{"#h-1", "", "#", "?q", "../p3/", "a/./b/..", "..", "../../../x", "a?b=c#d", "./", "a#b?c", "/files/guide%20v2.pdf", "/%2e%2e/x", "/a/../b#caf%C3%A9", "/a%2", "a/%2e%2E/b", "%2e", "#50%", "a#%_x"} {
		f.Add(s, "/docs/s0/p1/")
	}
	f.Add("../x", "/")
	f.Add("b", "/a/index.html")
	f.Fuzz(func(t *testing.T, href, page string) {
		if !cleanPage(page) {
			return
		}
		got, ok := quickRef(href, page)
		if !ok {
			return
		}
		if want := parseRef(href, page, "", ""); got != want {
			t.Fatalf("quickRef(%q, %q) = %+v, parsing gives %+v", href, page, got, want)
		}
	})
}

// plainRef is the one-pass form of this two-step test and split, and
// gives what parsing gives.
func FuzzPlainRefAgreesWithCutting(f *testing.F) {
	for _, s := range []string{"/a/b?q#f", "/a#b?c", "/a?b#c?d", "/./a", "/a/.b", "/a#/.b", "/a?/.b", "//a", "/a%20", "/a#b c", "/", "/#", "/?",
		"/caf\xc3\xa9", "/a#caf\xc3\xa9", "/a{b}", "/a\\b", "/a#b\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, href string) {
		p, frag, hasFrag := strings.Cut(href, "#")
		plain := strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//") && !strings.Contains(p, "/.") &&
			!strings.ContainsFunc(href, func(r rune) bool { return r <= ' ' || r > '~' || strings.ContainsRune("%\\\"<>^`{}", r) })
		p, _, _ = strings.Cut(p, "?")
		got, ok := plainRef(href)
		if ok != plain || ok && got != (Ref{Kind: Internal, Path: p, Fragment: frag, HasFrag: hasFrag}) {
			t.Fatalf("plainRef(%q) = %+v %v", href, got, ok)
		}
		if want := parseRef(href, "/docs/p/", "", ""); ok && got != want {
			t.Fatalf("plainRef(%q) = %+v, parsing gives %+v", href, got, want)
		}
	})
}
