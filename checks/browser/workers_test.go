package browser

import (
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A worker of the site that has been attached but whose script has not
// loaded keeps its page from being quiet, whether or not the page's own
// session heard the script's request: until then nothing the worker does
// has been heard. A worker of another site is not waited for.
func TestAStartingWorkerIsAnOpenRequest(t *testing.T) {
	p := newPageRecorder("https://docs.example/", "a.html")
	p.lastSeen = p.lastSeen.Add(-quietFor)
	assert.True(t, p.quiet(), "no request, long ago")
	p.workerStarting("W1", "https://cdn.example/w.js")
	assert.True(t, p.quiet(), "another site's worker")
	p.workerStarting("W2", "https://docs.example/w.js")
	assert.False(t, p.quiet())
	p.workerStarted("W2")
	assert.Equal(t, "none, but new ones kept starting", p.stillOpen(), "nothing open once it started")
}

// A worker's response to a request its session never saw sent (its own
// script, which the browser fetches before the worker runs) is still
// judged: a missing script is one failed request, not two with its
// failure. The events are shaped as Chromium 156 sent them for
// testdata/crawl/workers.txtar's missing.html, less the page's own word of
// the request.
func TestAWorkersMissingScriptIsAFailedRequest(t *testing.T) {
	p := newPageRecorder("https://docs.example/", "a.html")
	t1 := &crawlTab{}
	t1.rec.Store(p)
	hear := t1.hearWorker(target.ID("W"))
	hear(&network.EventResponseReceived{RequestID: "W", Type: network.ResourceTypeScript, Response: &network.Response{URL: "https://docs.example/js/missing.js", Status: 404}})
	hear(&network.EventLoadingFailed{RequestID: "W", ErrorText: "net::ERR_FAILED"})
	assert.Equal(t, []Finding{{Check: registry.FailedRequest, File: "a.html", Message: "/js/missing.js answered 404 Not Found"}}, p.result().findings)
	assert.Empty(t, p.pending)
}
