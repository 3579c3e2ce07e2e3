package browser

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/network"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/remote"
	"github.com/devdocs-dev/devdocs/checks/serve"
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

// A deployed site served over https (here the crawl's own certificate
// serves it, which this Chromium accepts) reports the same mixed content
// as the local crawl of its folder, on the page's URL.
func TestDeployedHTTPSSiteHasMixedContent(t *testing.T) {
	needBrowser(t)
	base, stop, err := start(serve.Default.Handler(writeSite(t, fixtureSite(t, "mixed.txtar"))), "", shared.cert)
	require.NoError(t, err)
	defer stop()
	site, err := remote.Open(context.Background(), base+"/", remote.Options{Rate: 100, Client: shared.cert.client(5 * time.Second)})
	require.NoError(t, err)
	pages := []string{base + "/script.html", base + "/image.html", base + "/clean.html"}
	got, err := shared.Crawl(CrawlOptions{Site: site, Pages: pages, Tabs: 1, PageTimeout: 5 * time.Second})
	require.NoError(t, err)
	assert.Equal(t, []Finding{
		{Check: registry.MixedContent, File: pages[1], Message: "http://example.invalid:9/x.png upgraded to https: http on an https page"},
		{Check: registry.MixedContent, File: pages[0], Line: 3, Message: "http://192.0.2.1:9/x.js blocked: http on an https page"},
	}, got.Findings)
}
