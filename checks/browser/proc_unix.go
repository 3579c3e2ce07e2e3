//go:build unix && !linux

package browser

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the browser in a process group of its own, so a hung
// browser and all its helpers die with one signal (macOS and the BSDs have
// no Pdeathsig: a crash of ours leaves the browser to chromedp's pipe).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
