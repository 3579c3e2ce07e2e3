package docscmd

import (
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"time"
)

// runWatch rebuilds on every change under the content directory. It polls
// modification times: the tree is a few hundred files, a stat pass costs well
// under a millisecond, and polling sees editors' rename-on-save and new
// folders without the bookkeeping a recursive inotify watch needs.
func runWatch(args []string, stdout, stderr io.Writer) int {
	f, err := parseBuildFlags("watch", args, stderr)
	if err != nil {
		return 2
	}
	build(f, stdout, stderr)
	last := snapshot(f.content)
	for range time.Tick(250 * time.Millisecond) {
		now := snapshot(f.content)
		if now != last {
			last = now
			build(f, stdout, stderr)
		}
	}
	return 0
}

// snapshot summarises the tree's names, sizes and modification times.
func snapshot(root string) string {
	var sum int64
	var n int
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			n++
			sum += info.ModTime().UnixNano() ^ info.Size() ^ int64(len(p))<<32
		}
		return nil
	})
	return fmt.Sprint(n, sum)
}
