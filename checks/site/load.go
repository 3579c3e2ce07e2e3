// Package site reads a built static site from disk: which files exist, and
// for each HTML file the anchors it defines and the links it makes.
package site

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Site is a built site as a static host sees it.
type Site struct {
	Root  string
	Files map[string]struct{} // every servable file, slash-separated and relative to Root
	Pages map[string]*Page    // HTML files by path
	// Problems met while reading (unreadable files, symlinks leaving the root).
	Problems []Problem
}

// Problem is a file the reader could not use, with why.
type Problem struct {
	Path, Message string
}

// Load walks root and tokenises every .html file once, on all cores.
// Symlinked files are followed only when they resolve inside root; symlinked
// directories are not descended (no loops, nothing outside the root is read).
func Load(root string) (*Site, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	s := &Site{Root: abs, Files: map[string]struct{}{}, Pages: map[string]*Page{}}
	var htmlFiles []string
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			s.Problems = append(s.Problems, Problem{rel(abs, p), err.Error()})
			return nil
		}
		if d.IsDir() {
			return nil
		}
		r := rel(abs, p)
		if d.Type()&fs.ModeSymlink != 0 && !s.symlinkInside(p, r) {
			return nil
		}
		s.Files[r] = struct{}{}
		if isHTML(r) {
			htmlFiles = append(htmlFiles, r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.parseAll(htmlFiles)
	return s, nil
}

func (s *Site) symlinkInside(p, r string) bool {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		s.Problems = append(s.Problems, Problem{r, "broken symlink: " + err.Error()})
		return false
	}
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		s.Problems = append(s.Problems, Problem{r, "symlinked directory not followed (it could loop); links into it count as broken"})
		return false
	}
	if !strings.HasPrefix(target, s.Root+string(filepath.Separator)) {
		s.Problems = append(s.Problems, Problem{r, "symlink points outside the site root; not read"})
		return false
	}
	return true
}

func (s *Site) parseAll(files []string) {
	jobs := make(chan string)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range jobs {
				page, err := s.parse(r)
				mu.Lock()
				if err != nil {
					s.Problems = append(s.Problems, Problem{r, err.Error()})
				} else {
					s.Pages[r] = page
				}
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	sort.Slice(s.Problems, func(i, j int) bool { return s.Problems[i].Path < s.Problems[j].Path })
}

func (s *Site) parse(r string) (*Page, error) {
	f, err := os.Open(filepath.Join(s.Root, filepath.FromSlash(r)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Extract(r, f), nil
}

// SortedPages returns the pages in path order, for deterministic output.
func (s *Site) SortedPages() []*Page {
	out := make([]*Page, 0, len(s.Pages))
	for _, p := range s.Pages {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func rel(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

func isHTML(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".html" || ext == ".htm"
}
