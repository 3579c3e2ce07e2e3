package par

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every index is worked on once, whatever the number of goroutines.
func TestEachVisitsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		seen := make([]atomic.Int32, n)
		var workers atomic.Int32
		Each(n, func() func(int) {
			workers.Add(1)
			return func(i int) { seen[i].Add(1) }
		})
		for i := range seen {
			assert.Equal(t, int32(1), seen[i].Load(), "n=%d index %d", n, i)
		}
		assert.LessOrEqual(t, int(workers.Load()), max(n, 0))
	}
}
