package links

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Expected answers are what Chromium's new URL(href, "https://docs.example.com/guide/p/") gives
// ("invalid": it throws).
func TestResolveAsBrowsersDo(t *testing.T) {
	cases := []struct{ href, base, want string }{
		{"/a\n/b", "", "/a/b"},
		{"\t /a/b\x0c\x00", "", "/a/b"},
		{"/a\tb#s\nec", "", "/ab#sec"},
		{`\a\b?x\y`, "", "/a/b"},
		{`..\x`, "", "/guide/x"},
		{`\\cdn.example.com\x`, "", "external https://cdn.example.com/x"},
		{"/100%.png", "", "/100%.png"},
		{"#50%", "", "/guide/p/#50%"},
		{"https://other.example/x#%_sec_6.2", "", "external https://other.example/x#%_sec_6.2"},
		{"HTTPS://Docs.Example.com:443/x#y", "", "/x#y"},
		{"https:docs.example.com/z", "", "/guide/p/docs.example.com/z"},
		{"https:/z", "", "/z"},
		{"http:/z", "", "external http://z/"},
		{"https:///docs.example.com/z", "", "/z"},
		{"/a/%2e%2E/b", "", "/b"},
		{"a/.%2e/", "", "/guide/p/"},
		{"/a b/café", "", "/a%20b/caf%C3%A9"},
		{"#a b\"", "", "/guide/p/#a%20b%22"},
		{"/a//b/../c", "", "/a//c"},
		{"/x\u00a0", "", "/x%C2%A0"},
		{"javascript:void(0)", "", "ignored"},
		{"foo:bar#x", "", "external foo:bar#x"},
		{"x", "/sub/", "/sub/x"},
		{"x", "https://cdn.example.com/a/", "external https://cdn.example.com/a/x"},
		{"x", "https://docs.example.com/other/", "/other/x"},
		{"x", "javascript:alert(1)", "/guide/p/x"},
		{"x", "\n/b\\c/", "/b/c/x"},
		{"https://Bücher.example/x", "", "external https://xn--bcher-kva.example/x"},
		{"https://docs\uff0eexample\uff0ecom/x", "", "/x"},
		{"https://%62ücher.example:0443/", "", "external https://xn--bcher-kva.example/"},
		{"http://0x7f.1/", "", "external http://127.0.0.1/"},
		{"http://[0:0::FFFF:1.2.3.4]/", "", "external http://[::ffff:102:304]/"},
		{"https://a<b.example/", "", "invalid"},
		{"http://256.1.1.1/", "", "invalid"},
		{"https://docs.example.com:99999/", "", "invalid"},
	}
	for _, c := range cases {
		ref := Resolve(c.href, "/guide/p/", c.base, "https://docs.example.com")
		got := ref.Path
		if ref.HasFrag {
			got += "#" + ref.Fragment
		}
		switch ref.Kind {
		case External:
			got = "external " + ref.URL
		case Ignored:
			got = "ignored"
		case Invalid:
			got = "invalid"
		}
		assert.Equal(t, c.want, got, "href %q base %q", c.href, c.base)
	}
}

func TestFragmentLookup(t *testing.T) {
	assert.Equal(t, "a%_b c\uFFFD", percentDecode("%61%_b%20c%ff"))
	assert.Equal(t, "%", percentDecode("%"))
	// One U+FFFD for each maximal sequence that is no UTF-8, as browsers decode.
	assert.Equal(t, "\uFFFD\uFFFD", percentDecode("%FF%FF"))
	assert.Equal(t, "\uFFFDa", percentDecode("%E2%82a"))
	assert.Equal(t, "\uFFFD\uFFFD\uFFFD", percentDecode("%ED%A0%80"))
}
