package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRedirectsMatch(t *testing.T) {
	r, err := ParseRedirects("_redirects", []byte(`# comment
/store id=:id  /blog/:id  301
/fr/*  /fr/404.html  404
/old/      /new/
/news/*    /blog/:splat   302!
/a/:year/:month  /b/:month-:year  200
/caf%C3%A9  /cafe/ 308
https://other.example/* https://example.com/:splat 301!
/de/* /de/ 302 Language=de
/last /end
`), Netlify)
	require.NoError(t, err)
	for _, c := range []struct {
		path string
		want Redirected
		ok   bool
	}{
		{"/store", Redirected{}, false}, // a query condition answers some requests only
		{"/fr/x", Redirected{To: "/fr/404.html", Status: 404, Line: 3}, true},
		{"/old/", Redirected{To: "/new/", Status: 301, Line: 4}, true},
		{"/old", Redirected{To: "/new/", Status: 301, Line: 4}, true}, // the slash normalised first
		{"/old/x", Redirected{}, false},
		{"/news/2004/01/story", Redirected{To: "/blog/2004/01/story", Status: 302, Force: true, Line: 5}, true},
		{"/news", Redirected{To: "/blog/", Status: 302, Force: true, Line: 5}, true},
		{"/newsy", Redirected{}, false},
		{"/a/2024/05", Redirected{To: "/b/05-2024", Status: 200, Line: 6}, true},
		{"/a/2024", Redirected{}, false},
		{"/caf%c3%a9", Redirected{To: "/cafe/", Status: 308, Line: 7}, true},
		{"/de/x", Redirected{}, false}, // a language condition
		{"/last", Redirected{To: "/end", Status: 301, Line: 10}, true},
	} {
		got, ok := r.Match(c.path)
		assert.Equal(t, c.ok, ok, c.path)
		assert.Equal(t, c.want, got, c.path)
	}
	var none *Redirects
	_, ok := none.Match("/old/")
	assert.False(t, ok)
}

func TestRedirectsErrors(t *testing.T) {
	_, err := ParseRedirects("site/_redirects", []byte("/a /b\n/lonely\n"), Netlify)
	assert.EqualError(t, err, `site/_redirects:2: a rule is FROM TO [STATUS], not "/lonely" alone`)
	_, err = ParseRedirects("site/_redirects", []byte("/a /b 3o1\n"), nil)
	assert.EqualError(t, err, `site/_redirects:1: status "3o1": want a number such as 301 or 200, with ! to force`)
}
