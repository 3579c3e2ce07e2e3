package external

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// server is a fake of other people's sites, counting what it is asked.
type server struct {
	*httptest.Server
	mu       sync.Mutex
	hits     map[string]int
	times    []time.Time
	inFlight atomic.Int32
	maxIn    atomic.Int32
	busy     atomic.Int32
}

func newServer(t *testing.T) *server {
	s := &server{hits: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := s.inFlight.Add(1)
		defer s.inFlight.Add(-1)
		for m := s.maxIn.Load(); n > m && !s.maxIn.CompareAndSwap(m, n); m = s.maxIn.Load() {
		}
		s.mu.Lock()
		s.hits[r.Method+" "+r.URL.Path]++
		s.times = append(s.times, time.Now())
		s.mu.Unlock()
		switch r.URL.Path {
		case "/ok", "/ok2", "/ok3":
		case "/gone":
			w.WriteHeader(http.StatusNotFound)
		case "/nohead":
			if r.Method == http.MethodHead {
				w.WriteHeader(http.StatusMethodNotAllowed)
			}
		case "/moved":
			http.Redirect(w, r, "/ok", http.StatusMovedPermanently)
		case "/slow":
			time.Sleep(time.Second)
		case "/forbidden":
			w.WriteHeader(http.StatusForbidden)
		case "/error":
			w.WriteHeader(http.StatusInternalServerError)
		case "/busy": // 429 on every request but the third
			if s.busy.Add(1) != 3 {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
			}
		case "/sleep":
			time.Sleep(50 * time.Millisecond)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func uses(urls ...string) map[string][]Use {
	m := map[string][]Use{}
	for i, u := range urls {
		m[u] = append(m[u], Use{Page: "index.html", Line: i + 1, Href: u})
	}
	return m
}

func fast() Options {
	o := Defaults()
	o.HostRate, o.Timeout = 1000, 300*time.Millisecond
	return o
}

func checks(l diag.List) map[string]string {
	m := map[string]string{}
	for _, d := range l {
		m[d.Href] = d.Check
	}
	return m
}

func TestStatusesAreClassified(t *testing.T) {
	s := newServer(t)
	got := Check(context.Background(), uses(s.URL+"/ok", s.URL+"/gone", s.URL+"/nohead", s.URL+"/moved",
		s.URL+"/slow", s.URL+"/forbidden", s.URL+"/error", "mailto:a@b.c", "ftp://x/y"), fast())
	assert.Equal(t, map[string]string{
		s.URL + "/gone":      registry.ExternalLink,
		s.URL + "/slow":      registry.ExternalUnreachable,
		s.URL + "/forbidden": registry.ExternalUnreachable,
		s.URL + "/error":     registry.ExternalUnreachable,
	}, checks(got))
	for _, d := range got {
		switch d.Href {
		case s.URL + "/gone":
			assert.Equal(t, `broken external link "`+s.URL+`/gone": the server answered 404 Not Found`, d.Message)
		case s.URL + "/slow":
			assert.Contains(t, d.Message, "could not be checked: timed out")
		case s.URL + "/forbidden":
			assert.Contains(t, d.Notes[0], "refuse automated requests")
		}
	}
}

func TestHeadFallsBackToGet(t *testing.T) {
	s := newServer(t)
	assert.Empty(t, Check(context.Background(), uses(s.URL+"/nohead"), fast()))
	assert.Equal(t, 1, s.hits["HEAD /nohead"])
	assert.Equal(t, 1, s.hits["GET /nohead"])
}

func TestEachURLIsAskedOnceAndEveryUseReported(t *testing.T) {
	s := newServer(t)
	u := map[string][]Use{
		s.URL + "/gone#a": {{Page: "a.html", Line: 3}},
		s.URL + "/gone#b": {{Page: "b.html", Line: 7}},
		s.URL + "/ok#x":   {{Page: "a.html", Line: 1}},
		s.URL + "/ok":     {{Page: "b.html", Line: 1}},
	}
	got := Check(context.Background(), u, fast())
	assert.Len(t, got, 2)
	assert.Equal(t, 2, s.hits["HEAD /gone"]+s.hits["GET /gone"], "HEAD then GET, once for both fragments")
	assert.Equal(t, 1, s.hits["HEAD /ok"])
}

func TestUnreachableHost(t *testing.T) {
	s := newServer(t)
	url := s.URL + "/ok"
	s.Close()
	got := Check(context.Background(), uses(url), fast())
	require.Len(t, got, 1)
	assert.Equal(t, registry.ExternalUnreachable, got[0].Check)
	assert.Contains(t, got[0].Message, "connection refused")
}

func TestTooManyRequestsIsRetriedAfterItsDelay(t *testing.T) {
	s := newServer(t)
	start := time.Now()
	got := Check(context.Background(), uses(s.URL+"/busy"), fast())
	assert.Empty(t, got, "the third request (after Retry-After) succeeds")
	assert.GreaterOrEqual(t, time.Since(start), time.Second, "waited for Retry-After")
}

// The limiter spaces requests to one host; this asserts only the lower
// bound the limiter guarantees, so a slow machine cannot make it flaky.
func TestRequestsToOneHostAreRateLimited(t *testing.T) {
	s := newServer(t)
	o := fast()
	o.HostRate = 20 // one request every 50 ms
	Check(context.Background(), uses(s.URL+"/ok", s.URL+"/ok2", s.URL+"/ok3"), o)
	require.Len(t, s.times, 3)
	sort.Slice(s.times, func(i, j int) bool { return s.times[i].Before(s.times[j]) })
	assert.GreaterOrEqual(t, s.times[2].Sub(s.times[0]), 90*time.Millisecond)
}

func TestConcurrencyIsBounded(t *testing.T) {
	s := newServer(t)
	o := fast()
	o.Concurrency = 3
	var urls []string
	for i := range 12 {
		urls = append(urls, s.URL+"/sleep?n="+string(rune('a'+i)))
	}
	Check(context.Background(), uses(urls...), o)
	assert.LessOrEqual(t, s.maxIn.Load(), int32(3))
	assert.Greater(t, s.maxIn.Load(), int32(1), "requests do run in parallel")
}

func TestCacheAnswersUntilItExpires(t *testing.T) {
	s := newServer(t)
	file := filepath.Join(t.TempDir(), "cache", "external.json")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	run := func() diag.List {
		c, err := OpenCache(file, 24*time.Hour, clock)
		require.NoError(t, err)
		o := fast()
		o.Cache = c
		got := Check(context.Background(), uses(s.URL+"/ok", s.URL+"/gone", s.URL+"/error"), o)
		require.NoError(t, c.Save())
		return got
	}
	first := run()
	assert.Len(t, first, 2)
	assert.Equal(t, 1, s.hits["HEAD /ok"])

	second := run()
	assert.Equal(t, first, second, "cached answers give the same report")
	assert.Equal(t, 1, s.hits["HEAD /ok"], "a fresh entry is not asked again")
	assert.Equal(t, 1, s.hits["HEAD /gone"], "a definite 404 is cached too")
	assert.Equal(t, 2, s.hits["HEAD /error"], "a 500 is asked again every run")

	now = now.Add(25 * time.Hour)
	run()
	assert.Equal(t, 2, s.hits["HEAD /ok"], "an expired entry is asked again")
}

func TestCorruptCacheStartsEmpty(t *testing.T) {
	file := filepath.Join(t.TempDir(), "external.json")
	require.NoError(t, os.WriteFile(file, []byte("{not json"), 0o644))
	c, err := OpenCache(file, time.Hour, nil)
	assert.ErrorContains(t, err, "not a cache file")
	_, ok := c.Get("https://example.com/")
	assert.False(t, ok)
	c.Put("https://example.com/", Result{Status: 200, Checked: time.Now()})
	require.NoError(t, c.Save())
	c2, err := OpenCache(file, time.Hour, nil)
	require.NoError(t, err)
	_, ok = c2.Get("https://example.com/")
	assert.True(t, ok, "the rewritten file is valid")
}
