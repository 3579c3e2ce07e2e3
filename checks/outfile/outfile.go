// Package outfile writes the files the gate leaves behind (a report, its
// summary, SARIF, --json results, the external-link cache) so that none is
// ever half written: the bytes go to a temporary file beside the target,
// which takes the target's name only once it is whole. A failed write, a
// Ctrl-C or a SIGTERM leaves the last good file and no temporary one.
package outfile

import (
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// Write writes name through write, with mode 0644.
func Write(name string, write func(io.Writer) error) error {
	f, err := Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Discard()
		return err
	}
	return f.Commit()
}

// File is a file being written: it takes its name once committed, and a
// Ctrl-C or SIGTERM before then removes it (create). For a writer that
// writes while other work goes on (a deploy record, as the pages are
// read), not in one call (Write).
type File struct {
	tmp  *os.File
	name string
	stop func()
}

// Create starts writing name.
func Create(name string) (*File, error) {
	tmp, stop, err := create(name)
	if err != nil {
		return nil, err
	}
	return &File{tmp: tmp, name: name, stop: stop}, nil
}

func (f *File) Write(b []byte) (int, error) { return f.tmp.Write(b) }

// Commit gives the whole file its name, with mode 0644.
func (f *File) Commit() error {
	defer f.stop()
	if err := f.tmp.Chmod(0o644); err != nil { // CreateTemp makes it private
		f.tmp.Close()
		return err
	}
	if err := f.tmp.Close(); err != nil {
		return err
	}
	return os.Rename(f.tmp.Name(), f.name)
}

// Discard drops what was written: the file keeps its last good content.
func (f *File) Discard() {
	f.tmp.Close()
	f.stop()
}

// create makes the temporary file, and until stop removes it on a
// signal before the process ends as the signal would have ended it: the
// default action of SIGINT skips every deferred call, so a Ctrl-C while
// a large report was written left it in the output folder.
func create(name string) (*os.File, func(), error) {
	dir := filepath.Dir(name)
	sigs := make(chan os.Signal, 1)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !signal.Ignored(sig) { // a run started with it ignored (cmd &) keeps ignoring it
			signal.Notify(sigs, sig)
		}
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		signal.Stop(sigs)
		return nil, nil, err
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case sig := <-sigs:
			os.Remove(tmp.Name())
			die(sig)
		case <-done:
		}
	}()
	stop := func() {
		signal.Stop(sigs)
		close(done)
		wg.Wait()
		os.Remove(tmp.Name()) // gone already when it was renamed
	}
	return tmp, stop, nil
}

// die ends the process as sig would have: with the default action
// restored, it sends sig to itself (a shell then reports the signal).
func die(sig os.Signal) {
	signal.Reset(sig)
	if self, err := os.FindProcess(os.Getpid()); err == nil && self.Signal(sig) == nil {
		time.Sleep(time.Second) // the signal ends the process, unless it is held back
	}
	os.Exit(130)
}
