package browser

import (
	"maps"
	"slices"
	"strings"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/network"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// mixedContent is what Chromium did with an http:// URL an https page
// asked for, weakest first. Chromium may say more than one thing of one
// URL (156 warns of an image on an IP address, then blocks it): the
// strongest is the page's one finding for that URL.
type mixedContent int

const (
	mixedWarned mixedContent = iota + 1
	mixedUpgraded
	mixedBlocked
)

// mixedSaid is Audits' word for each; the other issues are not the crawl's.
var mixedSaid = map[audits.MixedContentResolutionStatus]mixedContent{
	audits.MixedContentResolutionStatusMixedContentWarning:               mixedWarned,
	audits.MixedContentResolutionStatusMixedContentAutomaticallyUpgraded: mixedUpgraded,
	audits.MixedContentResolutionStatusMixedContentBlocked:               mixedBlocked,
}

func (m mixedContent) String() string {
	switch m {
	case mixedBlocked:
		return "blocked: http on an https page"
	case mixedUpgraded:
		return "upgraded to https: http on an https page"
	}
	return "loaded over http on an https page, with a warning"
}

// issue records an issue of the Audits domain: a Content-Security-Policy
// violation (csp.go), or mixed content, for which it is the only word of
// an iframe's, and of an image Chromium upgrades or warns of (the request
// then fails or not as any other).
func (p *pageRecorder) issue(i *audits.InspectorIssue) {
	if i == nil || i.Details == nil {
		return
	}
	if d := i.Details.ContentSecurityPolicyIssueDetails; d != nil {
		p.csp(d)
		return
	}
	d := i.Details.MixedContentIssueDetails
	if d == nil { // another kind of issue
		return
	}
	if m, ok := mixedSaid[d.ResolutionStatus]; ok {
		p.mu.Lock()
		p.mixedLocked(d.InsecureURL, m)
		p.mu.Unlock()
	}
}

// insecureLocked remembers the URL of an http:// request, so that its
// failure as mixed content (which names the request by id) names it, and
// where the page asked for it, so that its finding is placed there
// (Audits' issue has no place).
func (p *pageRecorder) insecureLocked(e *network.EventRequestWillBeSent) {
	if strings.HasPrefix(e.Request.URL, "http:") {
		p.insecure[e.RequestID] = e.Request.URL
		p.askedLocked(e)
	}
}

// initiatedAt is where a request was asked for: the top of the script's
// stack, or the line the parser had reached in the document that named it.
// That line only: the parser stands at the end of the tag then (3:48 for a
// script tag of 47 characters on line 3), or, for an image a script adds,
// at the end of that script, with no stack (Chromium 156).
func initiatedAt(in *network.Initiator, requested string) (place, bool) {
	switch {
	case in == nil:
		return place{}, false
	case in.Stack != nil && len(in.Stack.CallFrames) > 0:
		top := in.Stack.CallFrames[0]
		return place{url: top.URL, line: top.LineNumber, col: top.ColumnNumber}, true
	case in.URL != "" && htmlsite.IsCSS(pathOf(in.URL)):
		// A stylesheet's request: Chromium names the sheet but no line
		// (156), or a line of the page that linked it (past the sheet's
		// end, on older builds). The line is looked up in the sheet.
		return place{url: in.URL, line: -1, col: -1, asked: requested}, true
	case in.URL != "" && in.Type != network.InitiatorTypeOther: // "other" (a worker's script the browser fetched) names the page, not a line
		return place{url: in.URL, line: int64(in.LineNumber), col: -1}, true
	}
	return place{}, false
}

// blockedLocked tells whether a failed load is mixed content Chromium
// blocked, and records it: that is its one finding, not a failed-request
// too (the site's own http:// URLs included: a site given as http:// is
// crawled over https when it has moved there, and its pages may still
// name http:// URLs of its own).
func (p *pageRecorder) blockedLocked(e *network.EventLoadingFailed) bool {
	if e.BlockedReason != network.BlockedReasonMixedContent {
		return false
	}
	if url, ok := p.insecure[e.RequestID]; ok {
		p.mixedLocked(url, mixedBlocked)
	}
	return true
}

func (p *pageRecorder) mixedLocked(url string, m mixedContent) {
	if !p.closed && url != "" && m > p.mixed[url] {
		p.mixed[url] = m
	}
}

// mixedFindingsLocked are the page's mixed-content findings, one per URL,
// by URL, each to be placed where the page asked for it (result).
func (p *pageRecorder) mixedFindingsLocked() []Finding {
	var out []Finding
	for _, url := range slices.Sorted(maps.Keys(p.mixed)) {
		out = append(out, Finding{Check: registry.MixedContent, File: p.file, Message: p.short(url) + " " + p.mixed[url].String(), asked: p.whereAskedLocked(url)})
	}
	return out
}
