package browser

import (
	"testing"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/network"
	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A report-only policy's violation blocks nothing: no finding. One URL
// refused twice for one directive (the preload scanner's and the parser's
// issue, at two places) is one finding, at the first place; for another
// directive, another. The load the policy refused is no failed-request.
// The issues are shaped as Chromium 156 sent them for testdata/crawl/csp.txtar.
func TestCSPOneFindingPerURLAndNoneReportOnly(t *testing.T) {
	issue := func(url, directive string, line int64, reportOnly bool) *audits.EventIssueAdded {
		return &audits.EventIssueAdded{Issue: &audits.InspectorIssue{Code: audits.InspectorIssueCodeContentSecurityPolicyIssue,
			Details: &audits.InspectorIssueDetails{ContentSecurityPolicyIssueDetails: &audits.ContentSecurityPolicyIssueDetails{
				BlockedURL: url, ViolatedDirective: directive, IsReportOnly: reportOnly,
				ContentSecurityPolicyViolationType: audits.ContentSecurityPolicyViolationTypeKURLViolation,
				SourceCodeLocation:                 &audits.SourceCodeLocation{URL: "https://docs.example/a.html", LineNumber: line, ColumnNumber: 30}}}}}
	}
	p := newPageRecorder("https://docs.example/", "a.html")
	p.hear(&network.EventResponseReceived{Type: network.ResourceTypeDocument, Response: &network.Response{URL: "https://docs.example/a.html", Status: 200}})
	p.hear(issue("https://docs.example/x.png", "img-src", 3, false))
	p.hear(issue("https://docs.example/x.png", "img-src", 5, false))
	p.hear(issue("https://docs.example/x.png", "default-src", 6, false))
	p.hear(issue("https://cdn.example/y.js", "script-src", 7, true))
	p.hear(&network.EventRequestWillBeSent{RequestID: "1", Request: &network.Request{URL: "https://docs.example/x.png"}, Type: network.ResourceTypeImage})
	p.hear(&network.EventLoadingFailed{RequestID: "1", BlockedReason: network.BlockedReasonCsp})
	assert.Equal(t, []Finding{
		{Check: registry.CSPViolation, File: "a.html", Line: 4, Message: "/x.png blocked by the page's Content-Security-Policy (img-src)"},
		{Check: registry.CSPViolation, File: "a.html", Line: 7, Message: "/x.png blocked by the page's Content-Security-Policy (default-src)"},
	}, p.result().findings)
}
