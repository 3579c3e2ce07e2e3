// Package remote reads a deployed site over HTTP for the crawl of checks
// browser: which pages it has (its sitemaps, else the links from its start
// page), and what its robots.txt lets a crawler open. It asks politely: one
// request at a time at a rate per host (slower if robots.txt sets a
// Crawl-delay), a 429 or 503 with Retry-After is waited out and asked
// again, and a page that flaps is asked again after a short backoff.
package remote

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/temoto/robotstxt"
	"golang.org/x/time/rate"
)

// Agent is the user agent the crawl sends and looks for in robots.txt.
const Agent = "devdocs-checks"

// Options tune how hard the crawl leans on the host.
type Options struct {
	Rate      float64       // requests per second, above 0; robots.txt's Crawl-delay may lower it
	MaxPages  int           // pages listed at most
	Timeout   time.Duration // per request
	MaxWait   time.Duration // the longest Retry-After waited out; a longer one fails the request
	Client    *http.Client  // nil: a client with Timeout
	UserAgent string        // "" is Agent
}

// Defaults are gentle on a docs host, and fast enough for a few thousand pages.
func Defaults() Options {
	return Options{Rate: 4, MaxPages: 5000, Timeout: 20 * time.Second, MaxWait: time.Minute}
}

// Site is a deployed site under a start URL.
type Site struct {
	// Base is the start URL, as a folder: the pages crawled are under it.
	Base *url.URL
	// Moved is the start URL as given when the site answers elsewhere:
	// its robots.txt sent to https, or to the host with or without www.
	Moved  string
	opts   Options
	client *http.Client
	// pages reads pages: it follows a redirect on the site, but stops at
	// one to another (offSite), which the crawl reports and never follows.
	pages   *http.Client
	robots  *robotstxt.RobotsData
	maps    []string // the sitemaps robots.txt names
	limiter *rate.Limiter
	mu      sync.Mutex // one request at a time: a crawler, not a load test
}

// Open reads start's robots.txt. start must be an http or https URL; a path
// not ending in "/" is taken as a folder ("https://x.dev/docs" crawls /docs/).
func Open(ctx context.Context, start string, o Options) (*Site, error) {
	base, err := url.Parse(start)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("%q is not an http or https URL", start)
	}
	base.Fragment, base.RawQuery = "", ""
	if !strings.HasSuffix(base.Path, "/") {
		base.Path += "/"
	}
	base.RawPath = ""
	def := Defaults()
	// An option left at zero takes its default.
	o.Rate, o.MaxPages = cmp.Or(o.Rate, def.Rate), cmp.Or(o.MaxPages, def.MaxPages)
	o.Timeout, o.MaxWait = cmp.Or(o.Timeout, def.Timeout), cmp.Or(o.MaxWait, def.MaxWait)
	o.UserAgent = cmp.Or(o.UserAgent, Agent)
	client := cmp.Or(o.Client, &http.Client{Timeout: o.Timeout})
	s := &Site{Base: base, opts: o, client: client, limiter: rate.NewLimiter(rate.Limit(o.Rate), 1)}
	pages := *client
	pages.CheckRedirect = s.stayOnSite(client.CheckRedirect)
	s.pages = &pages
	if err := s.readRobots(ctx); err != nil {
		return nil, err
	}
	if !s.Allowed(s.Base) {
		return nil, fmt.Errorf("robots.txt of %s does not let %s open %s", base.Host, o.UserAgent, base.Path)
	}
	return s, nil
}

// readRobots reads /robots.txt as crawlers agree (RFC 9309): a 4xx answer
// allows everything, a 5xx forbids everything until the host recovers.
func (s *Site) readRobots(ctx context.Context) error {
	u := s.Base.ResolveReference(&url.URL{Path: "/robots.txt"})
	a, err := s.get(ctx, u.String(), s.client) // it may be on another host (RFC 9309 follows)
	if err != nil {
		return fmt.Errorf("robots.txt: %w", err)
	}
	s.follow(a.url)
	if a.status >= 500 {
		return fmt.Errorf("robots.txt of %s answered %d: a crawler is to take that as \"disallow all\" until it can be read (RFC 9309)", s.Base.Host, a.status)
	}
	data, err := robotstxt.FromStatusAndBytes(a.status, a.body)
	if err != nil {
		return fmt.Errorf("robots.txt of %s: %v", s.Base.Host, err)
	}
	s.robots, s.maps = data, data.Sitemaps
	if d := data.FindGroup(s.opts.UserAgent).CrawlDelay; d > 0 && rate.Every(d) < s.limiter.Limit() {
		s.limiter.SetLimit(rate.Every(d))
	}
	return nil
}

// follow moves the site where its robots.txt was answered from, when that
// is the same host over https, or the host with or without "www.": a site
// given as http://x.dev sends every page to https://x.dev, and each would
// be a redirect off the site. Any other host (a CDN serving robots.txt)
// moves nothing.
func (s *Site) follow(at *url.URL) {
	if at == nil || s.OnSite(at) || at.Path != "/robots.txt" {
		return
	}
	upgrade := s.Base.Scheme == "http" && at.Scheme == "https" && at.Host == s.Base.Host
	www := at.Scheme == s.Base.Scheme && (at.Host == "www."+s.Base.Host || "www."+at.Host == s.Base.Host)
	if !upgrade && !www {
		return
	}
	s.Moved = s.Base.String()
	moved := *s.Base
	moved.Scheme, moved.Host = at.Scheme, at.Host
	s.Base = &moved
}

// stayOnSite stops a redirect that leaves the site (another scheme, host
// or port): the answer is then the redirect itself. Any other is judged as
// the client's own rule (then) does, or Go's default (ten at most).
func (s *Site) stayOnSite(then func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if !s.OnSite(req.URL) {
			return http.ErrUseLastResponse
		}
		if then != nil {
			return then(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
}

// OnSite is true when u is of the site's origin (its scheme, host and port).
func (s *Site) OnSite(u *url.URL) bool {
	return u.Scheme == s.Base.Scheme && u.Host == s.Base.Host
}

// MaxWait is the longest Retry-After the crawl waits out.
func (s *Site) MaxWait() time.Duration { return s.opts.MaxWait }

// Allowed is true when u is on the site's host, under its start URL, and
// robots.txt lets the crawl open it.
func (s *Site) Allowed(u *url.URL) bool {
	if !s.OnSite(u) || !strings.HasPrefix(u.Path, s.Base.Path) {
		return false
	}
	p := u.EscapedPath()
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return s.robots.TestAgent(p, s.opts.UserAgent)
}

// Wait blocks until the host's rate allows one more request: the browser
// waits here before it opens each page.
func (s *Site) Wait(ctx context.Context) error { return s.limiter.Wait(ctx) }

// Fetch asks for u as the crawl asks for anything beside its pages (a
// script's source map): at the host's rate, as Agent, and not at all when
// u is on the host and its robots.txt keeps crawlers from u's path. The
// caller closes the body.
func (s *Site) Fetch(ctx context.Context, u string) (*http.Response, error) {
	target, err := url.Parse(u)
	if err != nil {
		return nil, err
	}
	if target.Host == s.Base.Host && !s.robots.TestAgent(target.EscapedPath(), s.opts.UserAgent) {
		return nil, fmt.Errorf("robots.txt of %s does not let %s open %s", s.Base.Host, s.opts.UserAgent, target.EscapedPath())
	}
	return s.send(ctx, u, s.client)
}

// send is one GET of u at the host's rate, as the crawler.
func (s *Site) send(ctx context.Context, u string, client *http.Client) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", s.opts.UserAgent)
	return s.Do(req, client)
}

// Do sends req at the host's rate with client (nil: the site's). The
// browser asks again through it for a file the host told to come back
// later, with the browser's own headers. The caller closes the body.
func (s *Site) Do(req *http.Request, client *http.Client) (*http.Response, error) {
	if err := s.limiter.Wait(req.Context()); err != nil {
		return nil, err
	}
	return cmp.Or(client, s.client).Do(req)
}

// maxBody bounds what one page or sitemap may make the crawl hold.
const maxBody = 32 << 20

// answer is what the host said to one GET.
type answer struct {
	status int
	url    *url.URL // where the answer came from, after redirects
	header http.Header
	body   []byte // gunzipped when it is a gzip file, as sitemap.xml.gz is
}

// tries is how often the crawl asks for a page or file at most: a host
// that flaps (a 503 while it deploys, a 429 of its rate limit, a dropped
// connection) is asked again after its Retry-After, else after a short
// backoff (firstBackoff, then twice that).
const tries = 3

var firstBackoff = time.Second

// get fetches u politely with client: at the host's rate, and again, up
// to tries in all, while the host's answer is one to come back later
// (transient). A Retry-After longer than MaxWait is an error.
func (s *Site) get(ctx context.Context, u string, client *http.Client) (answer, error) {
	backoff := firstBackoff
	for try := 1; ; try++ {
		a, err := s.request(ctx, u, client)
		if try == tries || ctx.Err() != nil || !transient(a, err) {
			return a, err
		}
		if err == nil {
			again, err := s.Backoff(ctx, u, a.status, a.header.Get("Retry-After"))
			if err != nil {
				return a, err
			}
			if again {
				continue // its Retry-After waited out
			}
		}
		if !sleep(ctx, backoff) {
			return a, ctx.Err()
		}
		backoff *= 2
	}
}

// transient is an answer that may be another a moment later: none at all
// (a connection refused or reset, a timeout), 429, or a 502, 503 or 504 of
// a host or its proxy restarting. A 500 is the site's own fault.
func transient(a answer, err error) bool {
	if err != nil {
		return true
	}
	switch a.status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-time.After(d):
		return true
	case <-ctx.Done():
		return false
	}
}

// Backoff waits out an answer that asks the crawler to come back later (a
// 429 or 503 with Retry-After) and says to ask again; an answer that asks
// for longer than MaxWait is an error that says what it asked.
func (s *Site) Backoff(ctx context.Context, u string, status int, retryAfter string) (again bool, err error) {
	if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
		return false, nil
	}
	wait, ok := RetryAfter(retryAfter, time.Now())
	if !ok {
		return false, nil
	}
	if wait > s.opts.MaxWait {
		return false, fmt.Errorf("%s answered %d and asked to wait %s, more than %s", u, status, wait.Round(time.Second), s.opts.MaxWait)
	}
	if !sleep(ctx, wait) {
		return false, ctx.Err()
	}
	return true, nil
}

func (s *Site) request(ctx context.Context, u string, client *http.Client) (answer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	resp, err := s.send(ctx, u, client)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return answer{}, fmt.Errorf("%s: %w", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return answer{}, fmt.Errorf("%s: %v", u, err)
	}
	if bytes.HasPrefix(body, []byte{0x1f, 0x8b}) {
		if zr, zerr := gzip.NewReader(bytes.NewReader(body)); zerr == nil {
			if unzipped, zerr := io.ReadAll(io.LimitReader(zr, maxBody)); zerr == nil {
				body = unzipped
			}
		}
	}
	return answer{status: resp.StatusCode, url: resp.Request.URL, header: resp.Header, body: body}, nil
}

// RetryAfter reads a Retry-After header, in either of its forms (seconds,
// or an HTTP date, counted from now); ok is false when it is absent or
// unreadable.
func RetryAfter(v string, now time.Time) (wait time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(n) * time.Second, n >= 0
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}
