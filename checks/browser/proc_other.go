//go:build !unix

package browser

import "os/exec"

// ownGroup: Windows has no process groups to signal; the browser is killed
// alone and its helpers exit when it does.
func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
