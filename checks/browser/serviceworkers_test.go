package browser

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
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

// A service worker's importScripts of a missing file: Chromium 156 refuses
// the response as it comes, says its status only in
// responseReceivedExtraInfo and then fails the load (net::ERR_INVALID_RESPONSE),
// as it did for testdata/crawl/service-worker-requests.txtar's imports.html.
// That is the page's request answered 404, placed in the worker's script,
// whichever of the two comes first; until it ends it is an open request
// of the page. The worker's own script is register()'s, not one of its
// requests.
func TestAServiceWorkersRefusedImportIsAFailedRequestInEitherOrder(t *testing.T) {
	const sw, missing = "https://docs.example/sw.js", "https://docs.example/js/missing.js"
	sent := &network.EventRequestWillBeSent{RequestID: "7.3", Request: &network.Request{URL: missing}, Initiator: &network.Initiator{Type: network.InitiatorTypeScript,
		Stack: &runtime.StackTrace{CallFrames: []*runtime.CallFrame{{URL: sw, LineNumber: 0, ColumnNumber: 0}}}}}
	status := &network.EventResponseReceivedExtraInfo{RequestID: "7.3", StatusCode: 404}
	failed := &network.EventLoadingFailed{RequestID: "7.3", ErrorText: "net::ERR_INVALID_RESPONSE"}
	for _, order := range [][]any{{sent, status, failed}, {sent, failed, status}} {
		p := newPageRecorder("https://docs.example/", "a.html")
		p.serviceWorkerNetwork(sw, &network.EventRequestWillBeSent{RequestID: "S", Request: &network.Request{URL: sw}})
		assert.Empty(t, p.pending, "its own script")
		for i, ev := range order {
			p.serviceWorkerNetwork(sw, ev)
			if i == 0 {
				assert.NotEmpty(t, p.pending, "open until it ends")
			}
		}
		assert.Empty(t, p.pending)
		assert.Equal(t, []Finding{{Check: registry.FailedRequest, File: "a.html", Message: "/js/missing.js answered 404 Not Found (at /sw.js:1:1)"}}, p.result().findings)
	}
}

// A request of the page that its service worker forwards fails on both
// sessions, which may say it differently (the worker's fetch answered 404,
// the page given a network error): it is the page's, said once.
func TestAForwardedRequestIsSaidOnceAsThePages(t *testing.T) {
	const url = "https://docs.example/data/absent.json"
	p := newPageRecorder("https://docs.example/", "a.html")
	p.serviceWorkerNetwork("https://docs.example/sw.js", &network.EventRequestWillBeSent{RequestID: "9.1", Request: &network.Request{URL: url}})
	p.serviceWorkerNetwork("https://docs.example/sw.js", &network.EventResponseReceived{RequestID: "9.1", Response: &network.Response{URL: url, Status: 404}})
	p.hear(&network.EventRequestWillBeSent{RequestID: "8.4", Type: network.ResourceTypeFetch, Request: &network.Request{URL: url}})
	p.hear(&network.EventLoadingFailed{RequestID: "8.4", ErrorText: "net::ERR_FAILED"})
	assert.Equal(t, []Finding{{Check: registry.FailedRequest, File: "a.html", Message: "/data/absent.json failed: net::ERR_FAILED"}}, p.result().findings)
}

// cache.addAll stops the rest of its list once one file fails: a file of
// it still on its way is cancelled (net::ERR_ABORTED), on a busy machine
// only, as testdata/crawl/service-worker-requests.txtar's caches.html was
// in a run under load. The missing file is the fault, said once; the
// cancelled one is none, so the verdict does not hang on timing.
func TestARequestTheWorkerCancelledIsNoFault(t *testing.T) {
	const sw = "https://docs.example/sw.js"
	p := newPageRecorder("https://docs.example/", "a.html")
	for _, ev := range []any{
		&network.EventRequestWillBeSent{RequestID: "5.1", Request: &network.Request{URL: "https://docs.example/css/site.css"}},
		&network.EventRequestWillBeSent{RequestID: "5.2", Request: &network.Request{URL: "https://docs.example/css/missing.css"}},
		&network.EventResponseReceived{RequestID: "5.2", Response: &network.Response{URL: "https://docs.example/css/missing.css", Status: 404}},
		&network.EventLoadingFinished{RequestID: "5.2"},
		&network.EventLoadingFailed{RequestID: "5.1", ErrorText: "net::ERR_ABORTED", Canceled: true},
	} {
		p.serviceWorkerNetwork(sw, ev)
	}
	assert.Empty(t, p.pending)
	assert.Equal(t, []Finding{{Check: registry.FailedRequest, File: "a.html", Message: "/css/missing.css answered 404 Not Found"}}, p.result().findings)
}
