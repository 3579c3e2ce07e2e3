package links_test

import (
	"context"
	"fmt"
	"html"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	. "github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// An anchorCase is a document and the fragment of a link to it: what
// follows '#' in the href, as the attribute holds it.
type anchorCase struct {
	doc, frag string
	from      string // where the case comes from, for messages
	// bare: served with no charset in its Content-Type, so the browser
	// sniffs its encoding as the gate does for a file from disk. The
	// others are served as UTF-8, as the hosts docs are published on
	// serve every .html file (see "undeclared UTF-8" in anchorDifferences).
	bare bool
}

// TestAnchorsAgreeWithChromium follows every link of the corpus in
// Chromium and asks the gate about the same link. The browser's answer is
// what the HTML Standard calls the indicated part of the document: the
// element it scrolls to and matches :target, the top of the page, or
// nothing. The gate must call the anchor good exactly when there is one,
// but for the deliberate differences listed in anchorDifferences.
func TestAnchorsAgreeWithChromium(t *testing.T) {
	cases := append(generatedAnchorCases(), fixtureAnchorCases(t)...)
	browserSays := chromiumAnchors(t, cases)
	gateSays := gateAnchors(t, cases)
	differences := map[string]int{}
	for i, c := range cases {
		b := browserSays[i]
		if (b.Found != "nothing") == gateSays[i] {
			continue
		}
		if what := deliberateAnchorDifference(c, b); what != "" {
			differences[what]++
			continue
		}
		gate := "a broken anchor"
		if gateSays[i] {
			gate = "the anchor good"
		}
		t.Errorf("%s: #%s on %q: Chromium finds %s, the gate calls %s", c.from, c.frag, c.doc, b.Found, gate)
	}
	t.Logf("%d links followed; deliberate differences met: %v", len(cases), differences)
}

// anchorDifferences are where the gate departs from Chromium on purpose.
// Each says which links it covers, and why the gate's answer is the one a
// docs maintainer wants.
var anchorDifferences = []struct {
	what, why string
	covers    func(c anchorCase, b indicated) bool
}{
	{
		"quirks-mode names",
		"On a page in quirks mode (no doctype) Chromium, like WebKit, matches the name of an <a> ignoring case. " +
			"The HTML Standard matches names exactly in every mode, and so does the gate: a link that lands only " +
			"through that quirk is worth a warning, and matching the case makes it land everywhere.",
		func(c anchorCase, b indicated) bool {
			return b.Quirks && strings.HasPrefix(b.Found, "the element <a name=")
		},
	},
	{
		"undeclared UTF-8",
		"A page that declares no encoding (no byte order mark, no <meta charset> in its first 1024 bytes) and is " +
			"valid UTF-8 is read as UTF-8. Chromium, given no charset by the server either, reads it as windows-1252, " +
			"the default; but GitHub Pages, Netlify and Cloudflare Pages send " +
			"charset=utf-8 with .html files, and then Chromium reads it as UTF-8 too (the rest of this corpus is served " +
			"so). Calling every non-ASCII id of such a page broken would be wrong where docs are published.",
		func(c anchorCase, b indicated) bool {
			return c.bare && b.Charset == "windows-1252" && undeclaredUTF8(c.doc)
		},
	},
	{
		"text directives",
		"With a text directive (#id:~:text=…) Chromium scrolls to the text and ignores the id, even when the " +
			"text is not found. The gate does not look for the text (its matching is fuzzy by design); it checks the id, " +
			"which the Standard falls back to and which browsers without text fragments use.",
		func(c anchorCase, b indicated) bool { return strings.Contains(c.frag, ":~:text=") },
	},
}

// deliberateAnchorDifference names the difference that covers a case, or is "".
func deliberateAnchorDifference(c anchorCase, b indicated) string {
	for _, d := range anchorDifferences {
		if d.covers(c, b) {
			return d.what
		}
	}
	return ""
}

// indicated is what Chromium found for a link: "the element <p id=…>",
// "the top" or "nothing", and whether the page was in quirks mode.
type indicated struct {
	Found   string
	Quirks  bool
	Charset string // the encoding the page was read in
}

// undeclaredUTF8 is a document that is valid UTF-8, has letters beyond
// ASCII, and declares no encoding where a browser looks for one.
func undeclaredUTF8(doc string) bool {
	head := doc[:min(len(doc), 1024)]
	return utf8.ValidString(doc) && strings.ContainsFunc(doc, func(r rune) bool { return r >= 0x80 }) &&
		!strings.HasPrefix(doc, "\xef\xbb\xbf") && !strings.Contains(strings.ToLower(head), "charset")
}

// anchorIDs are id and name values where fragment lookup can go wrong,
// in groups of values a link to one may be mistaken for: percent signs
// that are and are not escapes, spaces, case, Unicode in either normal
// form, characters a URL escapes, bytes that do not decode, "top".
var anchorIDs = [][]string{
	{"intro", "Intro", "top", "Top"},
	{"50%", "%_sec", "%41", "A", "%25", "%"},
	{"a%20b", "a b", " lead", "trail ", "a\tb"},
	{"café", "cafe\u0301", "CAFÉ", "日本", "😀", "ǅ"},
	{"a#b", "a?b", "a\"b<c>", "a&b", "a:~:b", "a/b"},
	{"\uFFFD", "\uFFFD\uFFFD"},
	{"K", "k", "\u212a"},
}

// fragmentSpellings are the ways a link may write the fragment for id:
// as is, every byte escaped, only what is not ASCII escaped, and in other
// letter cases.
func fragmentSpellings(id string) []string {
	var all, nonASCII strings.Builder
	for _, b := range []byte(id) {
		fmt.Fprintf(&all, "%%%02x", b)
		if b < 0x80 {
			nonASCII.WriteByte(b)
		} else {
			fmt.Fprintf(&nonASCII, "%%%02X", b)
		}
	}
	return []string{id, all.String(), nonASCII.String(), strings.ToUpper(id), strings.ToLower(id)}
}

// brokenUTF8 are escapes that decode to bytes that are no UTF-8: each
// maximal bad sequence is one U+FFFD ("%E2%82" is one, "%FF%FF" two).
var brokenUTF8 = []string{"%FF", "%FF%FF", "%E2%82", "%E2%82%E2%82", "%C0%80", "%ED%A0%80", "%F4%90%80%80", "%E2%82a", "a%80b"}

// specialDocs are documents whose structure decides what a fragment finds.
var specialDocs = []struct{ doc, frags string }{
	{`<!doctype html><p id=a>1</p><p id=a>2</p>`, "a"},
	{`<!doctype html><a name=x>1</a><p id=x>2</p>`, "x"},
	{`<!doctype html><form name=f></form><img name=i><iframe name=w></iframe><map name=m></map><A NAME=up></A>`, "f i w m up"},
	{`<!doctype html><a id=both name=other></a>`, "both other"},
	{`<!doctype html><a name="">x</a><p id="">y</p>`, " top"},
	{`<!doctype html><p id=top>x</p>`, "top TOP %74op"},
	{`<!doctype html><template><p id=t></p><template><p id=tt></p></template></template><p id=after></p>`, "t tt after"},
	{`<!doctype html><div><template shadowrootmode=open><p id=shadow></p></template></div>`, "shadow"},
	{`<!doctype html><noscript><p id=ns></p></noscript><textarea><p id=ta></p></textarea><title><p id=ti></p></title>`, "ns ta ti"},
	{`<!doctype html><script>"<p id=sc></p>"</script><style>/*<p id=st></p>*/</style><!-- <p id=co></p> -->`, "sc st co"},
	{`<!doctype html><svg><g id=g></g><a name=svga></a></svg><math><mi id=mi></mi></math>`, "g svga mi"},
	{`<!doctype html><svg><foreignObject><a name=fo></a></foreignObject></svg>`, "fo"},
	{`<!doctype html><p id=a id=b></p><p ID=Upper></p><p id='q"'></p><p id=x/></p>`, "a b Upper q%22 x/ x"},
	{`<!doctype html><p id="caf&eacute;"></p><p id="a&amp;b"></p><p id="&notit;"></p><p id="&#0;"></p><p id="x&#x20;y"></p>`, "café a&b %C2%ACit; ¬it; %EF%BF%BD x%20y"},
	{"<!doctype html><p id=\"a\x00b\"></p>", "a%EF%BF%BDb a%00b"},
	{`<!doctype html><html id=h><body id=b><body id=b2><p>x</p></html><p id=late></p>`, "h b b2 late"},
	{`<!doctype html><p id=":~:text=x">x</p><p id="a">Setup</p>`, ":~:text=x %3A~%3Atext=x a:~:text=nowhere a:~: a:~:other :~:text=nowhere"},
	{`<!doctype html><p id=" a ">x</p>`, "%20a%20 a \ta\t"},
	{`<a name=Quirky></a><p id=Case></p>`, "quirky QUIRKY Quirky case Case"},
	{`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><a name=Old></a>`, "old Old"},
}

// generatedAnchorCases: each id of anchorIDs against every spelling of
// its group's values, on an element, as the name of an <a>, and as one in a
// quirks-mode page; then the undecodable escapes and the special documents.
func generatedAnchorCases() []anchorCase {
	var cases []anchorCase
	add := func(doc, from string, frags []string) {
		seen := map[string]bool{}
		for _, f := range frags {
			if !seen[f] {
				seen[f] = true
				cases = append(cases, anchorCase{doc: doc, frag: f, from: from})
			}
		}
	}
	for _, group := range anchorIDs {
		frags := []string{"", "top", "%54op", "nope"}
		for _, id := range group {
			frags = append(frags, fragmentSpellings(id)...)
		}
		for _, id := range group {
			v := html.EscapeString(id)
			add(`<!doctype html><p id="`+v+`">x</p>`, "generated id", frags)
			add(`<!doctype html><a name="`+v+`">x</a>`, "generated name", fragmentSpellings(id))
			add(`<a name="`+v+`">x</a>`, "generated quirks-mode name", fragmentSpellings(id))
		}
	}
	for _, bad := range []string{"\uFFFD", "\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD\uFFFD", "\uFFFDa", "a\uFFFDb"} {
		add(`<!doctype html><p id="`+bad+`">x</p>`, "generated undecodable", brokenUTF8)
	}
	for _, s := range specialDocs {
		add(s.doc, "special document", strings.Split(s.frags, " "))
	}
	for _, e := range encodedDocs() {
		n := len(cases)
		add(e.doc, "encoded: "+e.what, e.frags)
		for i := n; i < len(cases); i++ {
			cases[i].bare = true
		}
	}
	return cases
}

// encodedID is an id with letters beyond ASCII in each encoding tried
// (windows-1252 maps 0x80 to the euro sign, which ISO-8859-1 does not
// have: browsers read that label as windows-1252).
const encodedID = "Café-€"

// encodedDocs are the same document in the encodings a page may come in,
// declared as the HTML Standard lets a page declare them with no HTTP
// header (the server sends none, as for a file from disk): a byte order
// mark, a <meta charset> or <meta http-equiv=content-type> in the first
// 1024 bytes, or nothing. Each is linked with the id's UTF-8 spellings and
// its windows-1252 bytes escaped, which name no element.
func encodedDocs() []struct {
	what, doc string
	frags     []string
} {
	body := `<!doctype html><p id="` + encodedID + `">x</p>`
	enc := func(e encoding.Encoding, prefix, s string) string {
		b, err := e.NewEncoder().String(prefix + s)
		if err != nil {
			panic(err)
		}
		return b
	}
	utf16le := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	utf16be := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	docs := []struct{ what, doc string }{
		{"UTF-16LE, BOM", "\xff\xfe" + enc(utf16le, "", body)},
		{"UTF-16BE, BOM", "\xfe\xff" + enc(utf16be, "", body)},
		{"UTF-16LE, BOM over a meta", "\xff\xfe" + enc(utf16le, `<meta charset="windows-1252">`, body)},
		{"UTF-8, BOM", "\xef\xbb\xbf" + body},
		{"UTF-8, BOM over a meta", "\xef\xbb\xbf" + `<meta charset="windows-1252">` + body},
		{"meta charset windows-1252", enc(charmap.Windows1252, `<meta charset="windows-1252">`, body)},
		{"meta charset iso-8859-1", enc(charmap.Windows1252, `<META CHARSET=ISO-8859-1>`, body)},
		{"meta charset latin1, quoted late", enc(charmap.Windows1252, `<meta name=x charset='latin1'>`, body)},
		{"meta http-equiv latin1", enc(charmap.Windows1252, `<meta http-equiv="Content-Type" content="text/html; charset=latin1">`, body)},
		{"meta content without http-equiv", enc(charmap.Windows1252, `<meta content="text/html; charset=latin1">`, body)},
		{"meta charset utf-16, UTF-8 bytes", `<meta charset="utf-16">` + body},
		{"meta charset utf-8, windows-1252 bytes", enc(charmap.Windows1252, `<meta charset="utf-8">`, body)},
		{"no declaration, windows-1252 bytes", enc(charmap.Windows1252, "", body)},
		{"no declaration, UTF-8 bytes", body},
		{"meta charset utf-8 past 1024 bytes, UTF-8 bytes", "<!-- " + strings.Repeat("pad ", 260) + `--><meta charset="utf-8">` + body},
		{"meta charset past 1024 bytes", enc(charmap.Windows1252, "<!-- "+strings.Repeat("pad ", 260)+`--><meta charset="windows-1252">`, body)},
		{"meta charset koi8-r", enc(charmap.KOI8R, `<meta charset="koi8-r">`, `<!doctype html><p id="мир">x</p>`)},
	}
	latin1, _ := charmap.Windows1252.NewEncoder().String(encodedID)
	var escaped strings.Builder
	for _, b := range []byte(latin1) {
		fmt.Fprintf(&escaped, "%%%02X", b)
	}
	var out []struct {
		what, doc string
		frags     []string
	}
	for _, d := range docs {
		frags := append(fragmentSpellings(encodedID), escaped.String(), "nope")
		if strings.Contains(d.what, "koi8") {
			frags = append(fragmentSpellings("мир"), "nope")
		}
		out = append(out, struct {
			what, doc string
			frags     []string
		}{d.what, d.doc, frags})
	}
	return out
}

// fixtureAnchorCases are the links with a fragment in the gate's own
// fixtures (testdata/links), each with the document it points at.
func fixtureAnchorCases(t *testing.T) []anchorCase {
	archives, _ := filepath.Glob("../../testdata/links/*.txtar")
	require.NotEmpty(t, archives)
	var cases []anchorCase
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		require.NoError(t, err)
		files, content := map[string]struct{}{}, map[string]string{}
		for _, f := range ar.Files {
			if rest, ok := strings.CutPrefix(f.Name, "site/"); ok {
				files[rest], content[rest] = struct{}{}, string(f.Data)
			}
		}
		index := NewIndex(files, serve.Host{CleanURLs: true})
		for name, text := range content {
			if !strings.HasSuffix(name, ".html") {
				continue
			}
			page := htmlsite.Extract(name, strings.NewReader(text))
			for _, l := range page.Links {
				ref := Resolve(l.Raw, serve.PageURL(name), page.Base, "")
				if ref.Kind != Internal || !ref.HasFrag {
					continue
				}
				target := index.Name(index.Lookup(ref.Path))
				// A redirect stub is left out: the oracle serves each document
				// alone under a new name, so the page a stub sends the reader
				// to is not there (stubs have fixtures of their own).
				if !strings.HasSuffix(target, ".html") || htmlsite.Extract(target, strings.NewReader(content[target])).Redirect.Href != "" {
					continue
				}
				_, frag, _ := strings.Cut(l.Raw, "#")
				from := fmt.Sprintf("%s: site/%s:%d", filepath.Base(a), name, l.Line)
				cases = append(cases, anchorCase{doc: content[target], frag: frag, from: from})
			}
		}
	}
	require.NotEmpty(t, cases, "the fixtures hold links to anchors")
	sort.Slice(cases, func(i, j int) bool { return cases[i].from < cases[j].from })
	return cases
}

// docNames numbers the distinct documents of the corpus: d0.html, d1.html…
func docNames(cases []anchorCase) (names []string, docs map[string]string) {
	docs = map[string]string{}
	for _, c := range cases {
		if _, ok := docs[c.doc]; !ok {
			docs[c.doc] = fmt.Sprintf("d%d.html", len(docs))
		}
		names = append(names, docs[c.doc])
	}
	return names, docs
}

// gateAnchors runs the gate on a site of the corpus' documents and one
// page linking every case, and says for each whether the anchor is good.
func gateAnchors(t *testing.T, cases []anchorCase) []bool {
	root := t.TempDir()
	names, docs := docNames(cases)
	for doc, name := range docs {
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(doc), 0o644))
	}
	var page strings.Builder
	hrefs := make([]string, len(cases))
	for i, c := range cases {
		hrefs[i] = names[i] + "#" + c.frag
		fmt.Fprintf(&page, "<a href=\"%s\">%d</a>\n", html.EscapeString(hrefs[i]), i)
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "links.html"), []byte(page.String()), 0o644))
	s, err := htmlsite.Load(root)
	require.NoError(t, err)
	found, _ := Check(s, Options{})
	broken := map[string]bool{}
	for _, d := range found {
		if d.File == "links.html" {
			require.Equal(t, registry.BrokenAnchor, d.Check, d.Message)
			broken[d.Href] = true
		}
	}
	good := make([]bool, len(cases))
	for i, h := range hrefs {
		good[i] = !broken[h]
	}
	return good
}

// chromiumAnchors follows each case's link in Chromium, from the document
// itself, scrolled down: the answer is the element that :target then
// matches, "the top" when the page went to the top and no element is the
// target, else "nothing". Following a link to a fragment of the same
// document is a navigation that completes at once, so one script follows a
// document's links one after the other, in a fresh iframe per batch:
// Chromium ignores a frame's navigations beyond 200 in 10 seconds.
// Links with a text directive are clicked for real instead, one page load
// each: the browser looks for text only after a reader's click.
func chromiumAnchors(t *testing.T, cases []anchorCase) []indicated {
	names, docs := docNames(cases)
	byName := map[string]string{"": "<!doctype html><title>harness</title>"}
	for doc, name := range docs {
		byName[name] = doc
	}
	bare := map[string]bool{}
	for i, c := range cases {
		bare[names[i]] = c.bare
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if bare[name] {
			w.Header().Set("Content-Type", "text/html")
		} else {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		fmt.Fprint(w, byName[name])
	}))
	defer srv.Close()
	b := browsertest.Launch(t)
	ctx, cancel := b.Tab(3*time.Minute, true)
	defer cancel()

	says := make([]indicated, len(cases))
	batches := map[string][]int{}
	bareDocs := map[string][]int{}
	for i, c := range cases {
		switch {
		case strings.Contains(c.frag, ":~:text="):
			says[i] = clickThrough(t, ctx, srv.URL+"/"+names[i], c.frag)
		case c.bare:
			bareDocs[names[i]] = append(bareDocs[names[i]], i)
		default:
			batches[names[i]] = append(batches[names[i]], i)
		}
	}
	// Each job is one document and at most 150 of its fragments: a frame
	// of its own, loaded side by side with the others of its round.
	type job struct {
		Name  string
		Frags []string
		cases []int
	}
	var jobs []job
	for _, name := range slices.Sorted(maps.Keys(batches)) {
		for batch := batches[name]; len(batch) > 0; {
			n := min(len(batch), 150)
			j := job{Name: name, cases: batch[:n]}
			for _, i := range j.cases {
				j.Frags = append(j.Frags, cases[i].frag)
			}
			jobs, batch = append(jobs, j), batch[n:]
		}
	}
	// A document that leaves its encoding to the browser is opened in the
	// tab itself: in a frame it would take its parent's encoding.
	for _, name := range slices.Sorted(maps.Keys(bareDocs)) {
		var frags []string
		for _, i := range bareDocs[name] {
			frags = append(frags, cases[i].frag)
		}
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+name)))
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]indicated]("("+browsertest.JS(frags)+").map(("+follower+")(window).follow)"))
		require.NoError(t, err)
		for n, i := range bareDocs[name] {
			require.False(t, strings.HasPrefix(got[n].Found, "not followed"), "%s #%s: %s", name, cases[i].frag, got[n].Found)
			says[i] = got[n]
		}
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	for len(jobs) > 0 {
		round := jobs[:min(len(jobs), 40)]
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[][]indicated](
			"("+followInFrames+")("+follower+", "+browsertest.JS(round)+")", chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		require.Len(t, got, len(round))
		for k, j := range round {
			require.Len(t, got[k], len(j.cases))
			for n, i := range j.cases {
				require.False(t, strings.HasPrefix(got[k][n].Found, "not followed"), "%s #%s: %s", j.Name, cases[i].frag, got[k][n].Found)
				says[i] = got[k][n]
			}
		}
		jobs = jobs[len(round):]
	}
	return says
}

// follower prepares a window's document: tall enough to scroll, with the
// link to follow, fixed in the corner, with no id or name of its own.
// follow(frag) then follows the link to #frag from scrollY = 5000 and reads
// where that led.
const follower = `w => {
	const d = w.document;
	d.documentElement.style.paddingBottom = '20000px';
	const link = d.createElement('a');
	link.style.cssText = 'position:fixed;left:0;top:0;width:40px;height:40px;display:block;z-index:2147483647';
	link.textContent = 'go';
	d.documentElement.appendChild(link);
	const at = w.location.href.split('#')[0] + '#';
	const indicated = () => {
		const t = d.querySelector(':target'), Quirks = d.compatMode == 'BackCompat', Charset = d.characterSet.toLowerCase();
		if (t) return {Quirks, Charset, Found: 'the element <' + t.localName + [...t.attributes].filter(a => a.name == 'id' || a.name == 'name').map(a => ' ' + a.name + '=' + JSON.stringify(a.value)).join('') + '>'};
		return {Quirks, Charset, Found: w.scrollY == 0 ? 'the top' : 'nothing'};
	};
	const aim = f => { w.scrollTo(0, 5000); link.href = at + f };
	const follow = f => {
		aim(f);
		link.click();
		// The browser drops a fragment directive (":~:…") from the address.
		return w.location.href == link.href.split(':~:')[0] ? indicated() : {Found: 'not followed: the frame is at ' + w.location.href};
	};
	return {aim, follow, indicated};
}`

const followInFrames = `async (follower, jobs) => {
	const frames = await Promise.all(jobs.map(job => new Promise(loaded => {
		const frame = document.createElement('iframe');
		frame.style.cssText = 'width:800px;height:600px';
		frame.onload = () => loaded(frame);
		frame.src = job.Name;
		document.body.appendChild(frame);
	})));
	return jobs.map((job, k) => {
		const out = job.Frags.map(follower(frames[k].contentWindow).follow);
		frames[k].remove();
		return out;
	});
}`

// clickThrough follows one link with a mouse click, as a reader does.
func clickThrough(t *testing.T, ctx context.Context, pageURL, frag string) indicated {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL),
		chromedp.Evaluate[chromedp.Void](`window.f = (`+follower+`)(window); f.aim(`+browsertest.JS(frag)+`)`),
		chromedp.MouseClickXY(10, 10)))
	// The text is looked for after the click's navigation, a little later.
	got, err := chromedp.Run(ctx, chromedp.Evaluate[indicated](`new Promise(done => {
		let tries = 0;
		const look = () => { const s = f.indicated(); if (s.Found != 'nothing' || ++tries > 25) done(s); else setTimeout(look, 20) };
		look() })`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	return got
}
