package deploys

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/outfile"
)

// A deploy record is what the comparison needs of a build, kept when the
// link check of that build has read it (checks links --save-deploy): the
// next run compares with it instead of the whole folder. In CI the record
// is the artifact kept between runs, a few bytes a page, and reading it
// costs a fraction of listing and reading the folder's files.

// RecordVersion is the record format's version, under the key
// "deployRecord": a record is known by it, not by its file name.
const RecordVersion = 1

// Record is a deploy record, as written (JSON).
type Record struct {
	Version int `json:"deployRecord"`
	// Build is the folder the record was written from, as the user named
	// it: a removed URL is said at its page there, as with the folder.
	Build string `json:"build"`
	// BasePath is the path the site was served under.
	BasePath string `json:"basePath"`
	// Pages are the build's pages the link check read, in the order of
	// their files, a 404 page aside.
	Pages []RecordPage `json:"pages"`
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
// user named it), site read from it.
func NewRecorder(name, dir string, site *htmlsite.Site, o Options) (*Recorder, error) {
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
	r.w.Write(bytes.TrimSuffix(head, []byte("null}"))) // "pages":null} ends the head
	r.w.WriteString("[")
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
	if line == nil {
		return
	}
	if r.lines > 0 {
		r.w.WriteString(",")
	}
	r.w.WriteString("\n")
	r.w.Write(line)
	r.lines++
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
	r.w.WriteString("\n]}\n")
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
	rp := RecordPage{URL: r.o.BasePath + trimSlash(r.o.Host.ServedURL(p.Path, r.has)), File: p.Path}
	if p.Sum != 0 {
		rp.Sum = strconv.FormatUint(p.Sum, 16)
	}
	o := p.Outline
	if o == nil { // a site not read for outlines: its ids, at no heading
		o = &htmlsite.Outline{IDs: p.IDs.List()}
		o.At = slices.Repeat([]int{-1}, len(o.IDs))
	}
	rp.IDs, rp.At, rp.Title, rp.H1 = o.IDs, o.At, o.Title, o.H1
	for _, h := range o.Headings {
		rp.Headings = append(rp.Headings, h.Text)
	}
	return rp
}

func trimSlash(p string) string { return p[min(1, len(p)):] }

// isRecord: the file starts as a deploy record does, a JSON object (its
// version key is checked as it is read).
func isRecord(head []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("{"))
}

// errVersion is a record of another version than RecordVersion.
type errVersion int

func (e errVersion) Error() string {
	return fmt.Sprintf("a JSON file, but not a deploy record of version %d (its \"deployRecord\" is %d): write it again with checks links --save-deploy", RecordVersion, int(e))
}

// readRecord reads the deploy record in the file name, giving each page
// to keep as it is read: the comparison keeps of most pages their URL
// alone, and the record is never whole in memory.
func readRecord(name string, keep keeper) (*Record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("previous deploy: %v", err)
	}
	defer f.Close()
	d := json.NewDecoder(bufio.NewReaderSize(f, 64<<10))
	var rec Record
	n, err := decodeRecord(d, &rec, keep)
	var v errVersion
	switch {
	case errors.As(err, &v):
		return nil, fmt.Errorf("previous deploy %s: %v", diag.Printable(name), err)
	case err != nil:
		return nil, recordError(name, d, err)
	case rec.Version != RecordVersion:
		return nil, fmt.Errorf("previous deploy %s: %v", diag.Printable(name), errVersion(rec.Version))
	case n == 0:
		return nil, fmt.Errorf("previous deploy record %s has no pages", diag.Printable(name))
	}
	return &rec, nil
}

// decodeRecord reads a record's object, its pages one by one (keep), and
// returns how many there were. A key it does not know is skipped.
func decodeRecord(d *json.Decoder, rec *Record, keep keeper) (int, error) {
	n := 0
	if err := delim(d, '{'); err != nil {
		return 0, err
	}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return n, err
		}
		switch t {
		case "deployRecord":
			if err = d.Decode(&rec.Version); err == nil && rec.Version != RecordVersion {
				return n, errVersion(rec.Version)
			}
		case "build":
			err = d.Decode(&rec.Build)
		case "basePath":
			err = d.Decode(&rec.BasePath)
		case "pages":
			n, err = decodePages(d, keep)
		default:
			var skip json.RawMessage
			err = d.Decode(&skip)
		}
		if err != nil {
			return n, err
		}
	}
	return n, delim(d, '}')
}

// keeper takes each page of a record as it is read.
type keeper func(p *RecordPage)

// decodePages reads the pages' array, each into a page of its own (keep
// may keep it).
func decodePages(d *json.Decoder, keep keeper) (int, error) {
	if err := delim(d, '['); err != nil {
		return 0, err
	}
	n := 0
	for ; d.More(); n++ {
		p := new(RecordPage)
		if err := d.Decode(p); err != nil {
			return n, err
		}
		if len(p.At) != len(p.IDs) {
			return n, fmt.Errorf("page %s has %d ids but %d places in \"at\"", diag.Printable(p.File), len(p.IDs), len(p.At))
		}
		keep(p)
	}
	return n, delim(d, ']')
}

// delim reads the token want.
func delim(d *json.Decoder, want json.Delim) error {
	t, err := d.Token()
	if err == nil && t != want {
		err = fmt.Errorf("want %q, found %v", want, t)
	}
	return err
}

// recordError says where a record's JSON went wrong: its line, counted
// in the file read again (a record read whole is not kept for this).
func recordError(name string, d *json.Decoder, err error) error {
	off := d.InputOffset()
	data, _ := os.ReadFile(name)
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		off = int64(len(bytes.TrimRight(data, " \t\r\n"))) // its last line, not the blank after it
		err = errors.New("the JSON ends early (a truncated file?)")
	}
	line := 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n"))
	return fmt.Errorf("%s:%d: not a deploy record: %v", diag.Printable(name), line, err)
}

// fromRecord reads the previous build from its record (name). Of a page
// the new build has as it was (its hash), only its URL is kept: the rest
// is the new page's.
func (c *comparison) fromRecord(name string) error {
	rec, err := readRecord(name, func(p *RecordPage) {
		c.prevFiles = append(c.prevFiles, p.File)
		c.prevURLs = append(c.prevURLs, p.URL)
		c.prevPages = append(c.prevPages, c.recordedPage(p))
	})
	c.rec = rec
	return err
}

// recordedPage is what the comparison keeps of a record's page.
func (c *comparison) recordedPage(p *RecordPage) *page {
	if s, err := strconv.ParseUint(p.Sum, 16, 64); err == nil && c.o.Sum != nil && c.curHas(p.File) {
		if now, ok := c.o.Sum(p.File); ok && now == s {
			return unchanged
		}
	}
	return &page{ids: p.IDs, rec: p}
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
