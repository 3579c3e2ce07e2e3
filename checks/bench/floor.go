package bench

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/net/html"
)

// Floor reads every HTML file under dir and runs golang.org/x/net/html's
// tokenizer over it on all cores, keeping nothing: the least work of a
// checker built on that tokenizer. checks links scans pages itself
// (checks/htmlsite/scan.go) and runs under it.
func Floor(dir string) (files, tokens int, err error) {
	paths := make(chan string)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, t := 0, 0
			for p := range paths {
				n++
				t += tokenize(p)
			}
			mu.Lock()
			files, tokens = files+n, tokens+t
			mu.Unlock()
		}()
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			paths <- p
		}
		return err
	})
	close(paths)
	wg.Wait()
	return files, tokens, err
}

func tokenize(p string) int {
	f, err := os.Open(p)
	if err != nil {
		return 0
	}
	defer f.Close()
	z := html.NewTokenizer(f)
	n := 0
	for z.Next() != html.ErrorToken {
		n++
	}
	return n
}

// ReadFloor lists every file under dir and reads it whole, one at a time
// into one buffer, parsing nothing: what comparing a build with the last
// deploy's folder pays before it compares anything, since every page of
// that folder must be found and read to know whether it changed.
func ReadFloor(dir string) (files int, size int64, err error) {
	buf := make([]byte, 64<<10)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n, err := readAll(p, buf)
		files, size = files+1, size+n
		return err
	})
	return files, size, err
}

// readAll reads the file p through buf, returning how many bytes it holds.
func readAll(p string, buf []byte) (int64, error) {
	f, err := os.Open(p)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var size int64
	for {
		n, err := f.Read(buf)
		size += int64(n)
		if err == io.EOF {
			return size, nil
		}
		if err != nil {
			return size, err
		}
	}
}
