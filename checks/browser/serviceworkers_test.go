package browser

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
