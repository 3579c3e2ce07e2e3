package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// quietFor is how long a loaded page must make no request of its site, with
// none open, to count as settled: long enough for what an app asks for
// right after its load event (a chunk, a prefetch on idle), short enough
// that a crawl of hundreds of pages spends little of its time waiting.
const quietFor = 250 * time.Millisecond

// Finding is one runtime fault of one page.
type Finding struct {
	Check string `json:"check"` // a registry id of the crawl
	File  string `json:"file"`  // the page's file, relative to the site's folder
	// Line and Col (1-based) are set when the fault's source is the page's
	// own file (an inline script); a script file's place is in Message.
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"`
	// aftermath is a hydration finding that only follows another
	// (withoutAftermath); asked is where the page asked for the request
	// the finding is of, placed once the page is done (result). Neither
	// leaves the page's recorder.
	aftermath bool
	asked     *place
}

// pageRecorder hears one tab's events and keeps the page's findings. Its
// listener runs in chromedp's read loop, so it only records, under mu; the
// few commands an event needs (dismissing a dialog) run elsewhere.
type pageRecorder struct {
	origin, file string
	ctx          context.Context
	maps         *sourceMaps // nil: places in script files stay as built

	mu     sync.Mutex
	closed bool // settled or given up: later events are the tab closing
	list   []Finding
	seen   map[string]bool // check and message, so a repeat is one finding
	// unanswered are the findings of requests that got no answer: a crash
	// takes them down with the tab, so they are its doing, not theirs.
	unanswered map[string]bool
	doc        string // the URL the page's document came from (after redirects)
	docStatus  int64  // what it answered, and its Retry-After header
	retryAfter string
	pending    map[network.RequestID]string
	documents  map[cdp.FrameID]network.RequestID // the document each frame loads now
	refused    map[network.RequestID]bool        // answered 4xx or 5xx, so already reported
	insecure   map[network.RequestID]string      // http:// requests, by id (mixed.go)
	askedAt    map[string]place                  // where the page first asked for each URL of the site or http:// URL, when Chromium said
	mixed      map[string]mixedContent           // what Chromium did with each http:// URL of an https page
	cspURLs    map[string]bool                   // directive and URL of each load the page's CSP refused (csp.go)
	failedURLs map[string]bool                   // the URLs of the failed requests reported, the page's and its workers'
	swRequests map[network.RequestID]*swRequest  // its service workers' own requests of the site (serviceworkers.go)
	left       []string                          // the other sites the page tried to go to, in order (leave)
	source     string                            // the page's file on disk; "" for a deployed site's
	docBody    []byte                            // a deployed page's document, read again when it left (leave.go)
	requests   int                               // the site's requests the page made
	lastSeen   time.Time                         // the last request of the site, started or ended

	// What holding the requests of a deployed site did (hold.go): how often
	// each was held, for how long in all, why one was not (a note to its
	// finding), and whether the document was stopped at a redirect off the
	// site.
	holds      map[network.RequestID]int
	held       time.Duration
	notes      map[network.RequestID]string
	redirected bool

	loaded, crashed chan struct{}
	once            struct{ loaded, crashed sync.Once }
}

// newPageRecorder records the page file, served under base: its origin
// is the site whose requests are judged.
func newPageRecorder(base, file string) *pageRecorder {
	origin := base
	if u, err := url.Parse(base); err == nil {
		origin = u.Scheme + "://" + u.Host
	}
	return &pageRecorder{origin: origin, file: file, seen: map[string]bool{}, unanswered: map[string]bool{}, pending: map[network.RequestID]string{}, refused: map[network.RequestID]bool{},
		insecure: map[network.RequestID]string{}, holds: map[network.RequestID]int{}, notes: map[network.RequestID]string{}, askedAt: map[string]place{}, mixed: map[string]mixedContent{}, cspURLs: map[string]bool{}, documents: map[cdp.FrameID]network.RequestID{},
		failedURLs: map[string]bool{}, swRequests: map[network.RequestID]*swRequest{},
		loaded: make(chan struct{}), crashed: make(chan struct{})}
}

// open starts loading url; it does not wait for the load event.
func (p *pageRecorder) open(ctx context.Context, url string) error {
	p.mu.Lock()
	p.lastSeen = time.Now()
	p.mu.Unlock()
	res, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: url})
	if err == nil && res.ErrorText != "" {
		err = fmt.Errorf("%s", res.ErrorText)
	}
	return err
}

func (p *pageRecorder) hear(ev any) {
	switch e := ev.(type) {
	case *page.EventLoadEventFired:
		// Only once the page's document has come: the blank tab's own
		// load event may come late.
		p.mu.Lock()
		ours := p.doc != ""
		p.mu.Unlock()
		if ours {
			p.once.loaded.Do(func() { close(p.loaded) })
		}
	case *inspector.EventTargetCrashed:
		p.once.crashed.Do(func() { close(p.crashed) })
	case *page.EventJavascriptDialogOpening:
		p.dialog(e)
	case *runtime.EventExceptionThrown:
		p.exception(e.ExceptionDetails)
	case *runtime.EventConsoleAPICalled:
		p.console(e)
	case *audits.EventIssueAdded:
		p.issue(e.Issue)
	case *page.EventWindowOpen:
		p.popup(e)
	case *runtime.EventBindingCalled:
		if e.Name == registerBinding {
			p.registered(e.Payload)
		}
	default:
		p.network(ev)
	}
}

// dialog reports an alert, confirm or prompt and dismisses it, since the
// page waits for an answer no reader of a headless tab can give.
func (p *pageRecorder) dialog(e *page.EventJavascriptDialogOpening) {
	p.add(Finding{Check: registry.PageDialog, Message: fmt.Sprintf("%s(%q) opened; dismissed", e.Type, e.Message)})
	go dismiss(p.ctx)
}

func (p *pageRecorder) exception(d *runtime.ExceptionDetails) {
	what := "uncaught exception"
	if strings.Contains(d.Text, "(in promise)") { // "Uncaught (in promise)" on every build seen
		what = "unhandled rejection"
	}
	f := hydrationOr(Finding{Check: registry.PageException, Message: what + ": " + p.shortIn(thrown(d))})
	at := place{url: d.URL, line: d.LineNumber, col: d.ColumnNumber}
	if st := d.StackTrace; st != nil && len(st.CallFrames) > 0 {
		top := st.CallFrames[0]
		at = place{url: top.URL, line: top.LineNumber, col: top.ColumnNumber}
	} else if at.line == 0 && at.col == 0 {
		// A promise the browser rejects (a failed import(), a service
		// worker that would not register) has no stack, and 0:0 of the
		// page on every build seen: it is placed where the page asked
		// for the URL its message names, else nowhere.
		at = place{}
		if asked := p.askedIn(thrown(d)); asked != nil {
			at = *asked
		}
	}
	p.add(p.placed(f, at))
}

// askedIn is where the page asked for the longest URL that text names.
func (p *pageRecorder) askedIn(text string) *place {
	p.mu.Lock()
	defer p.mu.Unlock()
	var best string
	for url := range p.askedAt {
		if len(url) > len(best) && strings.Contains(text, url) {
			best = url
		}
	}
	return p.whereAskedLocked(best)
}

// shortIn writes the site's own URLs in a message by their paths, as
// short does: a site served here has a new port on every run, and a
// message must read the same on identical builds. A long string the
// console shows cut in the middle ("https://127.0.0….0.1:46507/assets/…",
// in a React component stack) keeps the end of the origin after the cut:
// that end goes too.
func (p *pageRecorder) shortIn(text string) string {
	text = strings.ReplaceAll(text, p.origin+"/", "/")
	u, err := url.Parse(p.origin)
	if err != nil || u.Port() == "" || !strings.Contains(text, "…") {
		return text
	}
	return cutOrigin(u.Port()).ReplaceAllString(text, "…/")
}

// cutOrigin matches what is left of an origin on port after a cut: the
// ellipsis, the end of the host, the port.
func cutOrigin(port string) *regexp.Regexp {
	return regexp.MustCompile(`…[A-Za-z0-9.\-]*:` + port + `/`)
}

// thrown is what was thrown, on one line: an Error's first line of its
// description ("TypeError: x is undefined"), else the value itself.
func thrown(d *runtime.ExceptionDetails) string {
	if e := d.Exception; e != nil {
		if e.Preview != nil && e.Subtype == "" { // a plain object thrown: its description is "Object"
			return previewText(e.Preview)
		}
		if e.Description != "" {
			first, _, _ := strings.Cut(e.Description, "\n")
			return first
		}
		if v := value(e); v != "" {
			return v
		}
	}
	return d.Text
}

// console reports console.error(), and a console.warn() only when it is a
// hydration mismatch (Vue in development and Svelte warn of one).
func (p *pageRecorder) console(e *runtime.EventConsoleAPICalled) {
	if e.Type != runtime.ConsoleAPICalledTypeError && e.Type != runtime.ConsoleAPICalledTypeWarning {
		return
	}
	parts := make([]string, len(e.Args))
	for i, a := range e.Args {
		parts[i] = value(a)
	}
	call := "console.error"
	if e.Type == runtime.ConsoleAPICalledTypeWarning {
		call = "console.warn" // the protocol's "warning"
	}
	f := hydrationOr(Finding{Check: registry.ConsoleError, Message: call + ": " + p.shortIn(consoleFormat(parts))})
	if f.Check == registry.ConsoleError && e.Type != runtime.ConsoleAPICalledTypeError {
		return
	}
	if st := e.StackTrace; st != nil && len(st.CallFrames) > 0 {
		top := st.CallFrames[0]
		f = p.placed(f, place{url: top.URL, line: top.LineNumber, col: top.ColumnNumber})
	}
	p.add(f)
}

// consoleFormat joins a console call's arguments as the Console Standard's
// Formatter does: a first argument with more after it takes them into its
// %s, %d, %i, %f, %o and %O in turn, and drops those of %c (styles); a
// directive left without one stays as written. React 18 writes its
// warnings so: "Text content did not match. Server: \"%s\" Client: \"%s\"".
func consoleFormat(parts []string) string {
	if len(parts) < 2 || !strings.Contains(parts[0], "%") {
		return strings.Join(parts, " ")
	}
	var b strings.Builder
	format, rest := parts[0], parts[1:]
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) || len(rest) == 0 || strings.IndexByte("sdifoOc", format[i+1]) < 0 {
			b.WriteByte(format[i])
			continue
		}
		switch d := format[i+1]; d {
		case 'c':
		case 'd', 'i', 'f':
			b.WriteString(number(rest[0], d != 'f'))
		default:
			b.WriteString(rest[0])
		}
		rest = rest[1:]
		i++
	}
	return strings.Join(append([]string{b.String()}, rest...), " ")
}

// leadingFloat and leadingInt are what JavaScript's parseFloat and
// parseInt read: the longest number at the start, after white space.
var (
	leadingFloat = regexp.MustCompile(`^[+-]?(Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)`)
	leadingInt   = regexp.MustCompile(`^[+-]?\d+`)
)

// number is an argument as %d and %i (parseInt, whole) or %f (parseFloat)
// convert it; NaN when it does not start with a number.
func number(v string, whole bool) string {
	read := leadingFloat
	if whole {
		read = leadingInt
	}
	m := read.FindString(strings.TrimLeft(v, " \t\n\r\f\v"))
	f, err := strconv.ParseFloat(strings.Replace(m, "Infinity", "Inf", 1), 64)
	if err != nil {
		return "NaN"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// hydrationSignatures are what each library says when the HTML it hydrates
// is not what it renders, as found in its sources (React 19.3 react-dom,
// Vue 3.5 runtime-core, Svelte 5.57, Preact 10.29's preact/debug), and the
// React 18 texts and codes (418, 422, 423, 425) of that release's error
// table, as React 18.3.1's production build reports them.
var hydrationSignatures = []struct {
	library, text string
	// aftermath: what React 18 says next, that the root or a Suspense
	// boundary gave up hydrating and rendered afresh (#423, #422): the same
	// cause, so reported only on a page with no other word of it.
	aftermath bool
}{
	{"Svelte", "hydration_mismatch", false}, // first: in development it goes on "Hydration failed because…"
	{"Svelte", "hydration_failed", false},
	{"React", "Hydration failed because", false},                                         // 18 and 19, development
	{"React", "didn't match the client", false},                                          // 19, development: attributes
	{"React", "Text content does not match server-rendered HTML", false},                 // 18, development
	{"React", "did not match. Server:", false},                                           // 18, development warnings
	{"React", "Minified React error #418;", false},                                       // production: the HTML or text differs
	{"React", "Minified React error #425;", false},                                       // 18, production: text differs
	{"React", "Expected server HTML to contain a matching", false},                       // 18, development: a node missing
	{"React", "Did not expect server HTML to contain", false},                            // 18, development: a node too many
	{"React", "There was an error while hydrating", true},                                // 18, development: #422, #423
	{"React", "The server HTML was replaced with client content", true},                  // 18, development
	{"React", "Minified React error #422;", true},                                        // 18, production: a Suspense boundary
	{"React", "Minified React error #423;", true},                                        // 18, production: the whole root
	{"Vue", "Hydration completed but contains mismatches", false},                        // production
	{"Vue", "[Vue warn]: Hydration ", false},                                             // development: node, text, children, attribute … mismatch
	{"Preact", "this is caused by the SSR'd HTML containing different DOM-nodes", false}, // preact/debug
}

// hydrationOr is f as a hydration mismatch when its message has a
// library's signature, named by the library; else f.
func hydrationOr(f Finding) Finding {
	for _, s := range hydrationSignatures {
		if strings.Contains(f.Message, s.text) {
			return Finding{Check: registry.HydrationMismatch, Message: s.library + " hydration: " + f.Message, aftermath: s.aftermath}
		}
	}
	return f
}

// withoutAftermath drops a hydration aftermath (React 18's "switched to
// client rendering") from a page that also has the mismatch it follows.
func withoutAftermath(list []Finding) []Finding {
	cause := slices.ContainsFunc(list, func(f Finding) bool { return f.Check == registry.HydrationMismatch && !f.aftermath })
	out := list[:0:0]
	for _, f := range list {
		if f.aftermath && cause {
			continue
		}
		f.aftermath = false
		out = append(out, f)
	}
	return out
}

// value is a remote object as console.log prints it, near enough: strings
// bare, other primitives as JSON, an error by its first line, other
// objects by their description.
func value(o *runtime.RemoteObject) string {
	if len(o.Value) > 0 {
		var s string
		if json.Unmarshal(o.Value, &s) == nil {
			return s
		}
		return string(o.Value)
	}
	if o.UnserializableValue != "" {
		return string(o.UnserializableValue)
	}
	if o.Subtype == runtime.RemoteObjectSubtypeError { // its stack after the first line
		first, _, _ := strings.Cut(o.Description, "\n")
		return first
	}
	if o.Preview != nil && (o.Subtype == "" || o.Subtype == runtime.RemoteObjectSubtypeArray) {
		return previewText(o.Preview)
	}
	if o.Description != "" {
		return o.Description
	}
	return string(o.Type)
}

// previewText is a plain object or an array as the console shows it:
// {code: 7, name: 'x'}, [1, 2, …]. Its description alone is "Object".
func previewText(p *runtime.ObjectPreview) string {
	var parts []string
	for _, prop := range p.Properties {
		v := prop.Value
		switch {
		case prop.Type == runtime.PropertyPreviewTypeString:
			v = "'" + v + "'"
		case prop.Type == runtime.PropertyPreviewTypeObject && prop.Subtype == "" && prop.ValuePreview != nil:
			v = previewText(prop.ValuePreview)
		}
		if p.Subtype == runtime.ObjectPreviewSubtypeArray {
			parts = append(parts, v)
		} else {
			parts = append(parts, prop.Name+": "+v)
		}
	}
	if p.Overflow {
		parts = append(parts, "…")
	}
	if p.Subtype == runtime.ObjectPreviewSubtypeArray {
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// placed gives a finding its source: line and column in the page's own
// file for an inline script, else "at /path:line:col" (a script of the
// site, and first the place in its source when it has a source map) or
// the full URL (another site's) in the message. Chromium counts from 0.
func (p *pageRecorder) placed(f Finding, at place) Finding {
	p.mu.Lock()
	doc := p.doc
	p.mu.Unlock()
	return p.placedIn(doc, f, at)
}

// place is a place in a page or script: its URL, 0-based line and column
// (-1: the line alone is known).
type place struct {
	url       string
	line, col int64
	asked     string // set when url is a stylesheet: the URL it asked for, whose place is found in it
}

// placedIn is placed for a page whose document came from doc; it takes no
// lock, so that a source map may be fetched while events go on.
func (p *pageRecorder) placedIn(doc string, f Finding, at place) Finding {
	url, line, col := at.url, at.line, at.col
	if at.asked != "" && p.ours(url) {
		line, col = p.maps.inSheet(url, at.asked)
	}
	switch {
	case url == "":
	case line < 0:
		f.Message += " (at " + p.short(url) + ")"
	case url == doc:
		f.Line, f.Col = int(line)+1, int(col)+1
	case col < 0:
		f.Message += fmt.Sprintf(" (at %s:%d)", p.short(url), line+1)
	default:
		at := fmt.Sprintf("%s:%d:%d", p.short(url), line+1, col+1)
		if p.ours(url) {
			if src, l, c, ok := p.maps.original(url, int(line)+1, int(col)+1); ok {
				at = fmt.Sprintf("%s:%d:%d, built as %s", p.short(src), l, c, at)
			}
		}
		f.Message += " (at " + at + ")"
	}
	return f
}

// short is a URL of the site by its path, any other in full.
func (p *pageRecorder) short(url string) string {
	url = withoutCacheBusters(url)
	if rest, ok := strings.CutPrefix(url, p.origin); ok && strings.HasPrefix(rest, "/") {
		return rest
	}
	return url
}

// queryParam is one name=value of a URL's query.
var queryParam = regexp.MustCompile(`([?&][^=&#]*=)([^&#]*)`)

// busterValue is a value a page puts in a URL so that no cache answers it:
// a timestamp (ten digits or more, a fraction perhaps) or a random token
// (sixteen hex digits or more). It differs on every run.
var busterValue = regexp.MustCompile(`^(?:\d{10,}(?:\.\d+)?|[0-9a-fA-F]{16,})$`)

// withoutCacheBusters writes each cache-busting value of a URL's query as
// "…", so that a finding's words are the same on identical builds
// (/data/ok.json?t=1795898108447 is /data/ok.json?t=…) and a report
// compares them as one.
func withoutCacheBusters(url string) string {
	if !strings.Contains(url, "=") {
		return url
	}
	return queryParam.ReplaceAllStringFunc(url, func(m string) string {
		sub := queryParam.FindStringSubmatch(m)
		if busterValue.MatchString(sub[2]) {
			return sub[1] + "…"
		}
		return m
	})
}

func (p *pageRecorder) ours(url string) bool {
	return strings.HasPrefix(url, p.origin+"/")
}

// network follows the site's own requests: which are open (to know when the
// page is quiet) and which fail.
func (p *pageRecorder) network(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		p.insecureLocked(e)
		p.supersede(e)
		if e.Type == network.ResourceTypeDocument && !p.ours(e.Request.URL) {
			p.askedLocked(e) // where it went to another site (leave.go)
		}
		if p.ours(e.Request.URL) && !browsersOwn(e) {
			if _, again := p.pending[e.RequestID]; !again { // a redirect keeps its id
				p.requests++
			}
			p.pending[e.RequestID], p.lastSeen = e.Request.URL, time.Now()
			p.askedLocked(e)
		}
	case *network.EventResponseReceived:
		r := e.Response
		if e.Type == network.ResourceTypeDocument && p.doc == "" {
			p.doc, p.docStatus = r.URL, r.Status
			for k, v := range r.Headers {
				if s, ok := v.(string); ok && strings.EqualFold(k, "Retry-After") {
					p.retryAfter = s
				}
			}
		}
		if url, asked := p.pending[e.RequestID]; asked && r.Status >= 400 {
			p.refused[e.RequestID] = true
			p.failedURLs[url], p.failedURLs[r.URL] = true, true
			p.addLocked(Finding{Check: registry.FailedRequest, Message: fmt.Sprintf("%s answered %d %s%s", p.short(r.URL), r.Status, http.StatusText(int(r.Status)), p.notes[e.RequestID]), asked: p.whereAskedLocked(r.URL)})
		}
	case *network.EventLoadingFinished:
		p.done(e.RequestID)
	case *network.EventLoadingFailed:
		// Mixed content and what the page's CSP refused have findings of
		// their own, with the reason.
		if p.blockedLocked(e) || e.BlockedReason == network.BlockedReasonCsp {
			p.done(e.RequestID)
			return
		}
		// A script answered 404 is also a load that failed (aborted): one fault.
		if url, ok := p.pending[e.RequestID]; ok && !p.refused[e.RequestID] {
			msg := fmt.Sprintf("%s failed: %s", p.short(url), e.ErrorText)
			p.unanswered[msg] = true
			p.failedURLs[url] = true
			p.addLocked(Finding{Check: registry.FailedRequest, Message: msg, asked: p.whereAskedLocked(url)})
		}
		p.done(e.RequestID)
	}
}

// askedLocked records where the page asked for a request's URL, if
// Chromium says and it is the first time (a finding of that URL is one
// finding, placed at the first).
func (p *pageRecorder) askedLocked(e *network.EventRequestWillBeSent) {
	if _, seen := p.askedAt[e.Request.URL]; seen {
		return
	}
	if at, ok := initiatedAt(e.Initiator, e.Request.URL); ok {
		p.askedAt[e.Request.URL] = at
	}
}

// whereAskedLocked is where the page first asked for url; nil if unknown.
func (p *pageRecorder) whereAskedLocked(url string) *place {
	if at, ok := p.askedAt[url]; ok {
		return &at
	}
	return nil
}

// supersede ends the document a frame was still loading when it starts
// loading another (a redirect stub's script ran before the stub had all
// come): Chromium drops the first without a word of its end.
func (p *pageRecorder) supersede(e *network.EventRequestWillBeSent) {
	if e.Type != network.ResourceTypeDocument {
		return
	}
	if before, ok := p.documents[e.FrameID]; ok && before != e.RequestID {
		p.done(before)
	}
	p.documents[e.FrameID] = e.RequestID
}

// browsersOwn is a request Chromium makes for itself, not for the page:
// /favicon.ico when the page names no icon (type Other, no initiator), which
// it asks for at some point after the load, or not at all. A missing one is
// no fault of the page (checks links judges an icon the page names).
func browsersOwn(e *network.EventRequestWillBeSent) bool {
	return e.Type == network.ResourceTypeOther && e.Initiator != nil && e.Initiator.Type == network.InitiatorTypeOther
}

func (p *pageRecorder) done(id network.RequestID) {
	if _, ok := p.pending[id]; ok {
		delete(p.pending, id)
		p.lastSeen = time.Now()
	}
}

// settle waits for the load event and then for the site's requests to go
// quiet and the page's scripts idle, within limit from now; a page that does neither is reported with
// what it was still waiting for. A crashed tab ends the wait at once. It
// tells whether the page settled.
func (p *pageRecorder) settle(ctx context.Context, limit time.Duration) bool {
	end := time.Now().Add(limit)
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	var counted time.Duration // of the time held (hold.go), what the limit was stretched by
	// past is whether the limit is up, once stretched by the time the
	// page's requests were held since it was last asked.
	past := func() bool {
		more := p.stretch(&counted)
		if more <= 0 {
			return true
		}
		end = end.Add(more)
		deadline.Reset(more)
		return false
	}
	for loaded := false; !loaded; {
		select {
		case <-p.loaded:
			loaded = true
		case <-p.crashed:
			p.crash(tabCrashed)
			return false
		case <-deadline.C:
			if past() {
				p.unsettled(limit, "the load event never fired")
				return false
			}
		case <-ctx.Done():
			return false
		}
	}
	// The scripts' limit is in the page's own CPU time: on a busy runner
	// the page's work takes longer by the clock, not by what it costs.
	// cpuFrom is its main thread's CPU time once loaded; latest bounds the
	// wait in wall time for a page the machine starves.
	cpuFrom, cpuKnown := p.threadTime(ctx)
	latest := end.Add(starvedFor * limit)
	tick := time.NewTicker(quietFor / 5)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			// Quiet, then idle, then still quiet: an app hydrates after its
			// chunks have come, in tasks of its own (React in a transition),
			// and says what went wrong only at the end of them.
			if !p.quiet() {
				continue
			}
			// A page that went to another site is judged once quiet: the
			// navigation aborted its document, which then draws no frame and
			// has no idle period to wait for (leave.go).
			if p.hasLeft() {
				return true
			}
			if err := p.idle(ctx, end); err != nil {
				select {
				case <-p.crashed:
					p.crash(tabCrashed)
					return false
				default:
				}
				switch {
				case ctx.Err() != nil:
					return false
				case time.Now().Before(end):
					continue // the page went on to another (a redirect by script): wait for that one
				case cpuKnown && time.Now().Before(latest) && p.cpuSince(ctx, cpuFrom) < limit:
					end = time.Now().Add(limit / 4) // starved, not busy: its scripts have had less than their limit
					deadline.Reset(limit / 4)
					continue
				}
				p.unsettled(limit, "its scripts never let it go idle")
				return false
			}
			if p.quiet() {
				return true
			}
		case <-p.crashed:
			p.crash(tabCrashed)
			return false
		case <-deadline.C:
			if past() {
				p.unsettled(limit, "requests still open: "+p.stillOpen())
				return false
			}
		case <-ctx.Done():
			return false
		}
	}
}

// starvedFor is how many times its limit a page's scripts may take by the
// clock while they have had less than their limit of CPU time: a bound
// for a page the machine hardly lets run (a load of 20 on 2 cores gave a
// page a tenth of a core), and for one whose idle wait stalls for want of
// a frame, which costs no CPU.
const starvedFor = 10

// threadTime is the CPU time the page's main thread has had (Chromium's
// Performance metric ThreadTime, of the tab's renderer); ok is false when
// Chromium does not say.
func (p *pageRecorder) threadTime(ctx context.Context) (time.Duration, bool) {
	m, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		return 0, false
	}
	for _, x := range m.Metrics {
		if x.Name == "ThreadTime" {
			return time.Duration(x.Value * float64(time.Second)), true
		}
	}
	return 0, false
}

// cpuSince is the CPU time the page's main thread has had since from; no
// end of it when Chromium no longer says, so that the page is judged by
// the clock alone.
func (p *pageRecorder) cpuSince(ctx context.Context, from time.Duration) time.Duration {
	now, ok := p.threadTime(ctx)
	if !ok {
		return time.Duration(1<<63 - 1)
	}
	if now < from { // another renderer process took the page over: its count starts again
		return now
	}
	return now - from
}

// quietWindow keeps a settled page open for d more, by the page's own
// clock: a timer of its own, set now, runs only after every timer it had
// set to run before then, so a page's timer that throws 100 ms after its
// load is heard however busy the machine is and however late the timers
// run. Then the requests those timers made are let finish. limit bounds
// the whole in wall time, for a page whose timers never run.
func (p *pageRecorder) quietWindow(ctx context.Context, d, limit time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, d+limit)
	defer cancel()
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`new Promise(r => setTimeout(() => r(true), %d))`, d.Milliseconds()), chromedp.EvalAwaitPromise))
	tick := time.NewTicker(quietFor / 5)
	defer tick.Stop()
	for !p.quiet() {
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
	}
}

// idle waits until the page's main thread has had nothing to do (its
// requestIdleCallback runs), or until end. A frame is asked for first: a
// headless shell may start no idle period in a page that changed after its
// last frame until one is, and the page's own idle callbacks stall with it
// (TestCrawlLetsThePageGoIdle).
func (p *pageRecorder) idle(ctx context.Context, end time.Time) error {
	ctx, cancel := context.WithDeadline(ctx, end)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestIdleCallback(() => r(true))))`, chromedp.EvalAwaitPromise))
	return err
}

func (p *pageRecorder) quiet() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.pending) == 0 && time.Since(p.lastSeen) >= quietFor
}

// stillOpen names the requests a page that did not settle still waits for.
func (p *pageRecorder) stillOpen() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var urls []string
	for _, u := range p.pending {
		urls = append(urls, p.short(u))
	}
	sort.Strings(urls)
	if len(urls) > 3 {
		urls = append(urls[:3], fmt.Sprintf("and %d more", len(urls)-3))
	}
	if len(urls) == 0 {
		return "none, but new ones kept starting" // each ended within quietFor of the next
	}
	return strings.Join(urls, ", ")
}

func (p *pageRecorder) unsettled(limit time.Duration, why string) {
	p.add(Finding{Check: registry.PageUnsettled, Message: fmt.Sprintf("the page did not settle within %s: %s", limit, why)})
}

const tabCrashed = "the tab crashed while the page loaded; the crawl went on in a new tab"

// crash reports the page as what took its tab or browser down (why).
func (p *pageRecorder) crash(why string) {
	p.mu.Lock()
	p.list = slices.DeleteFunc(p.list, func(f Finding) bool { return f.Check == registry.FailedRequest && p.unanswered[f.Message] })
	p.mu.Unlock()
	p.add(Finding{Check: registry.PageCrash, Message: why})
}

func (p *pageRecorder) add(f Finding) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.addLocked(f)
}

func (p *pageRecorder) addLocked(f Finding) {
	if p.closed {
		return
	}
	key := fmt.Sprintf("%s\x00%d:%d\x00%s", f.Check, f.Line, f.Col, f.Message)
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	f.File = p.file
	p.list = append(p.list, f)
}

// result ends the recording: what the tab does while it closes is not the page's.
func (p *pageRecorder) result() pageResult {
	p.readDeployedDoc()
	p.mu.Lock()
	p.serviceWorkerFailuresLocked()
	p.closed = true
	r := pageResult{findings: withoutAftermath(p.list), requests: p.requests, docStatus: int(p.docStatus), retryAfter: p.retryAfter}
	r.findings = append(r.findings, p.mixedFindingsLocked()...)
	r.findings = append(r.findings, p.leftFindingsLocked()...)
	doc := p.doc
	p.mu.Unlock()
	for i, f := range r.findings {
		if f.asked != nil {
			r.findings[i] = p.placedIn(doc, f, *f.asked)
			r.findings[i].asked = nil
		}
	}
	return r
}

// pageResult is what one page gave.
type pageResult struct {
	findings []Finding
	requests int
	anchors  []string // of the fragments asked for, those the settled DOM had; nil if not asked
	// What the page's document answered: a deployed site may ask to come
	// back later (429 or 503, with Retry-After).
	docStatus  int
	retryAfter string
}

// lookUp is the HTML Standard's fragment lookup on the live DOM, as the
// static check does it on the file (checks/links hasID): an element whose
// id is the fragment, else an <a> whose name is, each tried as written and
// then percent-decoded. It is given the fragments as JSON and gives back
// those found.
const lookUp = `((frags) => frags.filter(f => {
  const has = s => document.getElementById(s) !== null ||
    Array.from(document.getElementsByName(s)).some(e => e.localName === "a")
  let dec = f
  try { dec = decodeURIComponent(f) } catch (e) {}
  return has(f) || has(dec)
}))`

// present is which of frags the page's DOM has now; nil when it could not
// be asked (the tab gone), which proves nothing either way.
func (p *pageRecorder) present(ctx context.Context, frags []string) []string {
	found, err := eval[[]string](ctx, js(lookUp+"(%s)", frags))
	if err != nil {
		return nil
	}
	if found == nil {
		found = []string{} // looked, none there
	}
	return found
}

// broke reports a page whose tab could not be opened or driven.
func (p *pageRecorder) broke(err error) pageResult {
	check := registry.PageUnsettled
	select {
	case <-p.crashed:
		check = registry.PageCrash
	default:
	}
	p.add(Finding{Check: check, Message: fmt.Sprintf("the page could not be opened: %v", err)})
	return p.result()
}
