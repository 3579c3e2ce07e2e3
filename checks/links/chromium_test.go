package links_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	. "github.com/devdocs-dev/devdocs/checks/links"
)

// chromiumCorpus holds hrefs where the URL Standard and RFC 3986 part, or
// where the gate once went wrong; each is resolved on a page of the site.
var chromiumCorpus = []string{
	"/a", "a", "./a", "../a", "../../../../a", "a/./b/../c", "/a//b/../c", "", "#", "?q", "?q#f", "#f", "a?b#c",
	"/a\n/b", "\t /a/b ", "\x01/a\x1f", "/a\tb#s\nec", "\u00a0/a", "/a\u00a0",
	`\a\b`, `..\x`, `\\cdn.example.com\x`, `/a\..\b`, `a?x\y#z\w`,
	"/100%.png", "/100%25.png", "/%zz", "/a%2fb", "/%2e%2e/x", "/a/%2e%2E/b", "a/.%2e/", "%2e", "/a/%2e", "/a/.%2E",
	"#50%", "#%_sec_6.2", "#caf%C3%A9", "#café", "#a b", "#a\"b<c>`d", "#a#b", "#:~:text=x", "#TOP",
	"/a b/café", "/a\"b<c>`d{e}^f", "/a|b", "/a#b?c", "/a?b#c?d", "/日本/語",
	"https://docs.example.com/x#y", "HTTPS://Docs.Example.com:443/x", "https://docs.example.com:8443/x",
	"https:docs.example.com/z", "https:/z", "https:///docs.example.com/z", "http:/z", "http://other.example/p?q#%_f",
	"//other.example/a/../b", "///other.example/x", "https://user:pw@other.example/x", "https://u@docs.example.com/x", "https://other.example",
	"javascript:void(0)", "JavaScript:x", "mailto:a@b.c", "data:text/plain,x", "tel:1", "foo:bar", "foo://h/p",
	"ftp://other.example/x", "file:///etc/passwd", "ws://other.example/s",
	// Hosts, as the URL Standard's host parser reads them: IDNA, IPv4 and IPv6 forms, ports.
	"https://bücher.example/x", "https://BÜCHER.Example/x", "https://xn--bcher-kva.example/x", "https://XN--BCHER-KVA.example/",
	"https://docs\uff0eexample\uff0ecom/x", "https://docs\u3002example\u3002com/x", "https://\uff44\uff4f\uff43\uff53.example.com/x",
	"https://docs.example.com./x", "https://faß.example/", "https://%62ücher.example/", "https://b%C3%BCcher.example/",
	"https://soft\u00adhyphen.example/", "https://my_host.example/", "https://😀.example/", "https://\u0627\u0644\u0639\u0631\u0628\u064a\u0629.example/",
	"https://xn--a.example/", "https://a<b.example/", "https://a%3Cb.example/", "https://a..b.example/", "https://-a-.example/",
	"http://0x7f.1/", "http://127.1/", "http://0177.0.0.1/", "http://2130706433/", "http://1.2.3.4.5/", "http://256.1.1.1/",
	"http://1.256/", "http://example.0x/", "http://example.1/", "http://0x/", "http://1.2.3.4./",
	"http://[::1]:80/x", "http://[0:0::1]/", "http://[::FFFF:1.2.3.4]/", "http://[1:0:0:2:0:0:0:3]/", "http://[::1%eth0]/",
	"https://docs.example.com:0443/x", "https://docs.example.com:99999/", "https://docs.example.com:/x", "https://docs.example.com:x/",
}

// TestResolveAgreesWithChromium runs the corpus through Chromium's own URL
// parser (new URL(href, base)) and compares with Resolve: where the page
// stays on the site, the path and fragment; elsewhere, the URL, or that
// the href is no link to a file at all.
func TestResolveAgreesWithChromium(t *testing.T) {
	b := browsertest.Launch(t)
	ctx, cancel := b.Tab(30*time.Second, true)
	defer cancel()

	const site, page = "https://docs.example.com", "/guide/p/"
	type parsed struct {
		Href, Origin, Protocol, Pathname, Hash string
		Error                                  bool
	}
	js := browsertest.JS(chromiumCorpus) + `.map(h => {
		try { const u = new URL(h, ` + browsertest.JS(site+page) + `);
			return {Href: u.href, Origin: u.origin, Protocol: u.protocol, Pathname: u.pathname, Hash: u.hash} }
		catch (e) { return {Error: true} } })`
	_, err := chromedp.Run(ctx, chromedp.Navigate("about:blank"))
	require.NoError(t, err)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]parsed](js))
	require.NoError(t, err)
	require.Len(t, got, len(chromiumCorpus))

	for i, href := range chromiumCorpus {
		u, ref := got[i], Resolve(href, page, "", site)
		var want, have string
		switch {
		case u.Error:
			want = "invalid"
		case strings.Contains(" mailto: tel: javascript: data: blob: about: sms: ", " "+u.Protocol+" "):
			want = "ignored"
		case u.Origin == site:
			want = "internal " + u.Pathname
			if strings.Contains(u.Href, "#") {
				want += "#" + strings.TrimPrefix(u.Hash, "#")
			}
		default:
			want = "external " + u.Href
		}
		switch ref.Kind {
		case Ignored:
			have = "ignored"
		case External:
			have = "external " + ref.URL
		case Invalid:
			have = "invalid"
		default:
			have = "internal " + ref.Path
			if ref.HasFrag {
				have += "#" + ref.Fragment
			}
		}
		if reason, ok := knownDifferences[href]; ok {
			t.Logf("%q: Chromium %s, gate %s (%s)", href, want, have, reason)
			continue
		}
		if want != have {
			t.Errorf("%q: Chromium says %s, the gate %s", href, want, have)
		}
	}
}

// knownDifferences are hrefs where the gate differs from Chromium on
// purpose; the reason says why that does not change a verdict.
var knownDifferences = map[string]string{
	"/a|b": "Chromium escapes '|' in paths, which the URL Standard keeps; the decoded form, tried too, is the same file",
}
