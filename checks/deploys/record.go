package deploys

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"golang.org/x/net/html/atom"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
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
	IDs []string `json:"ids,omitempty"` // in page order
	// At is, for each of IDs, the index in Headings of the heading it
	// stands at (outline.at), -1 for none.
	At       []int    `json:"at,omitempty"`
	Headings []string `json:"headings,omitempty"` // each h1…h6's text
	Title    string   `json:"title,omitempty"`
	H1       string   `json:"h1,omitempty"`
}

// SaveRecord writes the deploy record of the build in dir (as the user
// named it; site read from it), its pages as the link check read them.
func SaveRecord(name, dir string, site *htmlsite.Site, pages Pages, sum func(string) (uint64, bool), o Options) error {
	o.BasePath = orRoot(o.BasePath)
	has := func(f string) bool { _, ok := site.Files[f]; return ok }
	rec := Record{Version: RecordVersion, Build: dir, BasePath: o.BasePath, Pages: make([]RecordPage, len(site.HTML))}
	kept := make([]bool, len(site.HTML))
	par.For(len(site.HTML), func(i int) {
		file := site.HTML[i]
		ids, _, ok := pages(file)
		if !ok || isNotFoundPage(file) {
			return
		}
		p := RecordPage{URL: o.BasePath + trimSlash(o.Host.ServedURL(file, has)), File: file, IDs: ids.List()}
		if s, ok := sum(file); ok {
			p.Sum = strconv.FormatUint(s, 16)
		}
		p.outline(site, file)
		rec.Pages[i], kept[i] = p, true
	})
	n := 0
	for i := range rec.Pages {
		if kept[i] {
			rec.Pages[n] = rec.Pages[i]
			n++
		}
	}
	rec.Pages = rec.Pages[:n]
	return outfile.Write(name, func(w io.Writer) error { return json.NewEncoder(w).Encode(rec) })
}

func trimSlash(p string) string { return p[min(1, len(p)):] }

// outline keeps what the suggestions and the nearest heading read of the
// page: its title (read only up to its end, as fileWords does), first h1,
// headings, and the heading each id stands at.
func (p *RecordPage) outline(site *htmlsite.Site, file string) {
	doc, err := site.Bytes(file, nil)
	if err != nil {
		return
	}
	p.Title = readOutline(bytes.NewReader(doc), atom.Title).title
	o := readOutline(bytes.NewReader(doc), 0)
	p.H1 = o.h1
	for _, h := range o.headings {
		p.Headings = append(p.Headings, h.text)
	}
	p.At = make([]int, len(p.IDs))
	for i, id := range p.IDs {
		at, ok := o.at[id]
		if !ok {
			at = -1
		}
		p.At[i] = at
	}
}

// isRecord: the file at source starts as a deploy record does, a JSON
// object (the version key is checked when it is read).
func isRecord(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("{"))
}

// readRecord reads a deploy record (name for the errors).
func readRecord(name string, data []byte) (*Record, error) {
	var rec Record
	d := json.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(&rec); err != nil {
		return nil, recordError(name, data, d, err)
	}
	switch {
	case rec.Version != RecordVersion:
		return nil, fmt.Errorf("previous deploy %s: a JSON file, but not a deploy record of version %d (its \"deployRecord\" is %d): write it again with checks links --save-deploy",
			diag.Printable(name), RecordVersion, rec.Version)
	case len(rec.Pages) == 0:
		return nil, fmt.Errorf("previous deploy record %s has no pages", diag.Printable(name))
	}
	for i, p := range rec.Pages {
		if len(p.At) != len(p.IDs) && p.At != nil {
			return nil, fmt.Errorf("previous deploy record %s: page %d (%s) has %d ids but %d places", diag.Printable(name), i+1, diag.Printable(p.File), len(p.IDs), len(p.At))
		}
	}
	return &rec, nil
}

// recordError says where a record's JSON went wrong: its line.
func recordError(name string, data []byte, d *json.Decoder, err error) error {
	off := d.InputOffset()
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

// fromRecord is the previous build as a record keeps it.
func (c *comparison) fromRecord(rec *Record) {
	c.rec = rec
	c.prevFiles = make([]string, len(rec.Pages))
	c.prevURLs = make([]string, len(rec.Pages))
	c.prevPages = make([]*page, len(rec.Pages))
	for i, p := range rec.Pages {
		c.prevFiles[i], c.prevURLs[i] = p.File, p.URL
		c.prevPages[i] = &page{ids: p.IDs, rec: &rec.Pages[i]}
		if s, err := strconv.ParseUint(p.Sum, 16, 64); err == nil && c.curHas(p.File) && c.o.Sum != nil {
			now, ok := c.o.Sum(p.File)
			c.prevPages[i].same = ok && now == s
		}
	}
}

// recordOutline is a record page's outline, as readOutline reads it.
func (p *RecordPage) recordOutline() outline {
	o := outline{title: p.Title, h1: p.H1, at: map[string]int{}}
	for _, text := range p.Headings {
		o.headings = append(o.headings, heading{text: text})
	}
	for i, id := range p.IDs {
		if i < len(p.At) && p.At[i] >= 0 && p.At[i] < len(o.headings) {
			o.at[id] = p.At[i]
		}
	}
	return o
}

// readSource reads the file the previous deploy is given as, when it is
// one: ok false for a folder or nothing.
func readSource(source string) (data []byte, ok bool, err error) {
	st, err := os.Stat(source)
	if err != nil || st.IsDir() {
		return nil, false, nil
	}
	if !st.Mode().IsRegular() || st.Size() > maxRecord {
		return nil, true, fmt.Errorf("previous deploy %s: not a folder, nor a deploy record of at most %d MiB", diag.Printable(source), maxRecord>>20)
	}
	if data, err = os.ReadFile(source); err != nil {
		return nil, true, fmt.Errorf("previous deploy: %v", err)
	}
	return data, true, nil
}

// maxRecord bounds a deploy record read: a few hundred bytes a page, for
// a site of a million pages.
const maxRecord = 1 << 30

// prevBuild is the folder the previous build's pages are in: the one
// given, or the one its record was written from.
func (c *comparison) prevBuild() string {
	if c.rec != nil {
		return c.rec.Build
	}
	return c.b.Previous
}
