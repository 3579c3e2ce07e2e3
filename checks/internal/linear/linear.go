// Package linear holds the gate's scanners to linear time: a benchmark
// runs one at an input and at four times that input, and fails when the
// larger takes five times as long or more, so a path that grows with the
// square of its input shows as a failure, not as a slow CI run. It is a
// benchmark, not a timed test: go test -run - -bench Linear ./checks/...
package linear

import (
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// Check times run at the input made by input(k) and input(4k), each at
// its best of five in CPU time (a pause of the collector, or other work on
// a shared machine, does not decide), and fails b when the larger takes 5×
// as long or more. k starts at 1 and doubles until a run takes minBase (or
// k is maxScale), so a fast path is timed at a size where microseconds of
// noise do not count.
// input builds what run reads, outside the timing.
func Check[T any](b *testing.B, what string, input func(scale int) T, run func(T)) {
	b.Helper()
	runtime.LockOSThread() // the thread's CPU time is the run's
	defer runtime.UnlockOSThread()
	best := func(in T) time.Duration {
		d := time.Duration(1 << 62)
		for range 5 {
			// The collector is off while a run is timed: its work is linear
			// too, but when it comes depends on what came before.
			runtime.GC()
			gc := debug.SetGCPercent(-1)
			t0 := cpuTime()
			run(in)
			d = min(d, cpuTime()-t0)
			debug.SetGCPercent(gc)
		}
		return d
	}
	k := 1
	small := input(k)
	for k < maxScale && best(small) < minBase {
		k *= 2
		small = input(k)
	}
	large := input(4 * k)
	for b.Loop() {
		l, s := best(large), best(small) // the large first: the heap it grows serves both
		ratio := float64(l) / float64(s)
		b.ReportMetric(ratio, "4x-ratio")
		if ratio > 5 {
			b.Fatalf("4× the %s took %.1f× the time (%v, then %v)", what, ratio, s, l)
		}
	}
}

// minBase is the time the smaller input should take at least; maxScale
// bounds k, so that the inputs stay the size the caller chose them near (a
// page past 32 MB, say, is read by another path than one below it).
const (
	minBase  = 5 * time.Millisecond
	maxScale = 16
)

// cpuTime is the CPU time this thread has used (CLOCK_THREAD_CPUTIME_ID,
// to the nanosecond): unlike the wall clock, it does not count the time
// other processes of a busy machine hold its cores, nor the collector's
// work on other threads, which comes and goes with the garbage of building
// the inputs.
func cpuTime() time.Duration {
	const clockThreadCPUTime = 3 // Linux
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
