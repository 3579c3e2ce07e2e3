package browser

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A crawl tab pauses some of its requests (the Fetch domain) for two
// reasons: its documents at the request stage, so that a page going to
// another site never reaches it (leave.go), and, in the crawl of a
// deployed site, the site's responses, so that a file the host told to come
// back later is held and asked again (hold.go). Fetch.enable replaces the
// patterns of the call before it, so both are given in one call, and
// every paused request comes to one place (paused), which sends the one
// answer it waits for: a request paused and never answered hangs its page.

// enablePauses starts pausing the tab's requests of every pattern the
// crawl needs.
func (t *crawlTab) enablePauses(ctx context.Context) error {
	patterns := []*fetch.RequestPattern{&documents}
	if t.hold != nil {
		patterns = append(patterns, t.hold.pattern())
	}
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: patterns})
	return err
}

// pauseAnswer is what becomes of a paused request: failed for a reason,
// fulfilled in the host's stead, or (neither) let go on as it came.
type pauseAnswer struct {
	fail    network.ErrorReason
	fulfill *fulfillParams
}

// paused answers one paused request, exactly once. A request that matches
// both patterns (a deployed site's document) is paused at each stage in
// turn, a pause of its own each time. It runs beside the read loop, since
// it calls the browser.
func (t *crawlTab) paused(e *fetch.EventRequestPaused) {
	var a pauseAnswer
	if atResponseStage(e) {
		a = t.atResponse(e)
	} else {
		a = t.atRequest(e)
	}
	// An error is the tab gone, and its requests with it.
	switch {
	case a.fulfill != nil:
		a.fulfill.RequestID = e.RequestID
		_, _ = chromedp.Call(t.ctx, fulfillRequest, *a.fulfill)
	case a.fail != "":
		_, _ = chromedp.Call(t.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: a.fail})
	default:
		_, _ = chromedp.Call(t.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
	}
}

// atResponseStage: a request paused at the response stage carries the
// answer's status or its network error (the protocol's own test).
func atResponseStage(e *fetch.EventRequestPaused) bool {
	return e.ResponseStatusCode != 0 || e.ResponseErrorReason != ""
}

// fulfillParams are Fetch.fulfillRequest's, its body sent even when empty:
// the protocol package leaves an empty one out, and Chromium then gives
// the page the body of the answer it replaces (a 429's).
type fulfillParams struct {
	RequestID       fetch.RequestID      `json:"requestId"`
	ResponseCode    int64                `json:"responseCode"`
	ResponseHeaders []*fetch.HeaderEntry `json:"responseHeaders,omitempty"`
	Body            []byte               `json:"body"`
}

var fulfillRequest = cdp.Command[fulfillParams, cdp.Empty]{Method: fetch.CommandFulfillRequest}
