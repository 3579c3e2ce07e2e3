package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// benchResults writes the JSON of a run with n problems in the shape a
// broken navbar gives: nine causes of n/10 problems each (one link broken
// on every page), and n/10 causes of one problem each.
func benchResults(b *testing.B, n int) string {
	file := filepath.Join(b.TempDir(), "results.json")
	l := make(diag.List, 0, n)
	for i := 0; i < n; i++ {
		d := diag.Diagnostic{Severity: diag.Error, Check: "broken-link", File: fmt.Sprintf("site/dist/p%d/index.html", i/10), Line: 10 + i%10, Col: 5}
		if i%10 < 9 {
			d.Href = fmt.Sprintf("/nav%d/", i%10)
		} else {
			d.Href = fmt.Sprintf("/gone%d/", i)
		}
		d.Target, d.Message = d.Href, fmt.Sprintf("broken link %q: no file answers %s", d.Href, d.Href)
		l = append(l, d)
	}
	f, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := diag.WriteResults(f, diag.Results{Runs: []diag.Run{{Diagnostics: l, Summary: diag.Summary{Tool: "checks links", Errors: n}}}}); err != nil {
		b.Fatal(err)
	}
	return file
}

// BenchmarkReport is checks report over results of 100k and 1M problems:
// read, grouped and written as HTML and markdown. It reports the HTML's
// size and the peak heap, which must follow the causes, not the problems:
// go test -run - -bench Report -benchtime 1x ./checks/report
func BenchmarkReport(b *testing.B) {
	var size countingWriter
	peakHeap(b, func(file string) {
		r, err := BuildFiles([]string{file}, Options{Dist: "site/dist"})
		if err != nil {
			b.Fatal(err)
		}
		size = 0
		if err := WriteHTML(&size, r); err != nil {
			b.Fatal(err)
		}
		if err := WriteMarkdown(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}, func(b *testing.B) { b.ReportMetric(float64(size)/1e6, "html-MB") })
}

// BenchmarkEveryProblem is what checks report --sarif --annotations adds
// to the report: every problem read back and written as SARIF and as a
// workflow annotation, one at a time, so the peak heap stays flat from
// 100k to 1M problems (when they were held in memory, 1M problems took
// the process to 4.3 GB of RSS):
// go test -run - -bench EveryProblem -benchtime 1x ./checks/report
func BenchmarkEveryProblem(b *testing.B) {
	peakHeap(b, func(file string) {
		s := diag.NewSARIF(io.Discard)
		err := ReadResults([]string{file}, func(d diag.Diagnostic) {
			s.Add(d)
			diag.Annotate(io.Discard, d)
		}, func(diag.Summary) {})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Close("checks all", nil); err != nil {
			b.Fatal(err)
		}
	}, func(*testing.B) {})
}

// peakHeap runs run on results of each of benchSizes, and reports the
// peak heap in use while it ran, then what report adds.
func peakHeap(b *testing.B, run func(file string), report func(*testing.B)) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("problems=%d", n), func(b *testing.B) {
			file := benchResults(b, n)
			runtime.GC()
			var peak atomic.Uint64
			done := make(chan struct{})
			go sampleHeap(&peak, done)
			b.ResetTimer()
			for range b.N {
				run(file)
			}
			b.StopTimer()
			close(done)
			report(b)
			b.ReportMetric(float64(peak.Load())/1e6, "peak-heap-MB")
		})
	}
}

// sampleHeap keeps the largest heap in use it sees, every 5 ms.
func sampleHeap(peak *atomic.Uint64, done chan struct{}) {
	var m runtime.MemStats
	for {
		select {
		case <-done:
			return
		case <-time.After(5 * time.Millisecond):
		}
		runtime.ReadMemStats(&m)
		if m.HeapInuse > peak.Load() {
			peak.Store(m.HeapInuse)
		}
	}
}

type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// benchSizes are the sizes BenchmarkReport runs.
var benchSizes = []int{100_000, 1_000_000}
