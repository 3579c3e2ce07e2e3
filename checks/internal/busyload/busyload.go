// Package busyload puts a bounded synthetic load on the machine for a test:
// busy processes, twice as many as there are cores (a shared CI runner
// often has a load of that much), started by the test and stopped when it
// ends. A verdict that must not depend on load is checked again under it.
//
// The busy processes are the test binary itself, run again: a binary that
// imports this package spins at start when it finds the variable set, so
// no other program is needed and none can be left behind.
package busyload

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

const env = "DEVDOCS_BUSY_PROCESS"

func init() {
	if os.Getenv(env) != "" {
		spin()
	}
}

// Start starts the busy processes, until t ends.
func Start(t testing.TB) {
	t.Helper()
	for range 2 * runtime.NumCPU() {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), env+"=1")
		if err := cmd.Start(); err != nil {
			t.Fatalf("busy process: %v", err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	}
}

// spin keeps one core busy until the process is killed.
func spin() {
	for n := 0; ; n++ {
		_ = n * n
	}
}
