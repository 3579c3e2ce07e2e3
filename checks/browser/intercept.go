package browser

import (
	"net/url"
	"sync"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// holdBack intercepts the page-content requests of a tab (CDP Fetch) and
// delays or fails them, so the loader can be watched under a slow or broken
// network without a special server. The mode can change mid-test.
//
// A URL that failed once keeps failing, as in a browser that keeps failed
// imports in its module map (Chromium 150 answers a second import() of it
// without a request; 156 asks again). So a site's Retry passes only if it
// asks for the content under a new URL, which works on every browser.
type holdBack struct {
	mu     sync.Mutex
	delay  time.Duration
	fail   bool
	exempt map[string]bool // URL paths always let through: the page's entry scripts
	failed map[string]bool // full URLs failed so far
	// gate, when set, lets a held request go as soon as it is closed,
	// before its delay is up: a hold that ends on an event in the page,
	// not on a guess at how slow the machine is.
	gate chan struct{}
}

// holdUntil holds every request until release is called, or limit passes.
func (h *holdBack) holdUntil(limit time.Duration) (release func()) {
	gate := make(chan struct{})
	h.mu.Lock()
	h.delay, h.gate = limit, gate
	h.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { close(gate) }) }
}

func (h *holdBack) set(delay time.Duration, fail bool) {
	h.mu.Lock()
	h.delay, h.fail = delay, fail
	h.mu.Unlock()
}

// start enables interception for requests matching pattern.
func (h *holdBack) start(t tab, pattern string) error {
	err := chromedp.Listen(t.ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			// Listen's callback must not call the browser: answer elsewhere.
			go h.answer(t, e)
		}
	})
	if err != nil {
		return err
	}
	// The pattern must match the whole URL, so a chunk asked for again with
	// a query (x.js?retry=1) needs a second one; "\\?" is a literal "?".
	patterns := []*fetch.RequestPattern{{URLPattern: pattern}, {URLPattern: pattern + `\?*`}}
	if _, err = chromedp.Call(t.ctx, fetch.Enable, fetch.EnableParams{Patterns: patterns}); err != nil {
		return err
	}
	// A response the browser's caches still hold never reaches the
	// network, so it would slip past the hold: a built site's files are
	// old, and by their Last-Modified a reload takes them from a cache.
	_, err = chromedp.Call(t.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
	return err
}

func (h *holdBack) answer(t tab, e *fetch.EventRequestPaused) {
	h.mu.Lock()
	delay, fail, gate := h.delay, h.fail || h.failed[e.Request.URL], h.gate
	if u, err := url.Parse(e.Request.URL); err == nil && h.exempt[u.Path] {
		delay, fail = 0, false
	}
	if fail {
		if h.failed == nil {
			h.failed = map[string]bool{}
		}
		h.failed[e.Request.URL] = true
	}
	h.mu.Unlock()
	if fail {
		_, _ = chromedp.Call(t.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonFailed})
		return
	}
	select {
	case <-time.After(delay):
	case <-gate: // a nil gate never opens
	case <-t.ctx.Done():
		return
	}
	_, _ = chromedp.Call(t.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
}
