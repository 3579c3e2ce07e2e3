package browser

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	neturl "net/url"
	"os"
	"slices"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A page that goes to another site by itself (a script setting location,
// a meta refresh) or opens a window is reported, and neither the other
// site nor the window is ever loaded: the crawl asks nothing of another
// site in the reader's stead.

// documents pauses a tab's document requests (its own page's and its
// frames'), so that one of the tab's page to another site is answered
// before it reaches the network (atRequest). Other requests are not paused
// here: the crawl's speed is not spent on them.
var documents = fetch.RequestPattern{URLPattern: "*", ResourceType: network.ResourceTypeDocument, RequestStage: fetch.RequestStageRequest}

// atRequest decides what becomes of a paused document request. The tab's
// page going to another site once its own document has come (or anywhere
// between two pages, when nobody opened one) is answered 204 No Content,
// which a browser does not navigate to: the page stays where it is and is
// judged there. The page's own document goes on through its redirects
// (a local site's /a to /a/); one of them to another site never gets here:
// a local site redirects only to itself, and a deployed site's redirect
// off the site is stopped when its answer is paused (hold.go). A frame's
// document goes on as well.
func (t *crawlTab) atRequest(e *fetch.EventRequestPaused) pauseAnswer {
	p := t.rec.Load()
	if e.FrameID != t.main || p != nil && (!p.hasDoc() || p.ours(e.Request.URL)) {
		return pauseAnswer{}
	}
	if p != nil {
		p.leave(e.Request.URL)
	}
	return pauseAnswer{fulfill: &fulfillParams{ResponseCode: http.StatusNoContent, Body: []byte{}}}
}

// hasDoc tells whether the page's document has come.
func (p *pageRecorder) hasDoc() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.doc != ""
}

// closePopup closes a window the tab's page opened, should one open:
// the browser is started to refuse them (block-new-web-contents), so this
// is for a build that does not.
func (t *crawlTab) closePopup(e *target.EventTargetCreated) {
	if e.TargetInfo == nil || e.TargetInfo.OpenerID != target.ID(t.main) {
		return
	}
	ctx, cancel := context.WithTimeout(t.ctx, 5*time.Second)
	defer cancel()
	_, _ = chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: e.TargetInfo.TargetID})
}

// leave records that the page tried to go to url, another site. A
// navigation that starts before the page's load aborts its document, whose
// load event then never comes: the page has loaded as far as it will, so
// its wait for the event ends (settle goes on to wait for it to be quiet).
func (p *pageRecorder) leave(url string) {
	p.mu.Lock()
	if !p.closed && !slices.Contains(p.left, url) {
		p.left = append(p.left, url)
	}
	p.mu.Unlock()
	p.once.loaded.Do(func() { close(p.loaded) })
}

func (p *pageRecorder) hasLeft() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.left) > 0
}

// leftFindingsLocked are the page's left-site findings, each to be placed
// where the page asked to go (the navigation's request may be heard after
// it was answered, so the place is looked up at the end: result).
func (p *pageRecorder) leftFindingsLocked() []Finding {
	var out []Finding
	redirect, at := p.redirectLocked()
	for _, url := range p.left {
		if url == redirect {
			out = append(out, Finding{Check: registry.RedirectOffSite, File: p.file, Line: at.Line, Col: at.Col,
				Message: fmt.Sprintf("redirects to %s, off the site (a redirect page): not followed", url)})
			continue
		}
		out = append(out, Finding{Check: registry.LeftSite, File: p.file, asked: p.whereAskedLocked(url),
			Message: fmt.Sprintf("the page sent its reader to another site by itself: %s (not loaded; the page was judged where it was)", url)})
	}
	return out
}

// redirectLocked is where the page's file sends its reader at once, when
// it is a redirect page (a meta refresh with no delay, or a script that
// only sets the location, as checks links reads one), and the place of
// that URL in the file; "" otherwise. That is how a static host without
// redirect rules (GitHub Pages) sends a URL elsewhere (/discord to a chat
// server): the site's redirect, logged as redirect-off-site, not the
// page's fault.
func (p *pageRecorder) redirectLocked() (string, htmlsite.Redirect) {
	if p.doc == "" {
		return "", htmlsite.Redirect{}
	}
	var doc io.Reader
	name := p.source
	if name != "" {
		f, err := os.Open(name)
		if err != nil {
			return "", htmlsite.Redirect{}
		}
		defer f.Close()
		doc = f
	} else if p.docBody != nil {
		name, doc = p.doc, bytes.NewReader(p.docBody)
	} else {
		return "", htmlsite.Redirect{}
	}
	r := htmlsite.Extract(name, doc).Redirect
	base, err := neturl.Parse(p.doc)
	if r.Href == "" || err != nil {
		return "", r
	}
	target, err := base.Parse(r.Href)
	if err != nil {
		return "", r
	}
	return target.String(), r
}

// readDeployedDoc reads a deployed site's page again, from the site and as
// politely as its other files, when the page went to another site: whether
// it is a redirect page is in its document, which the crawl keeps no copy
// of. A page on disk is read where it is.
func (p *pageRecorder) readDeployedDoc() {
	p.mu.Lock()
	doc, read := p.doc, p.source != "" || len(p.left) == 0 || p.maps == nil
	p.mu.Unlock()
	if read || doc == "" {
		return
	}
	body, _, err := p.maps.fetch(doc)
	if err != nil {
		return // then it is judged as any page that leaves
	}
	p.mu.Lock()
	p.docBody = body
	p.mu.Unlock()
}

// popup reports a window the page opened by itself; the browser refused it.
func (p *pageRecorder) popup(e *page.EventWindowOpen) {
	p.add(Finding{Check: registry.PagePopup, Message: fmt.Sprintf("the page opened a window by itself, to %s; refused, as a browser's popup blocker does, and not loaded", p.short(e.URL))})
}
