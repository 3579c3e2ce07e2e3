package deploys

import (
	"cmp"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// BenchmarkCompare is the comparison alone, after the link check, on a
// site of make bench and the build it replaced (DEVDOCS_BENCH_SITE=
// $TMPDIR/devdocs-bench/site-50000; skipped without): its CPU time per
// run (user and system, cpu-s/op) beside the link check's (links-cpu-s),
// for profiling what --previous adds (-cpuprofile). DEVDOCS_BENCH_PREVIOUS
// names the last deploy instead of the site's .previous folder (a deploy
// record, written by checks links --save-deploy).
func BenchmarkCompare(b *testing.B) {
	site := os.Getenv("DEVDOCS_BENCH_SITE")
	if site == "" {
		b.Skip("DEVDOCS_BENCH_SITE names no generated site")
	}
	before := cpuTime()
	s, err := htmlsite.Load(site)
	if err != nil {
		b.Fatal(err)
	}
	s.Outlines = true // as checks links reads a site it compares
	_, stats := links.Check(s, links.Options{Host: serve.Default, Gists: true})
	b.ReportMetric((cpuTime() - before).Seconds(), "links-cpu-s")
	b.ResetTimer()
	start := cpuTime()
	for b.Loop() {
		found, err := Compare(Builds{Previous: cmp.Or(os.Getenv("DEVDOCS_BENCH_PREVIOUS"), site+".previous"), Current: site}, s, stats.Page,
			Options{Host: serve.Default, Sum: stats.Sum, Gist: stats.Gist})
		if err != nil || len(found) == 0 {
			b.Fatal(err, len(found))
		}
	}
	b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the process's CPU time so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
