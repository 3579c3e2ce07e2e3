package browser

import (
	"context"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A page's shared workers (new SharedWorker) are targets of their own, but
// no tab's: only the browser's own auto-attach reports them (Chromium 156;
// the tab's, which reports its dedicated and service workers, never names
// one). So the crawl's browser auto-attaches every shared worker, paused
// (flattened: the browser's auto-attach is), and gives each to the tab
// whose browser context it is in, which attaches and hears it as it does a
// dedicated worker (workers.go): what it throws, logs or fails to load is
// the page's open then, and until its script has loaded it is one of the
// page's open requests.
//
// A shared worker lives while a page of its browser context holds it, and
// while a DevTools session is attached to it (Chromium 156 kept one alive
// for as long as the auto-attach's session was, the page long gone). Each
// tab has a browser context of its own, and between two pages its page
// leaves for a blank: the tab's reset lets go of the sessions with the
// shared workers its page started and waits until they have ended, so each
// page's visit hears only the shared workers it started, and one started
// again by a later page is a new one, heard afresh.

// sharedWorkersPaused makes the browser attach each shared worker, paused
// until it is let run.
var sharedWorkersPaused = target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(true),
	Filter: target.Filter{{Type: "shared_worker"}, {Exclude: true}}}

// sharedWorkers hands the shared workers of one Chromium to the crawl's
// tabs in it, and knows which have not ended.
type sharedWorkers struct {
	browser context.Context // the Chromium's
	tabs    sync.Map        // the crawl's tabs, by their browser context

	mu       sync.Mutex
	sessions map[target.SessionID]*crawlTab // each auto-attached session, by the tab that heard its worker
	alive    map[target.ID]*crawlTab        // the shared workers not yet ended, by the tab that heard them
	ended    chan struct{}                  // closed, and made anew, when one ends
}

// hearSharedWorkers makes the Chromium of browser attach its shared
// workers, paused, and hand them to the tabs that join.
func hearSharedWorkers(browser context.Context) (*sharedWorkers, error) {
	s := &sharedWorkers{browser: browser, sessions: map[target.SessionID]*crawlTab{}, alive: map[target.ID]*crawlTab{}, ended: make(chan struct{})}
	if err := chromedp.ListenBrowser(browser, s.hear); err != nil {
		return nil, err
	}
	// Targets are discovered (their end is told, targetDestroyed) as
	// chromedp asks too; asked here, where it is relied on.
	if _, err := chromedp.CallBrowser(browser, target.SetDiscoverTargets, target.SetDiscoverTargetsParams{Discover: true}); err != nil {
		return nil, err
	}
	if _, err := chromedp.CallBrowser(browser, target.SetAutoAttach, sharedWorkersPaused); err != nil {
		return nil, err
	}
	return s, nil
}

// join makes t hear the shared workers of its browser context.
func (s *sharedWorkers) join(t *crawlTab, in cdp.BrowserContextID) { s.tabs.Store(in, t) }

// leave forgets t, which closes with its browser context and its workers.
func (s *sharedWorkers) leave(t *crawlTab, in cdp.BrowserContextID) {
	s.tabs.Delete(in)
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, of := range s.sessions {
		if of == t {
			delete(s.sessions, k)
		}
	}
	for k, of := range s.alive {
		if of == t {
			delete(s.alive, k)
		}
	}
}

func (s *sharedWorkers) hear(ev any) {
	switch e := ev.(type) {
	case *target.EventAttachedToTarget:
		// The crawl's own sessions with a shared worker are told too, not
		// waiting: only the paused one is new.
		if e.TargetInfo.Type != "shared_worker" || !e.WaitingForDebugger {
			return
		}
		t, ok := s.tabs.Load(e.TargetInfo.BrowserContextID)
		if !ok { // none of the crawl's tabs (one closing): it is let run unheard
			go s.letRun(e.TargetInfo.TargetID)
			return
		}
		s.mu.Lock()
		s.sessions[e.SessionID], s.alive[e.TargetInfo.TargetID] = t.(*crawlTab), t.(*crawlTab)
		s.mu.Unlock()
		go t.(*crawlTab).attachWorker(e)
	case *target.EventDetachedFromTarget:
		s.mu.Lock()
		t, ok := s.sessions[e.SessionID]
		delete(s.sessions, e.SessionID)
		s.mu.Unlock()
		if ok {
			go t.detachWorker(e.SessionID)
		}
	case *target.EventTargetDestroyed:
		s.mu.Lock()
		if _, ok := s.alive[e.TargetID]; ok {
			delete(s.alive, e.TargetID)
			close(s.ended)
			s.ended = make(chan struct{})
		}
		s.mu.Unlock()
	}
}

// letRun lets a paused shared worker that no tab hears run, so that it is
// not held for ever.
func (s *sharedWorkers) letRun(id target.ID) {
	ctx, cancel := chromedp.NewContext(s.browser, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel())
	defer cancel()
	_, _ = chromedp.Call(ctx, runtime.RunIfWaitingForDebugger, cdp.Empty{})
}

// letGo detaches the sessions with the shared workers t's page started,
// which then end once no page holds them (the tab's is a blank by now),
// and waits until they have.
func (s *sharedWorkers) letGo(ctx context.Context, t *crawlTab) error {
	s.mu.Lock()
	var mine []target.SessionID
	for k, of := range s.sessions {
		if of == t {
			mine = append(mine, k)
			delete(s.sessions, k)
		}
	}
	s.mu.Unlock()
	for _, k := range mine { // one that has ended meanwhile has no session: nothing to do
		_, _ = chromedp.CallBrowser(ctx, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: k})
	}
	for {
		s.mu.Lock()
		left, ended := false, s.ended
		for _, of := range s.alive {
			left = left || of == t
		}
		s.mu.Unlock()
		if !left {
			return nil
		}
		select {
		case <-ended:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
