package browser

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCrawl crawls a built site (CRAWL_SITE, default this repository's
// site/dist: `make build` first) once per tab count, and reports pages/s
// and the peak memory of Chromium and the gate together (the sum of their
// processes' proportional set sizes, PSS, sampled every 250 ms: a page of a
// library that ten Chromium processes share counts once, not ten times). Tabs=1 is the plain loop,
// one page after another in one tab. `make bench-crawl` runs it;
// CRAWL_SAMPLE=N crawls N pages only.
func BenchmarkCrawl(b *testing.B) {
	site := os.Getenv("CRAWL_SITE")
	if site == "" {
		site = "../../site/dist"
	}
	pages, err := SitePages(site)
	if err != nil || len(pages) == 0 {
		b.Skipf("no built site at %s (make build, or set CRAWL_SITE): %v", site, err)
	}
	if n, err := strconv.Atoi(os.Getenv("CRAWL_SAMPLE")); err == nil {
		pages = Sample(pages, n)
	}
	for _, tabs := range []int{1, 2} {
		b.Run("tabs="+strconv.Itoa(tabs), func(b *testing.B) {
			for b.Loop() {
				crawlOnce(b, site, pages, tabs)
			}
		})
	}
}

func crawlOnce(b *testing.B, site string, pages []string, tabs int) {
	br, err := Launch(b.Context(), chromium())
	if err != nil {
		b.Skip(err)
	}
	defer br.Close()
	peak := watchMemory(br.cmd.Process.Pid)
	start := time.Now()
	got, err := br.Crawl(CrawlOptions{Dir: site, Pages: pages, Tabs: tabs, PageTimeout: 30 * time.Second})
	took := time.Since(start)
	maxRSS := peak()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(pages))/took.Seconds(), "pages/s")
	b.ReportMetric(took.Seconds(), "s/crawl")
	b.ReportMetric(float64(maxRSS)/(1<<20), "peak-MiB")
	b.Logf("%d pages in %d tabs: %.1fs, %.1f pages/s, peak %d MiB (Chromium and the gate), %d findings, %d requests",
		len(pages), tabs, took.Seconds(), float64(len(pages))/took.Seconds(), maxRSS>>20, len(got.Findings), got.Requests)
	for _, f := range got.Findings {
		b.Logf("  %s: %s [%s]", f.File, f.Message, f.Check)
	}
}

// watchMemory samples the resident memory of this process and of the
// browser's process group until the returned func is called, which gives
// the peak in bytes.
func watchMemory(pgid int) func() int64 {
	var peak atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(250 * time.Millisecond) // reading smaps costs: at 50 ms it was most of the gate's CPU
		defer t.Stop()
		for {
			peak.Store(max(peak.Load(), rss(pgid)))
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	})
	return func() int64 {
		close(stop)
		wg.Wait()
		return peak.Load()
	}
}

// rss is the memory of this process plus every process of the group
// pgid: their PSS, from /proc.
func rss(pgid int) int64 {
	total := int64(0)
	self := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if g, err := syscall.Getpgid(pid); pid != self && (err != nil || g != pgid) {
			continue
		}
		total += statusKB(filepath.Join("/proc", e.Name(), "smaps_rollup"), "Pss:") << 10
	}
	return total
}

func statusKB(file, key string) int64 {
	raw, _ := os.ReadFile(file)
	for _, l := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(l, key); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
