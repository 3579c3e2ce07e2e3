package browser

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// crawlTab is one tab of the crawl's pool, kept from page to page: a new
// tab (a browser context, a renderer process) cost more than the page.
// Between two pages it goes to about:blank, so that what the page before
// does as it unloads is nobody's, and forgets what that page left (reset);
// a page that crashed or did not settle takes its tab with it.
type crawlTab struct {
	browser context.Context // the Chromium it is in
	ctx     context.Context
	cancel  context.CancelFunc
	rec     atomic.Pointer[pageRecorder] // the page open now; nil between pages
	hold    *siteHold                    // a deployed site's (hold.go); nil for a local one
	main    cdp.FrameID                  // the tab's main frame: its target's id
	workers sync.Map                     // the workers attached (workers.go), by their auto-attached session
	shared  *sharedWorkers               // what hands it the shared workers of its browser context (sharedworkers.go)
}

// newCrawlTab opens a tab in a browser context of its own, so no other
// tab of the pool shares its storage; with hold, it holds a deployed
// site's requests that ask to come back later; shared hands it the shared
// workers of its browser context.
func newCrawlTab(browser context.Context, hold *siteHold, shared *sharedWorkers) (*crawlTab, error) {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t := &crawlTab{browser: browser, ctx: ctx, cancel: cancel, hold: hold, shared: shared}
	if err := t.setUp(ctx); err != nil {
		cancel()
		return nil, err
	}
	shared.join(t, chromedp.FromContext(ctx).BrowserContextID)
	return t, nil
}

// setUp makes the new tab say what the crawl hears, and no more.
func (t *crawlTab) setUp(ctx context.Context) error {
	if err := chromedp.Listen(ctx, t.hear); err != nil {
		return err
	}
	// A window the page opens is a target the browser's own session hears
	// of (chromedp's, which discovers every target): one word of it for
	// the whole browser, not one per tab (hearLess).
	if err := chromedp.ListenBrowser(ctx, t.hearBrowser); err != nil {
		return err
	}
	t.main = cdp.FrameID(chromedp.FromContext(ctx).Target.TargetID)
	steps := []func(context.Context) error{
		hearLess,
		// Audits says what Chromium did with mixed content (mixed.go)
		// and what a Content-Security-Policy refused (csp.go).
		func(ctx context.Context) error { _, err := chromedp.Call(ctx, audits.Enable, cdp.Empty{}); return err },
		// Performance gives the page's own CPU time, in which its
		// scripts' time limit is counted (crawlpage.go, settle).
		func(ctx context.Context) error {
			_, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{})
			return err
		},
		t.enablePauses, // paused.go
		func(ctx context.Context) error {
			_, err := chromedp.Call(ctx, target.SetAutoAttach, workersPaused)
			return err
		}, // workers.go
		wrapRegister,         // serviceworkers.go
		t.hearServiceWorkers, // serviceworkers.go
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}

// unread are the domains chromedp's attach turns on in a tab that the
// crawl reads nothing of: DOM and CSS (chromedp's element queries; with
// DOM on, chromedp also asks for the document of every page and blank the
// tab loads) and Log (Chromium's console lines: the crawl hears Runtime's
// and Audits' own).
var unread = []string{dom.CommandDisable, css.CommandDisable, log.CommandDisable}

// hearLess turns off, on the session of ctx, what chromedp's attach turned
// on and the crawl does not read: the unread domains, the frames'
// lifecycle events (the crawl waits for the load event itself), and the
// discovery of targets, which makes every session with it hear of every
// target of the browser: a tab's pages and blanks change their targets'
// titles and URLs, so with a pool of tabs each heard of every other's.
// Such events cost the browser and the gate CPU to write and read, while
// the page in another tab needs it. (make bench-crawl: CHANGELOG.)
func hearLess(ctx context.Context) error {
	tab := chromedp.FromContext(ctx).Target
	for _, m := range unread {
		if err := tab.Call(ctx, m, nil, nil); err != nil {
			return err
		}
	}
	if _, err := chromedp.Call(ctx, page.SetLifecycleEventsEnabled, page.SetLifecycleEventsEnabledParams{Enabled: false}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, target.SetDiscoverTargets, target.SetDiscoverTargetsParams{Discover: false})
	return err
}

// hearBrowser hears what the browser's session says of the tab: a window
// its page opened.
func (t *crawlTab) hearBrowser(ev any) {
	if e, ok := ev.(*target.EventTargetCreated); ok {
		go t.closePopup(e)
	}
}

func (t *crawlTab) hear(ev any) {
	// What the tab itself answers, page or none (listeners must not call
	// the browser: elsewhere).
	if t.workerComesOrGoes(ev) {
		return
	}
	switch e := ev.(type) {
	case *fetch.EventRequestPaused:
		go t.paused(e)
		return
	}
	if p := t.rec.Load(); p != nil {
		p.hear(ev)
		return
	}
	// Between pages nobody records, but a dialog (a beforeunload prompt)
	// would still hold the tab.
	if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
		go dismiss(t.ctx)
	}
}

func dismiss(ctx context.Context) {
	_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
}

// reset readies the tab for the next page as a new tab would be. The page
// leaves by its own hand for an about:blank, which then has its origin:
// its pagehide and unload handlers have run once that blank has loaded, and
// in it the tab's session storage of the origin can be cleared (Chromium
// 156 clears it with "local_storage" below, a headless shell 153 did not,
// and the protocol's DOMStorage finds no frame of the origin in a blank
// the gate opens itself). Then the origin's other storage (local storage,
// cookies, IndexedDB, caches, service workers) and the tab's history are
// cleared, once the shared workers the page started have ended. The HTTP
// cache stays: a file of the site answers every page alike, and Chromium
// reports a request it answers from its cache as any other. A page that is no longer of the origin (it went elsewhere) cannot
// be cleared so, and its tab is given up (errLeftOrigin).
func (t *crawlTab) reset(origin string) error {
	ctx, cancel := context.WithTimeout(t.ctx, 10*time.Second)
	defer cancel()
	leave := fmt.Sprintf(`location.origin === %q && (location.replace("about:blank"), true)`, origin)
	if left, err := chromedp.Run(ctx, chromedp.Evaluate[bool](leave)); err != nil || !left {
		return errors.Join(errLeftOrigin, err)
	}
	if err := onBlank(ctx); err != nil {
		return err
	}
	if err := t.shared.letGo(ctx, t); err != nil {
		return err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`sessionStorage.clear(), true`)); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: string(storage.TypeAll)}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, page.ResetNavigationHistory, cdp.Empty{})
	return err
}

var errLeftOrigin = errors.New("the page is no longer of the site's origin")

// onBlank waits until the tab shows a loaded about:blank. Until the blank
// commits the page before answers, and while it commits an evaluation can
// fail for want of a context: both are asked again.
func onBlank(ctx context.Context) error {
	for {
		if blank, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`location.href === "about:blank" && document.readyState === "complete"`)); err == nil && blank {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// close closes the tab and its browser context; a nil tab is none.
func (t *crawlTab) close() {
	if t != nil {
		t.shared.leave(t, chromedp.FromContext(t.ctx).BrowserContextID)
		t.cancel()
	}
}
