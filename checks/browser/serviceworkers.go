package browser

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A page's service workers are targets of their own too, but not of the
// page: Chromium starts one for the origin, in the browser, before its
// script is fetched, and a session with it answers nothing until it runs
// (chromedp's own attach, which evaluates "self", waits for ever). So a
// second session of the tab auto-attaches them, paused, and speaks to each
// through Target.sendMessageToTarget, hearing it in
// Target.receivedMessageFromTarget (not flattened: chromedp routes no
// message of a session it did not open, and a session's auto-attach is
// flattened or not, so the tab's own, which flattens its dedicated
// workers', cannot; the browser's must be flattened).
// Runtime is enabled before the worker is let run, so its first line is
// heard; what it throws or logs with console.error is the page's, the page
// of the tab whose browser context it is in and that was open when it
// started. A service worker outlives its page and is the origin's, but the
// crawl clears the origin's service workers between two pages of a tab
// (reset), and each tab has a browser context of its own: a page's service
// worker is its own, started by its visit, and what it does after that
// page has gone is nobody's (another page's visit starts its own, heard
// afresh).

// serviceWorkersPaused attaches the page's service workers, paused.
var serviceWorkersPaused = target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(false),
	Filter: target.Filter{{Type: "service_worker"}, {Exclude: true}}}

// serviceWorker is one attached service worker: its target and script,
// the page it is heard for, and whether it has been asked when it is
// installed.
type serviceWorker struct {
	id     target.ID
	script string
	rec    *pageRecorder
	asked  atomic.Bool
}

// installedID is the id of the evaluation that answers once the service
// worker has run its script and its install handlers (installed): it is
// asked as soon as its context is created, and until it answers, or the
// worker ends (its script threw, or an install handler did: redundant), the
// page counts the worker as a request still open. The worker's own
// ServiceWorker object says its state; one that will wait for another to
// go is done when installed. A build without that object answers at once.
const installedID = 1 << 30

// installed is what installedID evaluates in the worker.
const installed = `new Promise(r => {
  const sw = self.serviceWorker
  const done = () => !sw || sw.state === "activated" || sw.state === "redundant" ||
    (sw.state === "installed" && self.registration.active && self.registration.active !== sw)
  if (done()) r(0); else sw.addEventListener("statechange", () => done() && r(0))
})`

// hearServiceWorkers makes the browser attach the service workers of the
// tab's browser context, paused, and hears them for the tab's page.
func (t *crawlTab) hearServiceWorkers(tab context.Context) error {
	mine := chromedp.FromContext(tab).BrowserContextID
	ctx, cancel := chromedp.NewContext(tab, chromedp.WithTargetID(chromedp.FromContext(tab).Target.TargetID))
	context.AfterFunc(tab, cancel) // ended with the tab
	if err := chromedp.Do(ctx); err != nil {
		return err
	}
	// It hears nothing of the page: what chromedp's attach enabled is
	// turned off again, so the page's events are not sent twice.
	if err := hearLess(ctx); err != nil {
		return err
	}
	for _, m := range []string{network.CommandDisable, page.CommandDisable, inspector.CommandDisable, runtime.CommandDisable} {
		if err := chromedp.FromContext(ctx).Target.Call(ctx, m, nil, nil); err != nil {
			return err
		}
	}
	var sws sync.Map // by session
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *target.EventAttachedToTarget:
			if e.TargetInfo.Type != "service_worker" || e.TargetInfo.BrowserContextID != mine {
				return
			}
			sw := &serviceWorker{id: e.TargetInfo.TargetID, script: e.TargetInfo.URL, rec: t.rec.Load()}
			sws.Store(e.SessionID, sw)
			if sw.rec != nil {
				sw.rec.workerStarting(sw.id, e.TargetInfo.URL)
			}
			go t.runServiceWorker(ctx, e.SessionID)
		case *target.EventDetachedFromTarget:
			if sw, ok := sws.LoadAndDelete(e.SessionID); ok && sw.(*serviceWorker).rec != nil {
				sw.(*serviceWorker).rec.workerStarted(sw.(*serviceWorker).id)
			}
		case *target.EventReceivedMessageFromTarget:
			if sw, ok := sws.Load(e.SessionID); ok {
				t.heardServiceWorker(ctx, e.SessionID, sw.(*serviceWorker), e.Message)
			}
		}
	})
	if err != nil {
		return err
	}
	_, err = chromedp.Call(ctx, target.SetAutoAttach, serviceWorkersPaused)
	return err
}

// heardServiceWorker gives the page what a service worker said, if that
// page is still open.
func (t *crawlTab) heardServiceWorker(ctx context.Context, session target.SessionID, sw *serviceWorker, message string) {
	var msg cdproto.Message
	if json.Unmarshal([]byte(message), &msg) != nil {
		return
	}
	p := sw.rec
	if msg.Method == cdproto.EventFetchRequestPaused {
		go t.serviceWorkerPaused(ctx, session, p, msg.Params) // answered, page or none
		return
	}
	if p == nil || t.rec.Load() != p {
		return // the page it started for has gone
	}
	if msg.ID == installedID {
		p.workerStarted(sw.id)
		return
	}
	ev, err := cdproto.UnmarshalMessage(&msg)
	if err != nil {
		return
	}
	switch e := ev.(type) {
	case *runtime.EventExecutionContextCreated:
		if !sw.asked.Swap(true) {
			go t.toServiceWorker(ctx, session, installedID, runtime.CommandEvaluate, map[string]any{"expression": installed, "awaitPromise": true})
		}
	case *runtime.EventExceptionThrown:
		p.exception(e.ExceptionDetails)
	case *runtime.EventConsoleAPICalled:
		p.console(e)
	default:
		p.serviceWorkerNetwork(sw.script, ev)
	}
}

// runServiceWorker enables Network and Runtime in a paused service worker
// (and, for a deployed site, pauses its responses of the site, as a tab
// does: hold.go) and then lets it run: the browser passes the session's
// messages on in order, so its first request and its first line are heard.
func (t *crawlTab) runServiceWorker(ctx context.Context, session target.SessionID) {
	ok := t.toServiceWorker(ctx, session, 3, network.CommandEnable, nil) == nil &&
		t.toServiceWorker(ctx, session, 1, runtime.CommandEnable, nil) == nil
	if ok && t.hold != nil {
		ok = t.toServiceWorker(ctx, session, 4, fetch.CommandEnable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{t.hold.pattern()}}) == nil
	}
	if ok {
		_ = t.toServiceWorker(ctx, session, 2, runtime.CommandRunIfWaitingForDebugger, nil)
	}
}

// serviceWorkerPaused answers, exactly once, a response of the site that
// a deployed site's service worker asked for: held and asked again as the
// page's own are, while its page p is open, else let go on as it came.
func (t *crawlTab) serviceWorkerPaused(ctx context.Context, session target.SessionID, p *pageRecorder, params []byte) {
	var e fetch.EventRequestPaused
	if json.Unmarshal(params, &e) != nil {
		return
	}
	method, answer := fetch.CommandContinueRequest, any(fetch.ContinueRequestParams{RequestID: e.RequestID})
	if p != nil && t.rec.Load() == p {
		if again, ok := t.hold.again(t.ctx, p, swKey(e.NetworkID), &e); ok {
			f := again.fulfill()
			f.RequestID = e.RequestID
			method, answer = fetch.CommandFulfillRequest, f
		}
	}
	_ = t.toServiceWorker(ctx, session, 5, method, answer)
}

// toServiceWorker sends a command to the service worker of session; its
// answer comes as a message from the target.
func (t *crawlTab) toServiceWorker(ctx context.Context, session target.SessionID, id int64, method string, params any) error {
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	return chromedp.FromContext(ctx).Target.Call(ctx, "Target.sendMessageToTarget", map[string]any{"message": string(b), "sessionId": session}, nil)
}

// A service worker whose script is missing or throws is never started, and
// the browser rejects the page's register() with no stack (0:0 of the page
// on every build seen). Chromium says nowhere where the page asked for the
// script: no request of the page's session fetches it. So the tab's pages
// say it themselves: before a page's first script, register() is wrapped
// to tell the crawl (Runtime.addBinding, bindingCalled) the script's URL
// and where it was called from, and that is where the page asked for that
// URL, where the rejection is placed (exception, askedIn). The binding's
// global is deleted at once and the wrapper does only that, then calls the
// browser's own.

// registerBinding is the binding register() tells the crawl through.
const registerBinding = "__checksServiceWorkerRegister"

// registerWrapper wraps register() in each new document.
const registerWrapper = `(() => {
  const send = self.` + registerBinding + `, C = self.ServiceWorkerContainer
  delete self.` + registerBinding + `
  if (!send || !C) return
  const own = C.prototype.register
  C.prototype.register = { register(url, ...rest) {
    try { send(JSON.stringify({ url: new URL(url, document.baseURI).href, stack: new Error().stack })) } catch {}
    return own.call(this, url, ...rest)
  } }.register
})()`

// wrapRegister makes every page of the tab tell where it registers a
// service worker.
func wrapRegister(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, runtime.AddBinding, runtime.AddBindingParams{Name: registerBinding}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: registerWrapper})
	return err
}

// stackFrame is a frame of a V8 stack trace: its URL, line and column,
// at the end of the line.
var stackFrame = regexp.MustCompile(`^\s*at (?:.*\()?(\S+?):(\d+):(\d+)\)?$`)

// registered records where the page called register(), from what the
// wrapper sent: the frame below the wrapper's own.
func (p *pageRecorder) registered(payload string) {
	var call struct{ URL, Stack string }
	if json.Unmarshal([]byte(payload), &call) != nil {
		return
	}
	lines := strings.Split(call.Stack, "\n")
	if len(lines) < 3 {
		return
	}
	m := stackFrame.FindStringSubmatch(lines[2])
	if m == nil {
		return
	}
	line, _ := strconv.ParseInt(m[2], 10, 64)
	col, _ := strconv.ParseInt(m[3], 10, 64)
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, seen := p.askedAt[call.URL]; !seen {
		p.askedAt[call.URL] = place{url: m[1], line: line - 1, col: col - 1}
	}
}

// A service worker's own requests (importScripts, a fetch or cache.addAll
// as it installs, the fetch its fetch handler makes) are said on its
// session, with ids of their own: each of the site is one of the page's
// open requests until it ends, and one answered 4xx or 5xx or never
// answered is the page's failed-request, placed in the worker's script.
// Chromium 156 says so: a request, its response (an importScripts it
// refused as it came, with the status only in responseReceivedExtraInfo),
// and loadingFinished or loadingFailed. The worker's own script is the
// page's register(), whose rejection says its fault. A request of the page
// that the worker forwards (respondWith(fetch(e.request))) fails on both
// sessions: it is said once, as the page's, so the worker's failures are
// judged when the page's result is taken, each URL once, and only those of
// a URL no request of the page or its workers failed on.

// swRequest is a service worker's request of the site: its URL, where it
// was asked for, the 4xx or 5xx status it answered, and why it failed.
type swRequest struct {
	url   string
	asked *place
	// status is the 4xx or 5xx status its answer gave the worker, extra
	// that of the raw response (responseReceivedExtraInfo): only that is
	// said of an import Chromium refuses, but a response held and asked
	// again (hold.go) is another answer than the raw one.
	status, extra int64
	answered      bool // responseReceived said its status
	failed        string
}

// swKey is a service worker's request among the page's open requests.
func swKey(id network.RequestID) network.RequestID { return "service worker " + id }

// serviceWorkerNetwork follows the requests of the site that a service
// worker of the page, whose script is script, makes.
func (p *pageRecorder) serviceWorkerNetwork(script string, ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		if !p.ours(e.Request.URL) || e.Request.URL == script {
			return
		}
		id := swKey(e.RequestID)
		r := p.swRequests[id]
		if r == nil { // a redirect keeps its id
			r = &swRequest{}
			if at, ok := initiatedAt(e.Initiator, e.Request.URL); ok {
				r.asked = &at
			}
			p.swRequests[id] = r
			p.requests++
		}
		r.url = e.Request.URL
		p.pending[id], p.lastSeen = e.Request.URL, time.Now()
	case *network.EventResponseReceivedExtraInfo:
		if r := p.swRequests[swKey(e.RequestID)]; r != nil {
			r.extra = e.StatusCode
		}
	case *network.EventResponseReceived:
		if r := p.swRequests[swKey(e.RequestID)]; r != nil {
			r.status, r.answered = e.Response.Status, true
		}
	case *network.EventLoadingFinished:
		p.done(swKey(e.RequestID))
	case *network.EventLoadingFailed:
		// A request the worker itself cancelled is no fault of the site:
		// cache.addAll stops the rest of its list once one fails, and
		// whether a file of it had come by then is a matter of timing.
		if r := p.swRequests[swKey(e.RequestID)]; r != nil && !e.Canceled && e.ErrorText != "net::ERR_ABORTED" {
			r.failed = e.ErrorText
		}
		p.done(swKey(e.RequestID))
	}
}

// statusGiven is the status the worker was given: responseReceived's
// (for a response held and asked again, the answer it was given in its
// stead), else the raw response's.
func (r *swRequest) statusGiven() int64 {
	if r.answered {
		return r.status
	}
	return r.extra
}

// serviceWorkerFailuresLocked reports the failed requests of the page's
// service workers, each URL once, at its first place, but for a URL whose
// request of the page or its workers failed: that one is said already. A
// load the crash of the tab ended is none.
func (p *pageRecorder) serviceWorkerFailuresLocked() {
	crashed := slices.ContainsFunc(p.list, func(f Finding) bool { return f.Check == registry.PageCrash })
	ids := slices.Collect(maps.Keys(p.swRequests))
	slices.SortFunc(ids, func(a, b network.RequestID) int {
		ra, rb := p.swRequests[a], p.swRequests[b]
		return cmp.Or(strings.Compare(ra.url, rb.url), comparePlaces(ra.asked, rb.asked))
	})
	for _, id := range ids {
		r := p.swRequests[id]
		var msg string
		switch status := r.statusGiven(); {
		case p.failedURLs[r.url]:
			continue
		case status >= 400:
			msg = fmt.Sprintf("%s answered %d %s%s", p.short(r.url), status, http.StatusText(int(status)), p.notes[id])
		case r.failed != "" && !crashed:
			msg = fmt.Sprintf("%s failed: %s", p.short(r.url), r.failed)
		default:
			continue
		}
		p.failedURLs[r.url] = true
		p.addLocked(Finding{Check: registry.FailedRequest, Message: msg, asked: r.asked})
	}
}

// comparePlaces orders places by URL, line and column; none comes last.
func comparePlaces(a, b *place) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return cmp.Or(strings.Compare(a.url, b.url), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col))
}
