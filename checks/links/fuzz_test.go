package links

import (
	"strings"
	"testing"
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
		for _, c := range (Host{CleanURLs: true}).Candidates(ref.Path) {
			if strings.HasPrefix(c, "/") || c == ".." || strings.HasPrefix(c, "../") || strings.Contains(c, "/../") {
				t.Fatalf("Resolve(%q) gave candidate %q outside the root", href, c)
			}
		}
	})
}
