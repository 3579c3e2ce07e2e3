package browser

import (
	"os"
	"os/exec"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A verdict of the crawl must not depend on how busy the machine is. The
// tests that say so run their crawl again under a bounded synthetic load:
// busy processes, as many as twice the cores, started by the test and
// stopped when it ends (a shared CI runner often has a load of that much).

// busyEnv, set, makes the test binary a busy process (TestMain).
const busyEnv = "DEVDOCS_BUSY_PROCESS"

// busyLoad starts twice as many busy processes as there are cores, until
// the test ends.
func busyLoad(t *testing.T) {
	t.Helper()
	for range 2 * runtime.NumCPU() {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), busyEnv+"=1")
		require.NoError(t, cmd.Start())
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	}
}

// spin keeps one core busy until the process is killed.
func spin() {
	for n := 0; ; n++ {
		_ = n * n
	}
}

// crawlIdleAndBusy crawls o on an idle machine, then under busyLoad, and
// holds both crawls to want.
func crawlIdleAndBusy(t *testing.T, o CrawlOptions, want []Finding) {
	t.Helper()
	got, err := shared.Crawl(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Findings, "idle")
	busyLoad(t)
	got, err = shared.Crawl(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Findings, "under load")
}
