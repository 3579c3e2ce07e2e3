package browser

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"

	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/remote"
)

// A deployed site's host may answer one of a page's own files "come back
// later" (429 or 503 with Retry-After) because the crawl asks too fast, not
// because the page is broken. So in the crawl of a deployed site each tab
// pauses the responses of the site's requests (Fetch, at the response
// stage, before the page sees them: paused.go) and holds such an answer:
// it waits out the Retry-After, asks again itself at the site's rate with
// the browser's headers, and gives the page that answer instead (a
// redirect to the same URL is not followed at the response stage:
// Chromium 156 hands the page the 307 itself). This is the same request
// held, not the page opened again: a host that limits by count (every
// fifth request) would refuse some file of every new visit. The same
// pause stops the page's document at a redirect off the site
// (redirect-off-site), which the crawl never follows.

// maxHolds is how often one request is held at most.
const maxHolds = 3

// siteHold is how the tabs of a deployed site's crawl hold its requests.
type siteHold struct {
	site *remote.Site
	// budget is how long the requests of one page may be held in all (its
	// --page-timeout, which does not count it).
	budget time.Duration
}

// origin is the site's scheme, host and port.
func (h *siteHold) origin() string {
	return h.site.Base.Scheme + "://" + h.site.Base.Host
}

// pattern pauses the site's responses, of every kind (paused.go).
func (h *siteHold) pattern() *fetch.RequestPattern {
	return &fetch.RequestPattern{URLPattern: h.origin() + "/*", RequestStage: fetch.RequestStageResponse}
}

// atResponse decides what becomes of one paused response of the site.
// Between two pages (no recorder) every response goes on as it came.
func (t *crawlTab) atResponse(e *fetch.EventRequestPaused) pauseAnswer {
	p := t.rec.Load()
	if p == nil || t.hold == nil {
		return pauseAnswer{}
	}
	if p.redirectsOff(e, t.main) {
		return pauseAnswer{fail: network.ErrorReasonBlockedByClient}
	}
	if again, ok := t.hold.again(t.ctx, p, e.NetworkID, e); ok {
		return pauseAnswer{fulfill: again.fulfill()}
	}
	return pauseAnswer{}
}

// reply is the host's answer to a request asked again.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// again is the answer to a paused request of p (id, among its requests)
// that the host told to come back later, asked for again after each
// Retry-After while it says so (at most maxHolds times); ok is false when
// it is not held (and goes on as it came), or could not be asked again.
func (h *siteHold) again(ctx context.Context, p *pageRecorder, id network.RequestID, e *fetch.EventRequestPaused) (reply, bool) {
	if e.Request.Method != http.MethodGet && e.Request.Method != http.MethodHead {
		return reply{}, false // a body is not the crawl's to send again
	}
	wait, held := p.holdFor(id, int(e.ResponseStatusCode), header(e.ResponseHeaders, "Retry-After"), h, time.Now())
	for held {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return reply{}, false
		}
		r, err := h.ask(ctx, e.Request)
		if err != nil {
			p.note(id, fmt.Sprintf(", and asked again after its Retry-After: %v", err))
			return reply{}, false
		}
		if wait, held = p.holdFor(id, r.status, r.header.Get("Retry-After"), h, time.Now()); !held {
			return r, true
		}
	}
	return reply{}, false
}

// ask sends the browser's request again, with its headers, at the site's
// rate. Go's transport asks for gzip and unpacks it, so the reply is what
// the page reads.
func (h *siteHold) ask(ctx context.Context, r *network.Request) (reply, error) {
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
	if err != nil {
		return reply{}, err
	}
	for k, v := range r.Headers {
		if s, ok := v.(string); ok && !strings.EqualFold(k, "Accept-Encoding") {
			req.Header.Set(k, s)
		}
	}
	resp, err := h.site.Do(req, nil)
	if err != nil {
		return reply{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	if err != nil {
		return reply{}, err
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: body}, nil
}

// maxReply bounds a file asked for again (a script chunk, an image).
const maxReply = 64 << 20

// fulfill gives r to the page as the answer to its paused request.
func (r reply) fulfill() *fulfillParams {
	var headers []*fetch.HeaderEntry
	for k, vs := range r.header {
		for _, v := range vs {
			headers = append(headers, &fetch.HeaderEntry{Name: k, Value: v})
		}
	}
	return &fulfillParams{ResponseCode: int64(r.status), ResponseHeaders: headers, Body: append([]byte{}, r.body...)}
}

// holdFor is how long to hold a request the host answered status with
// retryAfter before it is asked again (ok): one that asks to come back
// later within what is left of the page's budget, at most maxHolds times.
// An answer not held that goes on to be reported gets a note saying why
// it was not.
func (p *pageRecorder) holdFor(id network.RequestID, status int, retryAfter string, h *siteHold, now time.Time) (time.Duration, bool) {
	if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
		return 0, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	wait, ok := remote.RetryAfter(retryAfter, now)
	limit := min(h.site.MaxWait(), h.budget)
	switch {
	case !ok:
		if status == http.StatusTooManyRequests {
			p.notes[id] = ", with no Retry-After to wait for"
		}
		return 0, false
	case p.holds[id] == maxHolds:
		p.notes[id] = fmt.Sprintf(" again after its Retry-After was waited out %d times", maxHolds)
		return 0, false
	case wait > limit-p.held:
		p.notes[id] = fmt.Sprintf(" and asked to wait %s: a page's requests are held %s at most in all", wait.Round(time.Second), limit)
		return 0, false
	}
	p.holds[id]++
	p.held += wait
	return wait, true
}

// note is said after the finding of a request's answer, if it has one.
func (p *pageRecorder) note(id network.RequestID, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.notes[id] = s
}

// redirectsOff tells whether a paused response is the page's document
// (in the tab's main frame) going to another site by a redirect, and
// reports that (redirect-off-site) in place of the failed load it is then
// made.
func (p *pageRecorder) redirectsOff(e *fetch.EventRequestPaused, main cdp.FrameID) bool {
	if e.ResourceType != network.ResourceTypeDocument || e.FrameID != main || e.ResponseStatusCode < 300 || e.ResponseStatusCode > 399 {
		return false // a frame's document: the page stays
	}
	from, err := url.Parse(e.Request.URL)
	location := header(e.ResponseHeaders, "Location")
	if err != nil || location == "" {
		return false
	}
	to, err := from.Parse(location)
	if err != nil || to.Scheme+"://"+to.Host == p.origin {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refused[e.NetworkID] = true
	p.redirected = true
	msg := fmt.Sprintf("redirects to %s, off the site: not followed, not crawled", to)
	if e.Request.URL != p.file { // a deployed site's page file is its URL
		msg += " (by way of " + p.short(e.Request.URL) + ")"
	}
	p.addLocked(Finding{Check: registry.RedirectOffSite, Message: msg})
	return true
}

// redirectedOff is true once the page's document was stopped at a
// redirect off the site: the page is that finding alone.
func (p *pageRecorder) redirectedOff() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.redirected
}

// stretch is how much longer the page's limit runs since it was last
// asked (counted): the time its requests have been held since, which is
// the host's, not the page's.
func (p *pageRecorder) stretch(counted *time.Duration) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	more := p.held - *counted
	*counted = p.held
	return more
}

// header is a response header's value, by its name in any case.
func header(headers []*fetch.HeaderEntry, name string) string {
	for _, h := range headers {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}
