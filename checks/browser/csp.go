package browser

import (
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/audits"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// csp records what the page's Content-Security-Policy refused, from the
// Audits domain's issue: its fields (the directive, the blocked URL, the
// kind of violation, the place) are structured on every build, where the
// console's wording of the same event has changed between releases
// ("Refused to load…", "Loading … violates…"). A report-only policy's
// violation blocks nothing, so nothing breaks: not reported.
func (p *pageRecorder) csp(d *audits.ContentSecurityPolicyIssueDetails) {
	if d.IsReportOnly {
		return
	}
	if d.ContentSecurityPolicyViolationType == audits.ContentSecurityPolicyViolationTypeKURLViolation && d.BlockedURL != "" {
		// One finding per URL and directive: the preload scanner and the
		// parser may each be refused the same URL, at two places.
		key := d.ViolatedDirective + "\x00" + d.BlockedURL
		p.mu.Lock()
		seen := p.cspURLs[key]
		p.cspURLs[key] = true
		p.mu.Unlock()
		if seen {
			return
		}
	}
	f := Finding{Check: registry.CSPViolation, Message: fmt.Sprintf("%s blocked by the page's Content-Security-Policy (%s)", p.cspWhat(d), d.ViolatedDirective)}
	if at := d.SourceCodeLocation; at != nil {
		col := at.ColumnNumber
		// A load the parser asked for is placed as failed-request places
		// one: by the line the parser had reached, not that column.
		if at.ScriptID == "" && d.ContentSecurityPolicyViolationType == audits.ContentSecurityPolicyViolationTypeKURLViolation {
			col = -1
		}
		f = p.placed(f, place{url: at.URL, line: at.LineNumber, col: col})
	}
	p.add(f)
}

// cspWhat names what was refused, in the gate's words.
func (p *pageRecorder) cspWhat(d *audits.ContentSecurityPolicyIssueDetails) string {
	dir := d.ViolatedDirective
	switch d.ContentSecurityPolicyViolationType {
	case audits.ContentSecurityPolicyViolationTypeKURLViolation:
		if d.BlockedURL != "" {
			return p.short(d.BlockedURL)
		}
		return "a load"
	case audits.ContentSecurityPolicyViolationTypeKInlineViolation:
		switch {
		case strings.HasPrefix(dir, "script-src-attr"):
			return "an inline event handler"
		case strings.HasPrefix(dir, "style-src-attr"):
			return "a style attribute"
		case strings.HasPrefix(dir, "style-src"):
			return "an inline style"
		}
		return "an inline script"
	case audits.ContentSecurityPolicyViolationTypeKEvalViolation:
		return "eval() or new Function() of a string"
	case audits.ContentSecurityPolicyViolationTypeKWasmEvalViolation:
		return "compiling WebAssembly"
	case audits.ContentSecurityPolicyViolationTypeKTrustedTypesSinkViolation:
		return "a string written to a DOM sink without a Trusted Type"
	case audits.ContentSecurityPolicyViolationTypeKTrustedTypesPolicyViolation:
		return "a Trusted Types policy"
	case audits.ContentSecurityPolicyViolationTypeKSRIViolation:
		return "a script without a matching integrity hash"
	}
	if d.BlockedURL != "" {
		return p.short(d.BlockedURL)
	}
	return "something the page did"
}
