// Package external checks links to other sites over HTTP, politely: a
// bounded number of requests at once, a rate limit per host, a timeout per
// request, and an on-disk cache so a rerun does not ask again.
package external

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/remote"
)

// Use is one place a URL is linked from.
type Use struct {
	Page      string
	Line, Col int
	Href      string
	Excerpt   string // the text around the link on a long line, or ""
}

// Options tune how hard the checker leans on other people's servers.
type Options struct {
	Concurrency int           // requests in flight at once
	HostRate    float64       // requests per second to any one host
	Timeout     time.Duration // per request, redirects included
	Cache       *Cache        // nil: no cache
	Client      *http.Client  // nil: a client with Timeout
	UserAgent   string
}

// Defaults are gentle enough for a docs site with a few thousand external links.
func Defaults() Options {
	return Options{Concurrency: 8, HostRate: 4, Timeout: 15 * time.Second, UserAgent: "devdocs-checks (link checker)"}
}

// Check requests each distinct URL once (fragment dropped) and reports every
// use of the ones that fail. Links whose scheme is not http(s) are skipped.
func Check(ctx context.Context, uses map[string][]Use, opts Options) diag.List {
	byURL := map[string][]Use{}
	for raw, us := range uses {
		if u, ok := target(raw); ok {
			byURL[u] = append(byURL[u], us...)
		}
	}
	urls := make([]string, 0, len(byURL))
	for u := range byURL {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	results := newChecker(opts).run(ctx, urls)
	var out diag.List
	for _, u := range urls {
		r := results[u]
		if r.ok() {
			continue
		}
		for _, use := range byURL[u] {
			out = append(out, r.diagnostic(u, use))
		}
	}
	return out
}

// target is the URL to request: http(s) only, without its fragment.
func target(raw string) (string, bool) {
	// The fragment is never sent, and may hold what net/url rejects but a
	// browser keeps ("#%_sec_6.2"): drop it before parsing.
	raw, _, _ = strings.Cut(raw, "#")
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String(), true
}

// Result is what one URL answered.
type Result struct {
	Status  int       `json:"status,omitempty"`
	Err     string    `json:"error,omitempty"`
	Checked time.Time `json:"checked"`
}

func (r Result) ok() bool { return r.Err == "" && r.Status >= 200 && r.Status < 300 }

// definite results are worth caching: the page is there, or the server
// says it is not. Timeouts, 5xx, 429 and refusals are asked again next run.
func (r Result) definite() bool {
	return r.ok() || (r.Err == "" && r.Status >= 400 && r.Status < 500 && !refusal(r.Status))
}

// refusal statuses usually mean "no robots", not "no page".
func refusal(status int) bool {
	return status == http.StatusUnauthorized || status == http.StatusForbidden || status == http.StatusTooManyRequests
}

func (r Result) diagnostic(u string, use Use) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, File: use.Page, Line: use.Line, Col: use.Col, Href: use.Href, Target: u}
	if use.Excerpt != "" {
		d.Notes = append(d.Notes, use.Excerpt)
	}
	switch {
	case r.Err != "":
		d.Check, d.Message = registry.ExternalUnreachable, fmt.Sprintf("external link %q could not be checked: %s", use.Href, r.Err)
	case r.definite():
		d.Check, d.Message = registry.ExternalLink, fmt.Sprintf("broken external link %q: the server answered %d %s", use.Href, r.Status, http.StatusText(r.Status))
	default:
		d.Check, d.Message = registry.ExternalUnreachable, fmt.Sprintf("external link %q could not be checked: the server answered %d %s", use.Href, r.Status, http.StatusText(r.Status))
	}
	if refusal(r.Status) {
		d.Notes = append(d.Notes, "servers often refuse automated requests this way; open the link in a browser, or add it to the ignore list")
	}
	return d
}

type checker struct {
	opts   Options
	client *http.Client
	mu     sync.Mutex
	hosts  map[string]*rate.Limiter
}

func newChecker(opts Options) *checker {
	def := Defaults()
	if opts.Concurrency < 1 {
		opts.Concurrency = def.Concurrency
	}
	if opts.HostRate <= 0 {
		opts.HostRate = def.HostRate
	}
	if opts.Timeout <= 0 {
		opts.Timeout = def.Timeout
	}
	if opts.UserAgent == "" {
		opts.UserAgent = def.UserAgent
	}
	c := opts.Client
	if c == nil {
		c = &http.Client{Timeout: opts.Timeout}
	}
	return &checker{opts: opts, client: c, hosts: map[string]*rate.Limiter{}}
}

// run checks urls with at most Concurrency requests in flight, answering
// from the cache where it can and recording what it learns there.
func (c *checker) run(ctx context.Context, urls []string) map[string]Result {
	results := make(map[string]Result, len(urls))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, c.opts.Concurrency)
	for _, u := range urls {
		if r, ok := c.opts.Cache.Get(u); ok {
			results[u] = r
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			r := c.fetch(ctx, u)
			mu.Lock()
			results[u] = r
			mu.Unlock()
			if r.definite() {
				c.opts.Cache.Put(u, r)
			}
		}()
	}
	wg.Wait()
	return results
}

// fetch asks with HEAD, then with GET when HEAD fails (many servers answer
// HEAD with 403, 404 or 405), and once more after a short 429 back-off.
func (c *checker) fetch(ctx context.Context, u string) Result {
	r, retryAfter := c.request(ctx, http.MethodHead, u)
	if !r.ok() {
		r, retryAfter = c.request(ctx, http.MethodGet, u)
	}
	if r.Status == http.StatusTooManyRequests && retryAfter > 0 {
		select {
		case <-time.After(retryAfter):
			r, _ = c.request(ctx, http.MethodGet, u)
		case <-ctx.Done():
		}
	}
	return r
}

// maxRetryAfter caps how long a 429 may make the whole run wait.
const maxRetryAfter = 10 * time.Second

func (c *checker) request(ctx context.Context, method, u string) (Result, time.Duration) {
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return Result{Err: err.Error()}, 0
	}
	if err := c.limiter(req.URL.Host).Wait(ctx); err != nil {
		return Result{Err: err.Error()}, 0
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	req.Header.Set("Accept", "text/html,*/*;q=0.8")
	resp, err := c.client.Do(req)
	if err != nil {
		return Result{Err: plainError(err)}, 0
	}
	// Read a little so the connection can be reused, never a whole download.
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	return Result{Status: resp.StatusCode}, retryAfter(resp.Header.Get("Retry-After"))
}

func (c *checker) limiter(host string) *rate.Limiter {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.hosts[host]
	if !ok {
		l = rate.NewLimiter(rate.Limit(c.opts.HostRate), 1)
		c.hosts[host] = l
	}
	return l
}

// retryAfter reads Retry-After, capped; 0 when there is none.
func retryAfter(v string) time.Duration {
	wait, _ := remote.RetryAfter(v, time.Now())
	return min(wait, maxRetryAfter)
}

// plainError drops the "Head \"https://…\":" prefix net/http puts on errors;
// the diagnostic names the URL already.
func plainError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout") {
		return "timed out"
	}
	return err.Error()
}
