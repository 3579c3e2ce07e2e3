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

	"github.com/valyala/fastjson"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/delimited"
)

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

// keeper takes each page of a record as it is read: its URL and file, and
// the page whole, nil when the new build has it as it was (its URL, file
// and sum alone were read).
type keeper func(url, file string, p *RecordPage)

// sameAs says whether the new build has the page at file with the bytes
// whose sum (htmlsite.Sum, as the record writes it) is sum.
type sameAs func(file string, sum []byte) bool

// readRecord reads the deploy record in the file name a line at a time,
// giving each page to keep: the record is never whole in memory. A page
// the new build has as it was (same, by its file and sum) is read for its
// URL alone, its line parsed by fastjson but not decoded: encoding/json
// decoding every line cost seven times as much, a tenth of the link
// check of a 50,000-page site.
func readRecord(name string, same sameAs, keep keeper) (*Record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("previous deploy: %v", err)
	}
	defer f.Close()
	lines := lineReader{r: bufio.NewReaderSize(f, 64<<10)}
	rr := recordReader{same: same, keep: keep}
	for {
		line, whole, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("previous deploy %s: %v", diag.Printable(name), err)
		}
		if err := rr.line(bytes.TrimSpace(line), whole); err != nil {
			if v := errVersion(0); errors.As(err, &v) {
				return nil, fmt.Errorf("previous deploy %s: %v", diag.Printable(name), err)
			}
			return nil, fmt.Errorf("%s:%d: not a deploy record: %v", diag.Printable(name), lines.n, err)
		}
	}
	switch {
	case rr.rec == nil || !rr.ended:
		return nil, fmt.Errorf("%s:%d: not a deploy record: it ends early (a truncated file?)", diag.Printable(name), lines.n)
	case rr.pages == 0:
		return nil, fmt.Errorf("previous deploy record %s has no pages", diag.Printable(name))
	}
	return rr.rec, nil
}

// recordReader reads a record's lines in turn.
type recordReader struct {
	same  sameAs
	keep  keeper
	p     fastjson.Parser
	rec   *Record // the first line, once read
	pages int     // how many page lines were read
	ended bool    // the last line was read
}

// line reads one line of the record (whole: it ended with a newline).
func (rr *recordReader) line(line []byte, whole bool) error {
	switch {
	case len(line) == 0:
		return nil
	case rr.ended:
		return errors.New("a line after the record's last (its page count)")
	case rr.rec == nil:
		return rr.first(line, whole)
	}
	v, err := rr.p.ParseBytes(line)
	if err != nil {
		return jsonError(line, whole)
	}
	switch {
	case v.Exists("url"):
		return rr.page(v, line)
	case v.Exists("pages"):
		if n := v.GetInt("pages"); n != rr.pages {
			return fmt.Errorf("its last line counts %d pages, but it lists %d (lines lost?)", n, rr.pages)
		}
		rr.ended = true
		return nil
	}
	return errors.New(`a line that is neither a page (no "url") nor the record's last (its "pages")`)
}

// first reads the record's first line, its version.
func (rr *recordReader) first(line []byte, whole bool) error {
	var rec Record
	if err := json.Unmarshal(line, &rec); err != nil {
		return jsonError(line, whole)
	}
	if rec.Version != RecordVersion {
		return errVersion(rec.Version)
	}
	rr.rec = &rec
	return nil
}

// page reads a page's line (v, parsed): the URL, file and sum of a page
// the new build has as it was, else the whole line.
func (rr *recordReader) page(v *fastjson.Value, line []byte) error {
	url, file := v.GetStringBytes("url"), v.GetStringBytes("file")
	if url == nil || file == nil {
		return errors.New(`a page needs its "url" and "file", strings`)
	}
	rr.pages++
	if f := string(file); rr.same(f, v.GetStringBytes("sum")) {
		rr.keep(string(url), f, nil) // no RecordPage: nothing else is kept
		return nil
	}
	p := new(RecordPage)
	if err := json.Unmarshal(line, p); err != nil {
		return err
	}
	if len(p.At) != len(p.IDs) {
		return fmt.Errorf("page %s has %d ids but %d places in \"at\"", diag.Printable(p.File), len(p.IDs), len(p.At))
	}
	rr.keep(p.URL, p.File, p)
	return nil
}

// jsonError says what is wrong with a line that is no JSON, as
// encoding/json says it (fastjson's errors quote the line's text).
func jsonError(line []byte, whole bool) error {
	var x any
	err := json.Unmarshal(line, &x)
	var syn *json.SyntaxError
	if !whole || errors.As(err, &syn) && syn.Offset >= int64(len(line)) {
		return errors.New("the JSON ends early (a truncated file?)")
	}
	if err == nil {
		return errors.New("not JSON")
	}
	return err
}

// lineReader reads a file a line at a time, however long, counting them.
type lineReader struct {
	r *bufio.Reader
	n int
}

// next is the next line, valid until the next call; whole is false for a
// last line with no newline. io.EOF after the last.
func (l *lineReader) next() (line []byte, whole bool, err error) {
	line, err = delimited.Next(l.r, '\n')
	switch {
	case err == io.EOF && len(line) == 0:
		return nil, false, io.EOF
	case err != nil && err != io.EOF:
		return nil, false, err
	}
	l.n++
	return line, err == nil, nil
}

// fromRecord reads the previous build from its record (name). Of a page
// the new build has as it was (its hash), only its URL is kept: the rest
// is the new page's.
func (c *comparison) fromRecord(name string) error {
	c.sized(len(c.cur.HTML)) // the last deploy's pages are most likely as many
	rec, err := readRecord(name, c.sameSum, func(url, file string, p *RecordPage) {
		c.prevFiles = append(c.prevFiles, file)
		c.prevURLs = append(c.prevURLs, url)
		if p == nil {
			c.prevPages = append(c.prevPages, unchanged)
		} else {
			c.prevPages = append(c.prevPages, &page{outline: p.recordOutline()})
		}
	})
	c.rec = rec
	return err
}

// sameSum: the new build has the page at file with the bytes whose sum
// (htmlsite.Sum, in hex) is sum.
func (c *comparison) sameSum(file string, sum []byte) bool {
	s, err := strconv.ParseUint(string(sum), 16, 64) // strconv keeps no copy: no allocation
	if err != nil || c.o.Sum == nil || !c.curHas(file) {
		return false
	}
	now, ok := c.o.Sum(file)
	return ok && now == s
}
