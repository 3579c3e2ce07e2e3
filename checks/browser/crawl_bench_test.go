package browser

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/devdocs-dev/devdocs/checks/bench"
	"github.com/devdocs-dev/devdocs/checks/internal/cpus"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// BenchmarkCrawl crawls a built site (CRAWL_SITE, default this repository's
// site/dist: `make build` first; CRAWL_GENERATE=N for checks/bench's
// generated site of N pages instead) once per tab count, beside the floor:
// a plain loop that opens each page in one tab and waits for its load event,
// nothing heard, nothing reset. For each it reports the wall time, the CPU
// time of Chromium and the gate together (what a busy machine cannot hide)
// and their peak memory (the sum of their processes' proportional set
// sizes, PSS, sampled every second: a page of a library that ten Chromium
// processes share counts once, not ten times), and each crawl's ratios to
// the floor. `make bench-crawl` runs it in each browser it finds (a
// headless shell, Chromium); CRAWL_SAMPLE=N crawls N pages only,
// CRAWL_TABS=4 in 4 tabs only. Each crawl keeps the command's quiet window
// (1s; CRAWL_QUIET=2s for another), and the last tab count is crawled once
// more without one, so its cost is printed.
func BenchmarkCrawl(b *testing.B) {
	site, pages := benchSite(b)
	var floor measured
	b.Run("floor", func(b *testing.B) {
		for b.Loop() {
			floor = measure(b, site, pages, "the floor (one tab, each page to its load event)", func(br *Browser) (string, error) {
				return "", openEach(br, site, pages)
			})
		}
	})
	quiet := benchQuiet(b)
	tabCounts := benchTabs()
	var withWindow measured
	for i, tabs := range append(tabCounts, tabCounts[len(tabCounts)-1]) {
		quiet, name := quiet, fmt.Sprintf("tabs=%d", tabs)
		if i == len(tabCounts) {
			quiet, name = 0, name+",quiet=0"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				m := measure(b, site, pages, fmt.Sprintf("the crawl in %d tabs, quiet window %s", tabs, quiet), func(br *Browser) (string, error) {
					got, err := br.Crawl(CrawlOptions{Dir: site, Pages: pages, Tabs: tabs, PageTimeout: 30 * time.Second, Quiet: quiet})
					var out strings.Builder
					fmt.Fprintf(&out, "%d findings, %d requests", len(got.Findings), got.Requests)
					for i, f := range got.Findings {
						if i == 20 { // a generated site has a fault on every page
							fmt.Fprintf(&out, "\n  and %d more", len(got.Findings)-i)
							break
						}
						fmt.Fprintf(&out, "\n  %s: %s [%s]", f.File, f.Message, f.Check)
					}
					return out.String(), err
				})
				if floor.wall > 0 {
					b.Logf("to the floor: %.2f× the wall time, %.2f× the CPU time, %.2f× the peak memory",
						m.wall.Seconds()/floor.wall.Seconds(), m.cpu.Seconds()/floor.cpu.Seconds(), float64(m.peak)/float64(floor.peak))
				}
				switch {
				case i == len(tabCounts)-1:
					withWindow = m
				case i == len(tabCounts) && withWindow.wall > 0:
					b.Logf("the quiet window of %s costs %.2f× the wall time, %.2f× the CPU time, %.2f× the peak memory of the crawl without one",
						benchQuiet(b), withWindow.wall.Seconds()/m.wall.Seconds(), withWindow.cpu.Seconds()/m.cpu.Seconds(), float64(withWindow.peak)/float64(m.peak))
				}
			}
		})
	}
}

// benchQuiet is the quiet window the crawls keep: CRAWL_QUIET, else the
// command's default of 1s.
func benchQuiet(b *testing.B) time.Duration {
	q := os.Getenv("CRAWL_QUIET")
	if q == "" {
		return time.Second
	}
	d, err := time.ParseDuration(q)
	if err != nil {
		b.Fatalf("CRAWL_QUIET=%q: %v", q, err)
	}
	return d
}

// benchTabs are the tab counts BenchmarkCrawl crawls in: CRAWL_TABS
// ("4", "2,4"), else 1, 2 and 4, and the browser's default when it is
// none of those (6 in a headless shell on 2 cores).
func benchTabs() []int {
	var tabs []int
	for _, f := range strings.Split(os.Getenv("CRAWL_TABS"), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			tabs = append(tabs, n)
		}
	}
	if len(tabs) > 0 {
		return tabs
	}
	tabs = []int{1, 2, 4}
	if n := DefaultTabs(chromium(), cpus.Available()); !slices.Contains(tabs, n) {
		tabs = append(tabs, n)
	}
	return tabs
}

// benchSite is the site and pages BenchmarkCrawl opens.
func benchSite(b *testing.B) (string, []string) {
	site := os.Getenv("CRAWL_SITE")
	if site == "" {
		site = "../../site/dist"
	}
	if n, err := strconv.Atoi(os.Getenv("CRAWL_GENERATE")); err == nil {
		site = b.TempDir()
		if _, err := bench.Generate(site, n, 1); err != nil {
			b.Fatal(err)
		}
	}
	pages, err := SitePages(site)
	if err != nil || len(pages) == 0 {
		b.Skipf("no built site at %s (make build, or set CRAWL_SITE): %v", site, err)
	}
	if n, err := strconv.Atoi(os.Getenv("CRAWL_SAMPLE")); err == nil {
		pages = Sample(pages, n)
	}
	return site, pages
}

// measured is one run's cost.
type measured struct {
	wall, cpu time.Duration
	peak      int64 // bytes
}

// measure starts a Chromium, runs run in it and reports what it cost: the
// CPU time is this process's and that of Chromium's processes.
func measure(b *testing.B, site string, pages []string, what string, run func(*Browser) (string, error)) measured {
	load, _ := os.ReadFile("/proc/loadavg")
	self := selfCPU()
	br, err := Launch(b.Context(), chromium())
	if err != nil {
		b.Skip(err)
	}
	stop := watch(br.cmd.Process.Pid)
	start := time.Now()
	said, err := run(br)
	m := measured{wall: time.Since(start)}
	u := stop()
	br.Close()
	gate := selfCPU() - self - u.sampling
	m.peak, m.cpu = u.peak, gate
	for _, d := range u.byKind {
		m.cpu += d
	}
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(pages))/m.wall.Seconds(), "pages/s")
	b.ReportMetric(m.wall.Seconds(), "s/crawl")
	b.ReportMetric(m.cpu.Seconds(), "cpu-s/crawl")
	b.ReportMetric(float64(m.peak)/(1<<20), "peak-MiB")
	b.Logf("%s: %d pages of %s in %.1fs (%.1f pages/s), %.1fs of CPU, peak %d MiB (Chromium and the gate), load average %s",
		what, len(pages), site, m.wall.Seconds(), float64(len(pages))/m.wall.Seconds(), m.cpu.Seconds(), m.peak>>20, strings.Join(strings.Fields(string(load))[:3], " "))
	b.Logf("  its CPU time: %s", cpuShares(u.byKind, gate))
	if said != "" {
		b.Log(said)
	}
	return m
}

// selfCPU is the user and system time of this process.
func selfCPU() time.Duration {
	var self syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano())
}

// openEach is the floor: each page opened in turn in one tab, up to its
// load event.
func openEach(br *Browser, site string, pages []string) error {
	base, stop, err := start(serve.Default.Handler(site), "", br.cert) // as the crawl serves it
	if err != nil {
		return err
	}
	defer stop()
	ctx, cancel := br.Tab(time.Hour, true)
	defer cancel()
	for _, p := range pages {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+pageURL(CrawlOptions{Dir: site}, p))); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	return nil
}

// watch samples the browser's process group every second until the
// returned func is called, which gives the peak of its memory and this
// process's (their PSS), the CPU time of the group's processes by their
// kind (renderer, gpu-process, the network service …: the sum of the last
// time each process had when seen; one that ends between two samples
// loses at most its last second; a process's own time is lost to its
// parent's rusage when Chromium is killed rather than reaping its
// children, so rusage alone is not enough), and the CPU time the sampling
// itself took in this process, which is not the crawl's. Reading a
// process's PSS makes the kernel walk its page tables: sampled every
// 250 ms, that was 9 of the 58 CPU-seconds a crawl of this site was said to
// cost, and a quarter of a core taken from the crawl.
func watch(pgid int) func() usage {
	stop := make(chan struct{})
	procs := map[int]*proc{}
	var u usage
	var wg sync.WaitGroup
	wg.Go(func() {
		// On a thread of its own, so that the thread's time is the sampling's.
		// The thread may have run other goroutines before: its time from here.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		from := threadCPU()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			u.peak = max(u.peak, sample(pgid, procs))
			select {
			case <-stop:
				u.sampling = threadCPU() - from
				return
			case <-t.C:
			}
		}
	})
	return func() usage {
		close(stop)
		wg.Wait()
		u.byKind = map[string]time.Duration{}
		for _, p := range procs {
			u.byKind[p.kind] += time.Duration(p.ticks) * time.Second / 100 // USER_HZ is 100 on Linux
		}
		return u
	}
}

// cpuShares says the CPU time of each kind of process and of the gate,
// most first: where a crawl's CPU goes.
func cpuShares(byKind map[string]time.Duration, gate time.Duration) string {
	kinds := slices.Collect(maps.Keys(byKind))
	slices.SortFunc(kinds, func(a, b string) int { return cmp.Compare(byKind[b], byKind[a]) })
	var parts []string
	for _, k := range kinds {
		if byKind[k] >= 50*time.Millisecond {
			parts = append(parts, fmt.Sprintf("%s %.1fs", k, byKind[k].Seconds()))
		}
	}
	return strings.Join(append(parts, fmt.Sprintf("the gate %.1fs", gate.Seconds())), ", ")
}

// usage is what watch saw.
type usage struct {
	peak     int64                    // bytes
	byKind   map[string]time.Duration // CPU time of Chromium's processes, by kind
	sampling time.Duration            // the sampler's own CPU time
}

// proc is one process of the browser: its kind and its CPU ticks.
type proc struct {
	kind  string
	ticks int64
}

// threadCPU is the user and system time of the calling OS thread.
func threadCPU() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(1, &u) // RUSAGE_THREAD
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// sample is the memory of this process plus every process of the group
// pgid (their PSS, from /proc), and records the CPU ticks of the group's.
func sample(pgid int, procs map[int]*proc) int64 {
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
		if pid == self {
			continue
		}
		p := procs[pid]
		if p == nil {
			p = &proc{kind: processKind(pid)}
			procs[pid] = p
		}
		p.ticks = max(p.ticks, cpuTicks(pid))
	}
	return total
}

// processKind is what a Chromium process is, by its --type (a utility
// process by its --utility-sub-type): "browser" for the one with none.
// Chromium rewrites its command line as one string, so it is split on
// spaces as well as NULs.
func processKind(pid int) string {
	raw, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	kind := "browser"
	for _, arg := range strings.Fields(strings.ReplaceAll(string(raw), "\x00", " ")) {
		if v, ok := strings.CutPrefix(arg, "--type="); ok && kind == "browser" {
			kind = v
		}
		if v, ok := strings.CutPrefix(arg, "--utility-sub-type="); ok {
			kind = v
			if strings.HasSuffix(v, ".NetworkService") {
				kind = "network service"
			}
		}
	}
	return kind
}

// cpuTicks is a process's user and system time, in ticks.
func cpuTicks(pid int) int64 {
	raw, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	// The fields after the command's ")": state is the 1st, utime the 12th, stime the 13th.
	_, rest, _ := strings.Cut(string(raw), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return u + s
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
