package browser

import (
	"testing"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/network"
	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A load Chromium blocks as mixed content, which Audits did not speak of,
// is still the page's one mixed-content finding, and no failed-request even
// when the URL is the crawl's own site (a deployed site given as http://
// whose pages are sent to https). The events are shaped as Chromium 156
// sent them for testdata/crawl/mixed.txtar's script: a request, then
// loadingFailed with blockedReason "mixed-content" and no error text.
func TestBlockedLoadIsMixedContentOnly(t *testing.T) {
	p := newPageRecorder("http://docs.example/", "a.html")
	for _, url := range []string{"http://docs.example/a.js", "http://other.example/b.js"} {
		p.hear(&network.EventRequestWillBeSent{RequestID: network.RequestID(url), Request: &network.Request{URL: url}, Type: network.ResourceTypeScript})
		p.hear(&network.EventLoadingFailed{RequestID: network.RequestID(url), BlockedReason: network.BlockedReasonMixedContent})
	}
	assert.Equal(t, []Finding{
		{Check: registry.MixedContent, File: "a.html", Message: "/a.js blocked: http on an https page"},
		{Check: registry.MixedContent, File: "a.html", Message: "http://other.example/b.js blocked: http on an https page"},
	}, p.result().findings)
}

// Of what Chromium says of one URL, the strongest is its one finding,
// whichever came first; other issues of the Audits domain are not the
// crawl's.
func TestMixedContentStrongestWordWins(t *testing.T) {
	issue := func(url string, status audits.MixedContentResolutionStatus) *audits.EventIssueAdded {
		return &audits.EventIssueAdded{Issue: &audits.InspectorIssue{Code: audits.InspectorIssueCodeMixedContentIssue,
			Details: &audits.InspectorIssueDetails{MixedContentIssueDetails: &audits.MixedContentIssueDetails{InsecureURL: url, ResolutionStatus: status}}}}
	}
	p := newPageRecorder("https://docs.example/", "a.html")
	p.hear(issue("http://x.example/a.png", audits.MixedContentResolutionStatusMixedContentBlocked))
	p.hear(issue("http://x.example/a.png", audits.MixedContentResolutionStatusMixedContentWarning))
	p.hear(issue("http://x.example/b.png", audits.MixedContentResolutionStatusMixedContentWarning))
	p.hear(issue("http://x.example/b.png", audits.MixedContentResolutionStatusMixedContentAutomaticallyUpgraded))
	p.hear(issue("http://x.example/c.png", audits.MixedContentResolutionStatusMixedContentWarning))
	p.hear(&audits.EventIssueAdded{Issue: &audits.InspectorIssue{Code: audits.InspectorIssueCodeQuirksModeIssue, Details: &audits.InspectorIssueDetails{}}})
	assert.Equal(t, []Finding{
		{Check: registry.MixedContent, File: "a.html", Message: "http://x.example/a.png blocked: http on an https page"},
		{Check: registry.MixedContent, File: "a.html", Message: "http://x.example/b.png upgraded to https: http on an https page"},
		{Check: registry.MixedContent, File: "a.html", Message: "http://x.example/c.png loaded over http on an https page, with a warning"},
	}, p.result().findings)
}
