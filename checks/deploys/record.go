package deploys

import (
	"bufio"
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strconv"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/outfile"
)

// A deploy record is what the comparison needs of a build, kept when the
// link check of that build has read it (checks links --save-deploy): the
// next run compares with it instead of the whole folder. In CI the record
// is the artifact kept between runs, a few bytes a page, and reading it
// costs a fraction of listing and reading the folder's files.
//
// It is JSON Lines: a first line (Record) names the format's version, a
// line for each page (RecordPage), and a last line (recordEnd) counts
// them, so that a record cut short at the end of a line is known as one.
// A page the new build has as it was is known by its line's url, file and
// sum alone, read without decoding the rest of the line
// (recordread.go): most lines of a deploy's record are such pages.

// RecordVersion is the record format's version, under the key
// "deployRecord": a record is known by it, not by its file name.
const RecordVersion = 2

// Record is a deploy record's first line.
type Record struct {
	Version int `json:"deployRecord"`
	// Build is the folder the record was written from, as the user named
	// it: a removed URL is said at its page there, as with the folder.
	Build string `json:"build"`
	// BasePath is the path the site was served under.
	BasePath string `json:"basePath"`
}

// recordEnd is a deploy record's last line: how many pages it lists (the
// build's pages the link check read, in the order of their files, a 404
// page aside).
type recordEnd struct {
	Pages int `json:"pages"`
}

// RecordPage is a page of a deploy record.
type RecordPage struct {
	URL  string `json:"url"`  // as the host served it, under the base path, escaped
	File string `json:"file"` // its file in the build, slash-separated
	// Sum is htmlsite.Sum of its bytes, in hex ("" when not read whole):
	// a page of the new build with that sum is the same page.
	Sum string   `json:"sum,omitempty"`
	IDs []string `json:"ids,omitempty"` // in page order, a repeated one each time
	// At is, for each of IDs, the index in Headings of the heading it
	// stands at (htmlsite.Outline.At), -1 for none.
	At       []int    `json:"at,omitempty"`
	Headings []string `json:"headings,omitempty"` // each h1…h6's text
	Title    string   `json:"title,omitempty"`
	H1       string   `json:"h1,omitempty"`
}

// Recorder writes the deploy record of a build as its link check reads
// the pages (htmlsite.Site.Outlines set, so that each page comes with its
// outline): no page is read again. Each page's line is made by the worker
// that read it, and the lines are written in the order of the site's
// pages whatever order the workers finish them in, so that the record is
// the same on every run and never whole in memory. A page the check could
// not read, and a 404 page (isNotFoundPage), have no line.
type Recorder struct {
	site *htmlsite.Site
	o    Options
	has  func(string) bool
	f    *outfile.File
	w    *bufio.Writer

	mu    sync.Mutex
	next  int            // the index in site.HTML of the next page to write
	held  map[int][]byte // the lines of pages after next, made already; nil for no line
	lines int            // how many were written
}

// NewRecorder starts the deploy record name of the build in dir (as the
// user named it), site read from it: the site is to be read with its
// pages' outlines, which the record keeps.
func NewRecorder(name, dir string, site *htmlsite.Site, o Options) (*Recorder, error) {
	site.Outlines = true
	o.BasePath = orRoot(o.BasePath)
	head, err := json.Marshal(Record{Version: RecordVersion, Build: dir, BasePath: o.BasePath})
	if err != nil {
		return nil, err
	}
	f, err := outfile.Create(name)
	if err != nil {
		return nil, err
	}
	r := &Recorder{site: site, o: o, f: f, w: bufio.NewWriterSize(f, 64<<10), held: map[int][]byte{}}
	r.has = func(f string) bool { _, ok := site.Files[f]; return ok }
	r.w.Write(append(head, '\n'))
	return r, nil
}

// Page takes a page as the link check read it (a stylesheet is none).
// Workers call it at once.
func (r *Recorder) Page(p *htmlsite.Page) {
	i := sort.SearchStrings(r.site.HTML, p.Path)
	if p.Stylesheet || i == len(r.site.HTML) || r.site.HTML[i] != p.Path {
		return
	}
	var line []byte
	if !isNotFoundPage(p.Path) {
		line, _ = json.Marshal(r.recordPage(p)) // strings and numbers only: no error
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.held[i] = line
	for {
		l, ok := r.held[r.next]
		if !ok {
			return
		}
		delete(r.held, r.next)
		r.next++
		r.write(l)
	}
}

// write writes a page's line (none when nil).
func (r *Recorder) write(line []byte) {
	if line != nil {
		r.w.Write(append(line, '\n'))
		r.lines++
	}
}

// Close writes the lines still held (after a page the check could not
// read), ends the record and gives it its name. A nil Recorder (none
// asked for) has nothing to do.
func (r *Recorder) Close() error {
	if r == nil {
		return nil
	}
	rest := slices.Sorted(maps.Keys(r.held))
	for _, i := range rest {
		r.write(r.held[i])
	}
	end, _ := json.Marshal(recordEnd{Pages: r.lines})
	r.w.Write(append(end, '\n'))
	if err := r.w.Flush(); err != nil {
		r.f.Discard()
		return err
	}
	return r.f.Commit()
}

// Discard drops the record: a run that failed writes none.
func (r *Recorder) Discard() {
	if r != nil {
		r.f.Discard()
	}
}

// recordPage is a page's record.
func (r *Recorder) recordPage(p *htmlsite.Page) RecordPage {
	rp := RecordPage{URL: r.o.servedAt(p.Path, r.has), File: p.Path}
	if p.Sum != 0 {
		rp.Sum = strconv.FormatUint(p.Sum, 16)
	}
	o := p.Outline
	rp.IDs, rp.At, rp.Title, rp.H1 = o.IDs, o.At, o.Title, o.H1
	for _, h := range o.Headings {
		rp.Headings = append(rp.Headings, h.Text)
	}
	return rp
}

// recordOutline is a record page's outline, as the page's reading gave it.
func (p *RecordPage) recordOutline() *htmlsite.Outline {
	o := &htmlsite.Outline{Title: p.Title, H1: p.H1, IDs: p.IDs, At: make([]int, len(p.IDs))}
	for _, text := range p.Headings {
		o.Headings = append(o.Headings, htmlsite.Heading{Text: text})
	}
	for i := range p.IDs {
		o.At[i] = -1
		if at := p.At[i]; at >= 0 && at < len(o.Headings) {
			o.At[i] = at
		}
	}
	return o
}

// prevBuild is the folder the previous build's pages are in: the one
// given, or the one its record was written from.
func (c *comparison) prevBuild() string {
	if c.rec != nil {
		return c.rec.Build
	}
	return c.b.Previous
}
