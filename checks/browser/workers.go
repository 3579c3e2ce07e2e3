package browser

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A page's dedicated workers are targets of their own: what they throw,
// log and ask for is said on their own sessions, not the page's. Each is
// attached paused (waitForDebuggerOnStart), heard from its first line,
// and then let run; its findings are the page's.

// workersPaused makes the tab attach each dedicated worker its page starts,
// paused until it is let run. Only workers: a frame of another site (a
// target of its own too) would wait for a word the crawl never gives it.
var workersPaused = target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(true),
	Filter: target.Filter{{Type: "worker"}, {Exclude: true}}}

// worker is one attached worker: its target and the context of the
// crawl's own session with it.
type worker struct {
	id     target.ID
	cancel context.CancelFunc
}

// attachWorker attaches a session of the crawl's own to a worker the tab's
// auto-attach paused (chromedp routes no event of that session), with the
// Runtime and Network domains on, then lets the worker run. Until its
// script has loaded, the page counts it as a request still open, so the
// page is not judged settled before the worker is heard.
func (t *crawlTab) attachWorker(e *target.EventAttachedToTarget) {
	id := e.TargetInfo.TargetID
	if p := t.rec.Load(); p != nil {
		p.workerStarting(id, e.TargetInfo.URL)
	}
	ctx, cancel := chromedp.NewContext(t.ctx, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel(), chromedp.WithListener(t.hearWorker(id)))
	t.workers.Store(e.SessionID, worker{id, cancel})
	err := chromedp.Do(ctx)
	if err == nil {
		// A worker's own workers alike; a build that cannot attach them
		// still runs this one.
		_, _ = chromedp.Call(ctx, target.SetAutoAttach, workersPaused)
		_, err = chromedp.Call(ctx, runtime.RunIfWaitingForDebugger, cdp.Empty{})
	}
	if err != nil { // the worker is gone already
		t.detachWorker(e.SessionID)
	}
}

// detachWorker hears that a worker ended: it is no longer waited for. Its
// session is left to end by itself, after every event the browser sent
// on it (a worker whose script is missing ends as its 404 is said there),
// and is let go with the page (endWorkers).
func (t *crawlTab) detachWorker(session target.SessionID) {
	w, ok := t.workers.Load(session)
	if !ok {
		return
	}
	if p := t.rec.Load(); p != nil {
		p.workerStarted(w.(worker).id)
	}
}

// endWorkers lets go of the sessions with the workers of the page that
// was open: they ended with it.
func (t *crawlTab) endWorkers() {
	t.workers.Range(func(k, w any) bool {
		w.(worker).cancel()
		t.workers.Delete(k)
		return true
	})
}

// workerComesOrGoes attaches a worker the page or a worker started, or
// ends the session with one that ended; it tells whether ev was either.
func (t *crawlTab) workerComesOrGoes(ev any) bool {
	switch e := ev.(type) {
	case *target.EventAttachedToTarget:
		go t.attachWorker(e)
	case *target.EventDetachedFromTarget:
		go t.detachWorker(e.SessionID)
	default:
		return false
	}
	return true
}

// hearWorker gives the page's recorder what worker id says.
func (t *crawlTab) hearWorker(id target.ID) func(ev any) {
	return func(ev any) {
		if t.workerComesOrGoes(ev) { // a worker the worker starts
			return
		}
		p := t.rec.Load()
		if p == nil {
			return
		}
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			if !passedUp(e.ExceptionDetails) {
				p.exception(e.ExceptionDetails)
			}
		case *runtime.EventConsoleAPICalled:
			p.console(e)
		case *inspector.EventWorkerScriptLoaded:
			p.workerLoaded(id)
		case *network.EventResponseReceived:
			p.workerResponse(e)
			p.network(ev)
		default:
			p.network(ev)
		}
	}
}

// passedUp is a worker's uncaught error as its parent worker reports it
// too, with null for the error (Chromium 156): heard already, with the
// error, from the worker that threw it. (A worker's own "throw null" is
// lost with it.)
func passedUp(d *runtime.ExceptionDetails) bool {
	return d.Exception != nil && d.Exception.Subtype == runtime.RemoteObjectSubtypeNull
}

// workerKey is the worker's place among the page's open requests.
func workerKey(id target.ID) network.RequestID { return network.RequestID("worker " + id) }

// workerStarting counts a worker of the page's site whose script has not
// loaded as one of its requests still open.
func (p *pageRecorder) workerStarting(id target.ID, url string) {
	if !p.ours(url) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pending[workerKey(id)] = url
}

// workerStarted ends the worker's count among the page's open requests.
func (p *pageRecorder) workerStarted(id target.ID) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done(workerKey(id))
}

// workerLoaded is workerStarted for a worker whose script has loaded, which
// also ends its script's request as the page heard it, should the worker's
// session have said its end under another id.
func (p *pageRecorder) workerLoaded(id target.ID) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done(workerKey(id))
	p.done(network.RequestID(id)) // Chromium 156 names the request by the worker's id in both
}

// workerResponse makes a response to a worker's request of the site one
// the page asked for, when its request was sent before the worker's
// session heard it (the worker's own script: the browser fetches it before
// the worker runs), so that a missing script is a failed request.
func (p *pageRecorder) workerResponse(e *network.EventResponseReceived) {
	if e.Response == nil || !p.ours(e.Response.URL) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.pending[e.RequestID]; !ok {
		p.pending[e.RequestID] = e.Response.URL
		p.requests++
	}
}
