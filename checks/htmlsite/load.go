// Package htmlsite reads a built static site from disk: which files exist, and
// for each HTML file the anchors it defines and the links it makes.
package htmlsite

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/charlievieth/fastwalk"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Site is a built site as a static host sees it.
type Site struct {
	Root  string
	Files map[string]struct{} // every servable file, slash-separated and relative to Root
	HTML  []string            // the HTML files, sorted
	CSS   []string            // the stylesheets (.css), sorted: their url()s and @imports are links too
	// Problems met while reading (unreadable files, symlinks leaving the root).
	Problems []Problem
	// Outlines asks Parse for each page's Outline.
	Outlines bool
	mu       sync.Mutex // guards the fields above while Load and Parse run
	// real is Root with its symlinks resolved: the root itself may be
	// reached through one (Debian's /usr/share/doc/cmake-doc is a symlink
	// to cmake-data), and a symlink's target, resolved, is compared to it.
	real string
}

// Visitor receives parsed pages. Parse gives each worker its own, so a
// visitor may keep unsynchronised state (a cache, a result slice). The Page
// and its Links slice are reused for the worker's next page once the visitor
// returns: keep the strings, not the slice.
type Visitor func(*Page)

// Problem is a file the reader could not use, with why.
type Problem struct {
	Path, Message string
}

// Load walks root and lists its files; Parse then reads the HTML ones.
// Symlinked pages are followed only when they resolve inside root; other
// symlinked files count wherever they point, since only their existence
// matters; symlinked directories are not descended (no loops, nothing
// outside the root is read).
// Directories are read on all cores: a large site has one per page.
func Load(root string) (*Site, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	s := &Site{Root: abs, Files: map[string]struct{}{}, real: real}
	// More walkers than cores: each waits in the kernel for its directory,
	// and on a 2-core machine 8 walkers read a 50k-directory site in 40%
	// less time than 2 do, for the same CPU time.
	conf := fastwalk.Config{NumWorkers: 4 * runtime.GOMAXPROCS(0)}
	err = fastwalk.Walk(&conf, abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			s.problem(rel(abs, p), err.Error())
			return nil
		}
		if d.IsDir() {
			return nil
		}
		r := rel(abs, p)
		if d.Type()&fs.ModeSymlink != 0 && !s.symlinkInside(p, r) {
			return nil
		}
		if !d.Type().IsRegular() && d.Type()&fs.ModeSymlink == 0 {
			s.problem(r, notRegular(d.Type()))
			return nil
		}
		s.add(r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(s.HTML)
	sort.Strings(s.CSS)
	s.sortProblems()
	return s, nil
}

func (s *Site) add(r string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Files[r] = struct{}{}
	if serve.IsHTML(r) {
		s.HTML = append(s.HTML, r)
	} else if IsCSS(r) {
		s.CSS = append(s.CSS, r)
	}
}

func (s *Site) problem(path, msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Problems = append(s.Problems, Problem{path, msg})
}

// sortProblems orders Problems by path: the walk and the parse run on
// several goroutines, and the report must not change between runs.
func (s *Site) sortProblems() {
	sort.Slice(s.Problems, func(i, j int) bool { return s.Problems[i].Path < s.Problems[j].Path })
}

func (s *Site) symlinkInside(p, r string) bool {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		s.problem(r, brokenSymlink(p, err))
		return false
	}
	st, err := os.Stat(target)
	switch {
	case err != nil:
		s.problem(r, err.Error())
		return false
	case st.IsDir():
		s.problem(r, "symlinked directory not followed (it could loop); links into it count as broken")
		return false
	case !st.Mode().IsRegular():
		s.problem(r, notRegular(st.Mode()))
		return false
	}
	if strings.HasPrefix(target, s.real+string(filepath.Separator)) {
		return true
	}
	// A file that is no page is never read, only looked up, and a host
	// that follows symlinks serves it (as a browser on file:// does):
	// Debian's manuals share their scripts with symlinks into
	// /usr/share/javascript. A page would be read from outside the root.
	if !serve.IsHTML(r) {
		return true
	}
	s.problem(r, "symlink points outside the site root; not read")
	return false
}

// brokenSymlink says where a symlink that leads nowhere points, as ls
// shows it, rather than the absolute path the failed lookup names.
func brokenSymlink(p string, err error) string {
	to, rerr := os.Readlink(p)
	if rerr != nil || !errors.Is(err, fs.ErrNotExist) {
		return "broken symlink: " + err.Error()
	}
	return "broken symlink to " + to + ": no such file"
}

// notRegular says why a named pipe, socket or device is not read: opening
// a pipe waits for a writer that never comes, and a device may never end.
// No static host serves one as a page, so links to it count as broken.
func notRegular(m fs.FileMode) string {
	return "not a regular file (" + textfile.Kind(m) + "); not read, links to it count as broken"
}

// IsCSS tells whether a file of the site is a stylesheet, read for the
// files it makes the browser fetch.
func IsCSS(path string) bool {
	return len(path) > 4 && strings.EqualFold(path[len(path)-4:], ".css")
}

// Parse tokenises every HTML file once, on all cores, and hands each page
// to a visitor made by newVisitor (one per worker); then each stylesheet,
// as a Page with its URLs as links and no ids (Stylesheet set). Nothing of a page is
// kept but what the visitor keeps: memory follows what the checks need, not
// the site's size.
func (s *Site) Parse(newVisitor func() Visitor) {
	var next atomic.Int64 // workers take the next file themselves: no channel hand-off per page
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func(visit Visitor) {
			defer wg.Done()
			page := &Page{outlines: s.Outlines}
			for i := next.Add(1) - 1; i < int64(len(s.HTML)+len(s.CSS)); i = next.Add(1) - 1 {
				if i < int64(len(s.HTML)) {
					s.parseOne(s.HTML[i], page, visit)
				} else {
					s.parseOne(s.CSS[i-int64(len(s.HTML))], page, visit)
				}
			}
		}(newVisitor())
	}
	wg.Wait()
	s.sortProblems()
}

func (s *Site) parseOne(r string, page *Page, visit Visitor) {
	f, err := open(filepath.Join(s.Root, filepath.FromSlash(r)))
	if err != nil {
		s.problem(r, err.Error())
		return
	}
	page.extractAny(r, f)
	f.Close()
	if page.err != nil { // half a page would pass links and miss ids it has
		s.problem(r, "read: "+page.err.Error())
	} else {
		visit(page)
	}
	page.release()
}

// Open opens one file of the site (path as in Files) as Parse opens a
// page, for a reader that needs only its start.
func (s *Site) Open(path string) (io.ReadCloser, error) {
	return open(filepath.Join(s.Root, filepath.FromSlash(path)))
}

// Bytes reads one file of the site whole (path as in Files) into buf,
// reused, opened as Parse opens a page (a pipe put in its place since is
// not waited on); a file larger than the largest page Parse holds in
// memory is refused.
func (s *Site) Bytes(path string, buf []byte) ([]byte, error) {
	f, err := open(filepath.Join(s.Root, filepath.FromSlash(path)))
	if err != nil {
		return buf[:0], err
	}
	defer f.Close()
	b := bytes.NewBuffer(buf[:0])
	_, err = b.ReadFrom(io.LimitReader(f, int64(maxInMemory)+1))
	if err == nil && b.Len() > maxInMemory {
		err = fmt.Errorf("%s: larger than %d bytes", path, maxInMemory)
	}
	return b.Bytes(), err
}

// Read parses one page of the site again (path as in HTML) into p, for
// what was not kept the first time, its outline too when the site is read
// for outlines. p's buffers are reused, as Parse reuses them: keep
// strings of it, not the page.
func (s *Site) Read(path string, p *Page) error {
	f, err := open(filepath.Join(s.Root, filepath.FromSlash(path)))
	if err != nil {
		return err
	}
	defer f.Close()
	p.outlines = p.outlines || s.Outlines
	p.extractAny(path, f)
	return p.err
}

// ReadOutline reads one page of the site again (path as in HTML) for its
// outline.
func (s *Site) ReadOutline(path string) (*Outline, error) {
	p := Page{outlines: true}
	if err := s.Read(path, &p); err != nil {
		return nil, err
	}
	return p.Outline, nil
}

// rel is p relative to root. WalkDir's paths all start with root, so
// slicing does it without filepath.Rel's work for each of many files.
func rel(root, p string) string {
	if r, ok := strings.CutPrefix(p, root+string(filepath.Separator)); ok {
		return filepath.ToSlash(r)
	}
	if r, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

// extractAny reads a page, or a stylesheet when path names one.
func (p *Page) extractAny(path string, r io.Reader) {
	if IsCSS(path) {
		p.extractCSS(path, r)
	} else {
		p.extract(path, r)
	}
}
