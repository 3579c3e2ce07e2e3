// Package par runs a loop over 0…n-1 on every core.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls a worker for each index 0…n-1, on as many goroutines as there
// are cores (fewer for a short loop), and returns when all are done. Each
// goroutine has its own worker from newWorker, for state it must not share.
func Each(n int, newWorker func() func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		work := newWorker()
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				work(i)
			}
		})
	}
	wg.Wait()
}

// For is Each with one function for every goroutine.
func For(n int, f func(i int)) { Each(n, func() func(int) { return f }) }
