package browser

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Where the page called register() is the frame below the wrapper's own,
// in a page's inline script or in a script file, and that is where the
// page asked for the worker's script (its first call). The stacks are
// shaped as Chromium 156 gave them for testdata/crawl/service-workers.txtar.
func TestRegisterIsPlacedAtItsCaller(t *testing.T) {
	p := newPageRecorder("https://docs.example/", "a.html")
	p.registered(`{"url":"https://docs.example/sw.js","stack":"Error\n    at ServiceWorkerContainer.register (<anonymous>:6:96)\n    at https://docs.example/a:4:25"}`)
	p.registered(`{"url":"https://docs.example/sw.js","stack":"Error\n    at ServiceWorkerContainer.register (<anonymous>:6:96)\n    at https://docs.example/a:9:1"}`)
	p.registered(`{"url":"https://docs.example/other.js","stack":"Error\n    at ServiceWorkerContainer.register (<anonymous>:6:96)\n    at start (https://docs.example/js/app.js:10:3)\n    at https://docs.example/a:2:1"}`)
	p.registered(`{"url":"https://docs.example/none.js","stack":"Error"}`)
	assert.Equal(t, map[string]place{
		"https://docs.example/sw.js":    {url: "https://docs.example/a", line: 3, col: 24},
		"https://docs.example/other.js": {url: "https://docs.example/js/app.js", line: 9, col: 2},
	}, p.askedAt)
	at := p.askedIn("TypeError: Failed to register a ServiceWorker for scope ('https://docs.example/') with script ('https://docs.example/sw.js'): A bad HTTP response code (404) was received when fetching the script.")
	assert.Equal(t, &place{url: "https://docs.example/a", line: 3, col: 24}, at)
}

// A service worker is heard for the page that was open when it started,
// and only while that page is open: a service worker outlives its page,
// and what it says once the tab has gone on to the next page is not that
// page's (each page's visit starts its own, the origin's being cleared in
// between). Its answer to the installed evaluation ends its count among
// the page's open requests.
func TestAServiceWorkerIsHeardForItsOwnPage(t *testing.T) {
	a := newPageRecorder("https://docs.example/", "a.html")
	b := newPageRecorder("https://docs.example/", "b.html")
	tab := &crawlTab{}
	tab.rec.Store(a)
	sw := &serviceWorker{id: "SW", rec: a}
	a.workerStarting(sw.id, "https://docs.example/sw.js")
	tick := `{"method":"Runtime.consoleAPICalled","params":{"type":"error","args":[{"type":"string","value":"tick"}],"executionContextId":1,"timestamp":1}}`
	tab.heardServiceWorker(t.Context(), "S", sw, tick)
	assert.NotEmpty(t, a.pending, "not installed yet")
	tab.heardServiceWorker(t.Context(), "S", sw, fmt.Sprintf(`{"id":%d,"result":{"result":{"type":"number","value":0}}}`, installedID))
	assert.Empty(t, a.pending, "installed")
	tab.rec.Store(b)
	tab.heardServiceWorker(t.Context(), "S", sw, tick)
	assert.Equal(t, []Finding{{Check: registry.ConsoleError, File: "a.html", Message: "console.error: tick"}}, a.result().findings)
	assert.Empty(t, b.result().findings, "the page after it")
}
