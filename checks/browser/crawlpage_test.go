package browser

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/chromedp/cdproto/runtime"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Each library's words for a mismatch, as its sources write them, name that
// library; Svelte's development message quotes React's words after its own
// name, and is still Svelte's. Anything else stays the check it came as.
func TestHydrationNamesTheLibrary(t *testing.T) {
	for msg, library := range map[string]string{
		"uncaught exception: Error: Minified React error #418; visit https://react.dev/errors/418?args[]=HTML&args[]= for the full message":                                                      "React",
		"console.error: Hydration failed because the server rendered HTML didn't match the client. As a result this tree will be regenerated":                                                    "React",
		"console.error: A tree hydrated but some attributes of the server rendered HTML didn't match the client properties.":                                                                     "React",
		"console.error: Hydration completed but contains mismatches.":                                                                                                                            "Vue",
		"console.warn: [Vue warn]: Hydration node mismatch:\n- rendered on server: <p> - expected on client: div":                                                                                "Vue",
		"console.warn: %c[svelte] hydration_mismatch\n%cHydration failed because the initial UI does not match what was rendered on the server":                                                  "Svelte",
		"uncaught exception: Error: https://svelte.dev/e/hydration_failed":                                                                                                                       "Svelte",
		`console.error: Expected a DOM node of type "p" but found "div" as available DOM-node(s), this is caused by the SSR'd HTML containing different DOM-nodes compared to the hydrated one.`: "Preact",
	} {
		got := hydrationOr(Finding{Check: registry.ConsoleError, Message: msg})
		assert.Equal(t, Finding{Check: registry.HydrationMismatch, Message: library + " hydration: " + msg}, got)
	}
	other := Finding{Check: registry.PageException, Message: "uncaught exception: Error: Minified React error #185; visit https://react.dev/errors/185"}
	assert.Equal(t, other, hydrationOr(other), "React's other errors are no mismatch")
}

// React 18 says a mismatch twice: what differs (#418, #425), then that the
// root switched to client rendering (#423), the same cause; as its 18.3.1
// production build says them. The second counts only when alone.
func TestHydrationAftermathOnlyWhenAlone(t *testing.T) {
	const (
		mismatch = "uncaught exception: Error: Minified React error #425; visit https://reactjs.org/docs/error-decoder.html?invariant=425 for the full message"
		switched = "uncaught exception: Error: Minified React error #423; visit https://reactjs.org/docs/error-decoder.html?invariant=423 for the full message"
		other    = "uncaught exception: Error: boom"
	)
	page := func(msgs ...string) []Finding {
		var out []Finding
		for _, m := range msgs {
			out = append(out, hydrationOr(Finding{Check: registry.PageException, Message: m}))
		}
		return withoutAftermath(out)
	}
	assert.Equal(t, []Finding{
		{Check: registry.HydrationMismatch, Message: "React hydration: " + mismatch},
		{Check: registry.PageException, Message: other},
	}, page(mismatch, switched, other))
	assert.Equal(t, []Finding{{Check: registry.HydrationMismatch, Message: "React hydration: " + switched}}, page(switched), "alone, it is the only word of the mismatch")
}

// A console call's arguments read as the Console Standard's Formatter
// joins them; the numbers are those Chromium's console gave the same
// arguments (its log: "%d items, %i left, %f done 4 NaN 0.5"), and
// parseInt's and parseFloat's readings of the others.
func TestConsoleFormat(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"plain", "two", "3"}, "plain two 3"},
		{[]string{`Warning: Text content did not match. Server: "%s" Client: "%s"%s`, "Prerendered title", "Rendered title", ""}, `Warning: Text content did not match. Server: "Prerendered title" Client: "Rendered title"`},
		{[]string{"%c[svelte] hydration_mismatch\n%cHydration failed", "color: orange", "color: inherit"}, "[svelte] hydration_mismatch\nHydration failed"},
		{[]string{"%d items, %i left, %f done", "4.7", "x", "0.5"}, "4 items, NaN left, 0.5 done"},
		{[]string{"%d, %f, %i", " 12px", "-1.5e3s", "Infinity"}, "12, -1500, NaN"},
		{[]string{"100%% sure, %s", "yes", "extra"}, "100%% sure, yes extra"},
		{[]string{"%s alone"}, "%s alone"},
		{[]string{"%s and %s", "one"}, "one and %s"},
		{[]string{"50% off %"}, "50% off %"},
	} {
		assert.Equal(t, c.want, consoleFormat(c.args), "%q", c.args)
	}
}

// A page's cache-busting query values (a timestamp, a random token) are
// written as "…" in what a finding says, so identical builds give the same
// words: a report that compares two runs sees no new finding and no fixed
// one. A short number, a version and a word are kept.
func TestFindingsWithoutCacheBusters(t *testing.T) {
	p := &pageRecorder{origin: "http://127.0.0.1:4000"}
	for in, want := range map[string]string{
		"http://127.0.0.1:4000/data/ok.json?t=1795898108447":          "/data/ok.json?t=…",
		"http://127.0.0.1:4000/poll?ts=1795898108.447&page=2":         "/poll?ts=…&page=2",
		"http://127.0.0.1:4000/app.js?v=3f9a1c2e7b4d8a6f0e1d2c3b#top": "/app.js?v=…#top",
		"http://127.0.0.1:4000/app.js?v=1.2.3":                        "/app.js?v=1.2.3",
		"http://127.0.0.1:4000/search?q=deadbeef&id=42":               "/search?q=deadbeef&id=42",
		"https://cdn.example/x.js?_=1795898108447&lang=en":            "https://cdn.example/x.js?_=…&lang=en",
	} {
		assert.Equal(t, want, p.short(in), in)
	}
}

// The site's own URLs in a message are written by their paths, a string
// the console cut in the middle included (React's component stack in a
// hydration error), so a site served on a new port each run gives the same
// words; another site's URLs and the port of another are kept.
func TestMessagesWithoutTheSitesPort(t *testing.T) {
	p := &pageRecorder{origin: "https://127.0.0.1:46507"}
	for in, want := range map[string]string{
		"Failed to fetch dynamically imported module: https://127.0.0.1:46507/gone.js":                                      "Failed to fetch dynamically imported module: /gone.js",
		"{componentStack: '\n    at h1 (<anonymous>)\n    at u (https://127.0.0….0.0.1:46507/assets/js/main.js:1:261398)'}": "{componentStack: '\n    at h1 (<anonymous>)\n    at u (https://127.0.0…/assets/js/main.js:1:261398)'}",
		"at u (https://127.0.0…:46507/a.js)":                           "at u (https://127.0.0…/a.js)",
		"see https://example.org:46507/x and https://127.0.0.1:9999/y": "see https://example.org:46507/x and https://127.0.0.1:9999/y",
	} {
		assert.Equal(t, want, p.shortIn(in), in)
	}
}

// A plain object, thrown or passed to console.error, is shown as the
// console shows it, from the preview Chromium sends, not as its bare
// description "Object"; an array too; an Error keeps its first line.
func TestObjectsAsTheConsoleShowsThem(t *testing.T) {
	obj := &runtime.RemoteObject{Type: runtime.RemoteObjectTypeObject, Description: "Object", Preview: &runtime.ObjectPreview{
		Type: runtime.ObjectPreviewTypeObject,
		Properties: []*runtime.PropertyPreview{
			{Name: "code", Type: runtime.PropertyPreviewTypeNumber, Value: "7"},
			{Name: "name", Type: runtime.PropertyPreviewTypeString, Value: "gone"},
			{Name: "at", Type: runtime.PropertyPreviewTypeObject, ValuePreview: &runtime.ObjectPreview{Type: runtime.ObjectPreviewTypeObject,
				Properties: []*runtime.PropertyPreview{{Name: "line", Type: runtime.PropertyPreviewTypeNumber, Value: "3"}}}},
		},
		Overflow: true,
	}}
	assert.Equal(t, "{code: 7, name: 'gone', at: {line: 3}, …}", value(obj))
	assert.Equal(t, "{code: 7, name: 'gone', at: {line: 3}, …}", thrown(&runtime.ExceptionDetails{Text: "Uncaught", Exception: obj}))

	arr := &runtime.RemoteObject{Type: runtime.RemoteObjectTypeObject, Subtype: runtime.RemoteObjectSubtypeArray, Description: "Array(2)", Preview: &runtime.ObjectPreview{
		Type: runtime.ObjectPreviewTypeObject, Subtype: runtime.ObjectPreviewSubtypeArray,
		Properties: []*runtime.PropertyPreview{{Name: "0", Type: runtime.PropertyPreviewTypeNumber, Value: "1"}, {Name: "1", Type: runtime.PropertyPreviewTypeString, Value: "two"}},
	}}
	assert.Equal(t, "[1, 'two']", value(arr))

	err := &runtime.RemoteObject{Type: runtime.RemoteObjectTypeObject, Subtype: runtime.RemoteObjectSubtypeError, Description: "TypeError: x is undefined\n    at f (app.js:1:2)",
		Preview: &runtime.ObjectPreview{Type: runtime.ObjectPreviewTypeObject, Subtype: runtime.ObjectPreviewSubtypeError}}
	assert.Equal(t, "TypeError: x is undefined", value(err))
	assert.Equal(t, "TypeError: x is undefined", thrown(&runtime.ExceptionDetails{Exception: err}))
}
