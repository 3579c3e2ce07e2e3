// Package cpus says how much CPU the process really has: the cores it
// sees, or less where a cgroup holds it to a quota (a CI runner's
// container often gets half a core of a many-core machine). Go's own
// GOMAXPROCS rounds a quota up to at least two, which is no measure of a
// browser's tabs.
package cpus

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path"
	"runtime"
	"strconv"
	"strings"
)

// Available is the CPU the process may use, in cores: the logical CPUs,
// or the cgroup's quota where that is less.
func Available() float64 { return available(os.DirFS("/"), runtime.NumCPU()) }

func available(root fs.FS, cores int) float64 {
	if q, ok := quota(root); ok && q < float64(cores) {
		return q
	}
	return float64(cores)
}

// quota reads the CPU quota of the process's cgroup, as /proc/self/cgroup
// names it (cgroup v2's cpu.max, or v1's cpu.cfs_quota_us over
// cpu.cfs_period_us); at the cgroup root where that path is not mounted
// (a container sees its own cgroup as the root).
func quota(root fs.FS) (float64, bool) {
	list, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), ":", 3)
		if len(f) != 3 {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			for _, dir := range []string{path.Join("sys/fs/cgroup", f[2]), "sys/fs/cgroup"} {
				if q, ok := cpuMax(root, dir); ok {
					return q, true
				}
			}
		case hasController(f[1], "cpu"):
			for _, mount := range []string{"sys/fs/cgroup/" + f[1], "sys/fs/cgroup/cpu", "sys/fs/cgroup/cpu,cpuacct"} {
				for _, dir := range []string{path.Join(mount, f[2]), mount} {
					if q, ok := cfsQuota(root, dir); ok {
						return q, true
					}
				}
			}
		}
	}
	return 0, false
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// cpuMax reads cgroup v2's "quota period" ("max period": none).
func cpuMax(root fs.FS, dir string) (float64, bool) {
	b, err := fs.ReadFile(root, path.Join(dir, "cpu.max"))
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) != 2 || f[0] == "max" {
		return 0, false
	}
	return ratio(f[0], f[1])
}

// cfsQuota reads cgroup v1's quota and period (-1: none).
func cfsQuota(root fs.FS, dir string) (float64, bool) {
	q, err1 := fs.ReadFile(root, path.Join(dir, "cpu.cfs_quota_us"))
	p, err2 := fs.ReadFile(root, path.Join(dir, "cpu.cfs_period_us"))
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return ratio(strings.TrimSpace(string(q)), strings.TrimSpace(string(p)))
}

func ratio(quota, period string) (float64, bool) {
	q, err1 := strconv.ParseFloat(quota, 64)
	p, err2 := strconv.ParseFloat(period, 64)
	if err1 != nil || err2 != nil || q <= 0 || p <= 0 {
		return 0, false
	}
	return q / p, true
}
