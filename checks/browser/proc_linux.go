package browser

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the browser in a process group of its own, so a hung
// browser and all its helpers die with one signal; Pdeathsig covers our
// own crash.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
