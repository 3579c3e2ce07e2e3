package cpus

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
)

// A quota held to half a core, as cgroup v2 and v1 write it; no quota; a
// quota above the cores there are; a container whose own cgroup is the
// root of its mount.
func TestAvailable(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		cores int
		want  float64
	}{
		{"v2 half a core", map[string]string{"proc/self/cgroup": "0::/ci/job\n", "sys/fs/cgroup/ci/job/cpu.max": "50000 100000\n"}, 8, 0.5},
		{"v2 no quota", map[string]string{"proc/self/cgroup": "0::/\n", "sys/fs/cgroup/cpu.max": "max 100000\n"}, 8, 8},
		{"v2 in a container", map[string]string{"proc/self/cgroup": "0::/kubepods/pod1\n", "sys/fs/cgroup/cpu.max": "150000 100000\n"}, 8, 1.5},
		{"v1 half a core", map[string]string{"proc/self/cgroup": "4:memory:/x\n2:cpu,cpuacct:/ci\n", "sys/fs/cgroup/cpu,cpuacct/ci/cpu.cfs_quota_us": "50000\n", "sys/fs/cgroup/cpu,cpuacct/ci/cpu.cfs_period_us": "100000\n"}, 4, 0.5},
		{"v1 no quota", map[string]string{"proc/self/cgroup": "1:cpu:/\n", "sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n", "sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n"}, 2, 2},
		{"quota above the cores", map[string]string{"proc/self/cgroup": "0::/\n", "sys/fs/cgroup/cpu.max": "800000 100000\n"}, 2, 2},
		{"no cgroup file", map[string]string{}, 3, 3},
	} {
		fsys := fstest.MapFS{}
		for name, data := range c.files {
			fsys[name] = &fstest.MapFile{Data: []byte(data)}
		}
		assert.Equal(t, c.want, available(fsys, c.cores), c.name)
	}
}
