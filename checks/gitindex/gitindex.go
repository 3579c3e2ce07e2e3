// Package gitindex reads a repository's staging area through git: which
// files are staged, their staged bytes, and what the next commit deletes
// or renames. A pre-commit hook must judge the commit, not the working
// tree: a page fixed on disk but broken in the index is still broken, and
// a file that exists only on disk is not in the commit.
//
// Names are paths as the caller uses them (relative to the current folder,
// or absolute); the index is keyed by paths from the top of the work tree.
// Git is asked through GIT_INDEX_FILE as it finds it, so `git commit -a`
// and `git commit FILE`, which stage into a temporary index, work too.
package gitindex

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/internal/delimited"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// Index is the staged files of one repository.
type Index struct {
	top     string            // the work tree's top folder, absolute
	cwd     string            // absolute, for turning names into index paths
	blobs   map[string]string // index path → object id of the staged blob
	links   map[string]bool   // index paths staged as symbolic links
	subs    map[string]string // index paths of submodules → their staged commit
	dirs    map[string]bool   // every folder that holds a staged path
	catOnce sync.Once
	cat     *catFile
	catErr  error
	subCats map[string]*catFile // a reader of each submodule's objects, once asked
	// changes is what the next commit changes, once changed is closed.
	changed    chan struct{}
	changes    []Change
	changesErr error
}

// WorkTree is the nearest folder at or above dir (made absolute) holding
// .git, a folder or a linked work tree's file; "" outside a work tree. It
// asks the disk, not git: it is asked of many folders.
func WorkTree(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Open reads the index of the repository that holds the current folder.
// What the next commit changes is asked of git meanwhile (Changes).
func Open() (*Index, error) {
	out, err := gitOutput("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	ix := newIndex(strings.TrimRight(string(out), "\n"), cwd)
	go func() {
		ix.changes, ix.changesErr = ix.diff()
		close(ix.changed)
	}()
	// Paths from the top, whatever the current folder (ls-files would
	// otherwise list only what is below it).
	if err := gitRecords(ix.parseRecord, "-C", ix.top, "ls-files", "--stage", "-z"); err != nil {
		return nil, err
	}
	return ix, nil
}

// newIndex is an index with nothing staged yet: only the top folder.
func newIndex(top, cwd string) *Index {
	return &Index{top: top, cwd: cwd, blobs: map[string]string{}, links: map[string]bool{}, subs: map[string]string{},
		dirs: map[string]bool{".": true}, changed: make(chan struct{})}
}

// parseRecord reads one record of `git ls-files --stage -z`: "mode oid
// stage\tpath". During a merge a path has stages 1–3; "ours" (2) stands
// for it, as the file is not committable until the conflict is resolved
// anyway.
func (ix *Index) parseRecord(rec []byte) error {
	meta, p, ok := bytes.Cut(rec, []byte{'\t'})
	mode, rest, ok1 := bytes.Cut(meta, []byte{' '})
	oid, stage, ok2 := bytes.Cut(rest, []byte{' '})
	if !ok || !ok1 || !ok2 || len(stage) != 1 {
		return fmt.Errorf("git ls-files: unexpected line %q", rec)
	}
	name := string(p)
	if _, seen := ix.blobs[name]; seen && stage[0] != '2' {
		return nil
	}
	switch string(mode) {
	case "160000": // a submodule: a folder whose files are another repository's, at this commit
		ix.dirs[name] = true
		ix.subs[name] = string(oid)
	case "120000":
		ix.blobs[name] = string(oid)
		ix.links[name] = true
	default:
		ix.blobs[name] = string(oid)
	}
	// The folders above it, up to the first already known: those above
	// that one are known too.
	for d := path.Dir(name); d != "." && !ix.dirs[d]; d = path.Dir(d) {
		ix.dirs[d] = true
	}
	return nil
}

// Path turns a caller's name into a path from the top of the work tree,
// or "" when the name lies outside it.
func (ix *Index) Path(name string) string {
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(ix.cwd, name)
	}
	rel, err := filepath.Rel(ix.top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// Name turns a path from the top into the caller's name for it: relative
// to the current folder, as diagnostics print it.
func (ix *Index) Name(p string) string {
	return relativeTo(ix.cwd, filepath.Join(ix.top, filepath.FromSlash(p)))
}

// IsFile reports whether name is staged as a file (a symbolic link counts
// as what it points to).
func (ix *Index) IsFile(name string) bool {
	f, ok := ix.resolve(ix.Path(name))
	if !ok {
		return false
	}
	if f.disk != "" {
		st, err := os.Stat(f.disk)
		return err == nil && !st.IsDir()
	}
	if f.sub != "" {
		_, err := ix.read(f)
		return err == nil
	}
	return true
}

// IsLink reports whether name itself is staged as a symbolic link.
func (ix *Index) IsLink(name string) bool { return ix.links[ix.Path(name)] }

// IsDir reports whether name is a folder holding staged files.
func (ix *Index) IsDir(name string) bool {
	p := ix.Path(name)
	return p != "" && ix.dirs[p]
}

// ReadFile returns the staged bytes of name.
func (ix *Index) ReadFile(name string) ([]byte, error) {
	p := ix.Path(name)
	f, ok := ix.resolve(p)
	if !ok {
		why := "not in git's index (is it staged?)"
		if f.path != p {
			why = "a symbolic link to " + f.path + ", which is not in git's index"
		}
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New(why)}
	}
	b, err := ix.read(f)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return b, nil
}

// Files lists the staged paths below the folder name ("" or "." is the
// whole repository) that keep accepts (nil: all), as the caller's names,
// sorted. keep is asked of the path from the folder, before it is named:
// naming each of a large repository's files costs.
func (ix *Index) Files(name string, keep func(rel string) bool) []string {
	dir := ix.Path(name)
	var out []string
	for _, rel := range ix.Under(name, keep) {
		out = append(out, ix.Name(path.Join(dir, rel)))
	}
	return out
}

// Under lists the staged paths below the folder name that keep accepts
// (nil: all), as slash paths relative to it, sorted.
func (ix *Index) Under(name string, keep func(rel string) bool) []string {
	dir := ix.Path(name)
	if dir == "" && name != "" {
		return nil // outside the work tree
	}
	var out []string
	for p := range ix.blobs {
		rel, ok := p, dir == "." || dir == ""
		if !ok {
			rel, ok = strings.CutPrefix(p, dir+"/")
		}
		if ok && (keep == nil || keep(rel)) {
			out = append(out, rel)
		}
	}
	sort.Strings(out)
	return out
}

// file is where the next commit has a path's bytes: a blob of the index,
// a file of a submodule at the commit staged for it, or, for a symbolic
// link that leaves the work tree, the file on this machine it points to
// (the commit holds only the link, and a checkout here reads that file).
type file struct {
	path string // from the top, as resolved so far
	oid  string // a staged blob
	sub  string // the submodule's path from the top; expr names the file in it
	expr string // "<commit>:<path in the submodule>"
	disk string // outside the work tree: an absolute path
}

// resolve follows staged symbolic links, as a checkout would, to the
// staged file they end at: a link may be any folder on the way
// (docs/alias/x.md with docs/alias a link), may be absolute, and may lead
// into a submodule or out of the work tree.
func (ix *Index) resolve(p string) (file, bool) {
	for hops := 0; hops < 40 && p != ""; hops++ {
		if p == ".." || strings.HasPrefix(p, "../") {
			return file{path: p, disk: filepath.Join(ix.top, filepath.FromSlash(p))}, true
		}
		at, rest := ix.special(p)
		switch {
		case at == "":
			return file{path: p, oid: ix.blobs[p]}, ix.blobs[p] != ""
		case ix.subs[at] != "":
			if rest == "" {
				return file{path: p}, false // the submodule itself is a folder
			}
			return file{path: p, sub: at, expr: ix.subs[at] + ":" + rest}, true
		}
		target, err := ix.blob(ix.blobs[at])
		if err != nil {
			return file{path: p}, false
		}
		t := string(target)
		if filepath.IsAbs(t) {
			r, err := filepath.Rel(ix.top, t)
			if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				return file{path: p, disk: filepath.Join(t, filepath.FromSlash(rest))}, true
			}
			t = filepath.ToSlash(r)
		} else {
			t = path.Join(path.Dir(at), t)
		}
		p = path.Join(t, rest)
	}
	return file{path: p}, false
}

// special finds the first folder of p, or p itself, that is a staged
// symbolic link or a submodule, and the part of p after it.
func (ix *Index) special(p string) (at, rest string) {
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		q := p[:i]
		if ix.links[q] || ix.subs[q] != "" {
			return q, strings.TrimPrefix(p[i:], "/")
		}
	}
	return "", ""
}

// read returns the bytes of a resolved file.
func (ix *Index) read(f file) ([]byte, error) {
	switch {
	case f.disk != "":
		return textfile.Read(f.disk, textfile.MaxSource)
	case f.sub != "":
		c, err := ix.subCat(f.sub)
		if c == nil || err != nil {
			return nil, err
		}
		return c.read(f.expr)
	}
	return ix.blob(f.oid)
}

// subCat is the object reader of the submodule at sub, started once. A
// submodule not checked out has no objects here (git would answer from
// the repository around it): its files are not in the commit to be.
func (ix *Index) subCat(sub string) (*catFile, error) {
	if c, ok := ix.subCats[sub]; ok {
		return c, nil
	}
	dir := filepath.Join(ix.top, filepath.FromSlash(sub))
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		return nil, fmt.Errorf("submodule %s is not checked out (git submodule update --init)", sub)
	}
	c, err := startCatFile(dir, "--follow-symlinks")
	if err != nil {
		return nil, err
	}
	if ix.subCats == nil {
		ix.subCats = map[string]*catFile{}
	}
	ix.subCats[sub] = c
	return c, nil
}

// blob reads one object through a long-lived `git cat-file --batch`, so a
// hook that reads a hundred files starts git once, not a hundred times.
func (ix *Index) blob(oid string) ([]byte, error) {
	ix.catOnce.Do(func() { ix.cat, ix.catErr = startCatFile(ix.top) })
	if ix.catErr != nil {
		return nil, ix.catErr
	}
	return ix.cat.read(oid)
}

// ReadHead is a file's bytes in the last commit (HEAD), by the caller's
// name for it.
func (ix *Index) ReadHead(name string) ([]byte, error) {
	p := ix.Path(name)
	if p == "" || strings.ContainsAny(p, "\n") { // cat-file reads a name a line
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("not a path git can be asked of")}
	}
	return ix.blob("HEAD:" + p)
}

// Close stops the git processes that read objects, if any were started.
func (ix *Index) Close() error {
	var errs []error
	for _, c := range ix.subCats {
		errs = append(errs, c.close())
	}
	if ix.cat != nil {
		errs = append(errs, ix.cat.close())
	}
	return errors.Join(errs...)
}

type catFile struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startCatFile(top string, flags ...string) (*catFile, error) {
	cmd := exec.Command("git", append([]string{"-C", top, "cat-file", "--batch"}, flags...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %v", err)
	}
	return &catFile{cmd: cmd, in: in, out: bufio.NewReader(out)}, nil
}

// read asks for one object: "<oid>\n" in, "<oid> blob <size>\n<bytes>\n"
// out. A name that is not a blob answers "<name> missing", or (with
// --follow-symlinks) "<kind> <size>\n<text>\n" for a link that dangles,
// loops or leaves the tree: an error, its text read past.
func (c *catFile) read(name string) ([]byte, error) {
	if _, err := io.WriteString(c.in, name+"\n"); err != nil {
		return nil, fmt.Errorf("git cat-file: %v", err)
	}
	header, err := c.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %v", err)
	}
	f := strings.Fields(header)
	if len(f) == 0 || len(f) > 3 || f[len(f)-1] == "missing" || f[len(f)-1] == "ambiguous" {
		return nil, fmt.Errorf("git cat-file: %s: %s", name, strings.TrimSpace(header))
	}
	size, err := strconv.Atoi(f[len(f)-1])
	if err != nil {
		return nil, fmt.Errorf("git cat-file: bad header %q", header)
	}
	buf := make([]byte, size+1) // the object and its closing newline
	if _, err := io.ReadFull(c.out, buf); err != nil {
		return nil, fmt.Errorf("git cat-file: %v", err)
	}
	if len(f) != 3 || f[1] != "blob" {
		return nil, fmt.Errorf("%s: not a file (%s)", name, f[len(f)-2])
	}
	return buf[:size], nil
}

func (c *catFile) close() error {
	c.in.Close()
	return c.cmd.Wait()
}

// Change is one path the next commit changes, against HEAD.
type Change struct {
	Status byte   // 'A' added, 'C' copied, 'M' modified, 'T' type changed, 'D' deleted, 'R' renamed
	Path   string // path from the top: the new path of a rename or copy
	From   string // the old path of a rename or copy
}

// Changes lists what the next commit changes, renames found as git finds
// them (-M). In a repository with no commit yet everything is added.
func (ix *Index) Changes() ([]Change, error) {
	<-ix.changed
	return ix.changes, ix.changesErr
}

func (ix *Index) diff() ([]Change, error) {
	args := []string{"-C", ix.top, "diff", "--cached", "--name-status", "-M", "-z", "--no-ext-diff"}
	if _, err := gitOutput("-C", ix.top, "rev-parse", "--verify", "--quiet", "HEAD"); err != nil {
		// No commit yet: diff against the empty tree.
		args = append(args, emptyTree(ix.top))
	}
	out, err := gitOutput(args...)
	if err != nil {
		return nil, err
	}
	return parseNameStatus(out)
}

// emptyTree is the id of the tree with nothing in it, in the repository's
// hash (SHA-1 or SHA-256).
func emptyTree(top string) string {
	out, err := exec.Command("git", "-C", top, "hash-object", "-t", "tree", "--stdin").Output()
	if err != nil {
		return "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
	}
	return strings.TrimSpace(string(out))
}

// parseNameStatus reads `git diff --name-status -z`: a status (R and C
// carry a score, "R100"), then one path, or two for R and C, each ended
// by NUL.
func parseNameStatus(out []byte) ([]Change, error) {
	f := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	var changes []Change
	for i := 0; i < len(f) && f[i] != ""; {
		status := f[i]
		c := Change{Status: status[0]}
		two := c.Status == 'R' || c.Status == 'C'
		if i+1 >= len(f) || (two && i+2 >= len(f)) {
			return nil, fmt.Errorf("git diff --name-status: truncated entry %q", status)
		}
		if two {
			c.From, c.Path = f[i+1], f[i+2]
			i += 3
		} else {
			c.Path = f[i+1]
			i += 2
		}
		changes = append(changes, c)
	}
	return changes, nil
}

// gitRecords runs git and hands each NUL-ended record of its output to
// each as it comes: a large repository's index is megabytes.
func gitRecords(each func(rec []byte) error, args ...string) error {
	cmd := exec.Command("git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return gitError(args, err, &stderr)
	}
	r := bufio.NewReaderSize(pipe, 1<<16)
	var bad error
	for bad == nil {
		rec, err := delimited.Next(r, 0)
		if rec = bytes.TrimSuffix(rec, []byte{0}); len(rec) > 0 {
			bad = each(rec)
		}
		if err != nil {
			break
		}
	}
	if bad != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return bad
	}
	if err := cmd.Wait(); err != nil {
		return gitError(args, err, &stderr)
	}
	return nil
}

func gitOutput(args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, gitError(args, err, &stderr)
	}
	return out, nil
}

// gitError says why git failed: what it said, or that it is not there.
func gitError(args []string, err error, stderr *bytes.Buffer) error {
	if errors.Is(err, exec.ErrNotFound) {
		return fmt.Errorf("git is not installed: %v", err)
	}
	msg := strings.TrimSpace(stderr.String())
	if msg == "" {
		msg = err.Error()
	}
	return fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
}
