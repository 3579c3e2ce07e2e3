package htmlsite

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The URLs of a stylesheet are what a browser's CSS tokenizer finds:
// url() with and without quotes, in any case, with escapes decoded;
// @import's string; image-set's strings. Nothing in a comment or another
// string, nor a bad url.
func TestCSSURLs(t *testing.T) {
	css := `@import "base.css"; @IMPORT url(print.css) print; @import 'q.css'
/* url(comment.png) @import "c.css"; */ .a { background: URL( "a b.png" ) no-repeat; content: "url(str.png)" }
@font-face { src: url(fonts/x.woff2) format("woff2"), url('fonts/x.woff') format("woff"); }
.e { background: url(a\20 b.png), u\72l(esc.png), url("q\"uote.png"), url(data:image/png;base64,AAAA) }
.bad { background: url(a b.png) } .set { background: image-set("one.png" 1x, url(two.png) 2x) }
.w { background: -webkit-image-set('w.png' 1x) } .after { x: "not.png" }`
	var got []string
	cssURLs([]byte(css), func(u string, off int) {
		got = append(got, u)
		// Each URL is placed where its value starts, past url( and a quote.
		if !strings.ContainsAny(u, `" `) && u != "esc.png" {
			assert.True(t, strings.HasPrefix(css[off:], u), "%s at %q", u, css[off:])
		}
	})
	assert.Equal(t, []string{"base.css", "print.css", "q.css", "a b.png", "fonts/x.woff2", "fonts/x.woff",
		"a b.png", "esc.png", `q"uote.png`, "data:image/png;base64,AAAA", "one.png", "two.png", "w.png"}, got)
}
