//go:build unix

package htmlsite

import (
	"io"
	"io/fs"
	"syscall"
)

// rawFile reads a file with plain system calls. An os.File registers with
// the runtime's poller (an epoll_ctl that fails for regular files, and three
// fcntl calls), which doubles the system calls of reading a small page.
type rawFile int

// open does not wait: Load lists no named pipe, but one put in a page's
// place since would block an open until a writer came (O_NONBLOCK changes
// nothing for a regular file, and a pipe without a writer reads as empty).
func open(name string) (io.ReadCloser, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return rawFile(fd), nil
	}
}

func (f rawFile) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(int(f), p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f rawFile) Close() error { return syscall.Close(int(f)) }
