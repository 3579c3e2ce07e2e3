package deploys

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

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
// named it; site read from it), its pages as the link check read them:
// one page a line, a batch of pages at a time, so that the record is
// never whole in memory.
func SaveRecord(name, dir string, site *htmlsite.Site, pages Pages, sum func(string) (uint64, bool), o Options) error {
	o.BasePath = orRoot(o.BasePath)
	has := func(f string) bool { _, ok := site.Files[f]; return ok }
	head, err := json.Marshal(Record{Version: RecordVersion, Build: dir, BasePath: o.BasePath})
	if err != nil {
		return err
	}
	return outfile.Write(name, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.Write(bytes.TrimSuffix(head, []byte("null}"))) // "pages":null} ends the head
		bw.WriteString("[")
		const batch = 1024
		lines := make([][]byte, batch)
		first := true
		for start := 0; start < len(site.HTML); start += batch {
			files := site.HTML[start:min(start+batch, len(site.HTML))]
			par.For(len(files), func(i int) {
				lines[i] = nil
				if p, ok := recordPage(site, files[i], pages, sum, o, has); ok {
					lines[i], _ = json.Marshal(p) // strings and numbers only: no error
				}
			})
			for _, l := range lines[:len(files)] {
				if l == nil {
					continue
				}
				if !first {
					bw.WriteString(",")
				}
				bw.WriteString("\n")
				bw.Write(l)
				first = false
			}
		}
		bw.WriteString("\n]}\n")
		return bw.Flush()
	})
}

// recordPage is the record of a page the link check read; ok false for
// one it could not read and for a 404 page (isNotFoundPage).
func recordPage(site *htmlsite.Site, file string, pages Pages, sum func(string) (uint64, bool), o Options, has func(string) bool) (RecordPage, bool) {
	ids, _, ok := pages(file)
	if !ok || isNotFoundPage(file) {
		return RecordPage{}, false
	}
	p := RecordPage{URL: o.BasePath + trimSlash(o.Host.ServedURL(file, has)), File: file, IDs: ids.List()}
	if s, ok := sum(file); ok {
		p.Sum = strconv.FormatUint(s, 16)
	}
	p.outline(site, file)
	return p, true
}

func trimSlash(p string) string { return p[min(1, len(p)):] }

// outline keeps what the suggestions and the nearest heading read of the
// page, in one reading of it: its title, first h1, headings, and the
// heading each id stands at.
func (p *RecordPage) outline(site *htmlsite.Site, file string) {
	o := outline{at: map[string]int{}} // a page not read again: no outline
	if doc, err := site.Bytes(file, nil); err == nil {
		o = readOutline(bytes.NewReader(doc), 0)
	}
	p.Title, p.H1 = o.title, o.h1
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

// prevBuild is the folder the previous build's pages are in: the one
// given, or the one its record was written from.
func (c *comparison) prevBuild() string {
	if c.rec != nil {
		return c.rec.Build
	}
	return c.b.Previous
}
