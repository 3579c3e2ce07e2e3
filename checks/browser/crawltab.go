package browser

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
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
}

// newCrawlTab opens a tab in a browser context of its own, so no other
// tab of the pool shares its storage.
func newCrawlTab(browser context.Context) (*crawlTab, error) {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t := &crawlTab{browser: browser, ctx: ctx, cancel: cancel}
	if err := chromedp.Listen(ctx, t.hear); err != nil {
		cancel()
		return nil, err
	}
	// Audits says what Chromium did with mixed content (mixed.go).
	if _, err := chromedp.Call(ctx, audits.Enable, cdp.Empty{}); err != nil {
		cancel()
		return nil, err
	}
	return t, nil
}

func (t *crawlTab) hear(ev any) {
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

// reset readies the tab for the next page as a new tab would be: the page
// before unloaded (Navigate waits for about:blank's load), then its
// origin's storage (local and session storage: Chromium clears both for
// "local_storage"; cookies, IndexedDB, caches, service workers) and the
// tab's history cleared. The HTTP cache stays: a file of the site answers
// every page alike, and Chromium reports a request it answers from its
// cache as any other.
func (t *crawlTab) reset(origin string) error {
	ctx, cancel := context.WithTimeout(t.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: string(storage.TypeAll)}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, page.ResetNavigationHistory, cdp.Empty{})
	return err
}

// close closes the tab and its browser context; a nil tab is none.
func (t *crawlTab) close() {
	if t != nil {
		t.cancel()
	}
}
