package browser

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/go-sourcemap/sourcemap"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
)

// sourceMaps turns a place in a built script into the place in the source it
// was built from, as a browser's developer tools do: through the map the
// script names (a sourceMappingURL comment, or a SourceMap header), else
// the file beside it named .map (a "hidden" map, kept for error trackers).
// Each script's map is fetched from the site once. It also finds where a
// stylesheet asks for a URL, which Chromium does not say.
type sourceMaps struct {
	get    func(url string) (*http.Response, error)
	mu     sync.Mutex
	by     map[string]*sourcemap.Consumer // by script URL; nil: it has no map
	sheets map[string][]htmlsite.Link     // by stylesheet URL, its URLs resolved
}

func newSourceMaps(get func(url string) (*http.Response, error)) *sourceMaps {
	return &sourceMaps{get: get, by: map[string]*sourcemap.Consumer{}, sheets: map[string][]htmlsite.Link{}}
}

// inSheet is the 0-based line and column where the stylesheet at sheet
// writes the URL asked (its first url() or @import that resolves to it),
// or -1, -1 when the sheet cannot be read or does not write it (a sheet it
// imports may).
func (m *sourceMaps) inSheet(sheet, asked string) (line, col int64) {
	if m == nil {
		return -1, -1
	}
	for _, l := range m.sheetLinks(sheet) {
		if l.Raw == asked {
			return int64(l.Line - 1), int64(l.Col - 1)
		}
	}
	return -1, -1
}

// sheetLinks are the URLs of a stylesheet, each resolved against it (Raw
// holds the absolute URL), fetched from the site once.
func (m *sourceMaps) sheetLinks(sheet string) []htmlsite.Link {
	m.mu.Lock()
	defer m.mu.Unlock()
	if links, done := m.sheets[sheet]; done {
		return links
	}
	var links []htmlsite.Link
	base, err := url.Parse(sheet)
	body, _, ferr := m.fetch(sheet)
	if err == nil && ferr == nil {
		for _, l := range htmlsite.Extract(pathOf(sheet), bytes.NewReader(body)).Links {
			if u, err := base.Parse(l.Raw); err == nil {
				u.Fragment = ""
				l.Raw = u.String()
				links = append(links, l)
			}
		}
	}
	m.sheets[sheet] = links
	return links
}

// pathOf is the path of a URL ("" if it is none).
func pathOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Path
}

// maxMap bounds what one script or map may make the crawl read.
const maxMap = 64 << 20

// original is where a place in script (1-based line and column, as the
// gate reports them) comes from: its source's URL and 1-based line and
// column; ok is false when the script has no readable map or the map says
// nothing of that place.
func (m *sourceMaps) original(script string, line, col int) (src string, srcLine, srcCol int, ok bool) {
	if m == nil {
		return "", 0, 0, false
	}
	c := m.mapOf(script)
	if c == nil {
		return "", 0, 0, false
	}
	// The library counts lines from 1 and columns from 0, as source maps do.
	src, _, srcLine, srcCol, ok = c.Source(line, col-1)
	if !ok || src == "" || srcLine < 1 {
		return "", 0, 0, false
	}
	return src, srcLine, srcCol + 1, true
}

// mapOf is script's map, read once: a script with none, or whose map
// cannot be read, has nil and is not asked again.
func (m *sourceMaps) mapOf(script string) *sourcemap.Consumer {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c, done := m.by[script]; done {
		return c
	}
	c, _ := m.read(script) // a map that cannot be read leaves the place as it is
	m.by[script] = c
	return c
}

func (m *sourceMaps) read(script string) (*sourcemap.Consumer, error) {
	body, header, err := m.fetch(script)
	if err != nil {
		return nil, err
	}
	ref := header.Get("SourceMap")
	if ref == "" {
		ref = header.Get("X-SourceMap")
	}
	if ref == "" {
		ref = mappingURL(body)
	}
	if ref == "" {
		ref = script + ".map"
	}
	if raw, ok := strings.CutPrefix(ref, "data:"); ok {
		meta, data, _ := strings.Cut(raw, ",")
		if !strings.HasSuffix(meta, ";base64") {
			return nil, fmt.Errorf("%s: a source map in a data URL that is not base64", script)
		}
		b, err := base64.StdEncoding.DecodeString(data)
		if err != nil {
			return nil, err
		}
		return sourcemap.Parse(script, b)
	}
	base, err := url.Parse(script)
	if err != nil {
		return nil, err
	}
	at, err := base.Parse(ref)
	if err != nil {
		return nil, err
	}
	b, _, err := m.fetch(at.String())
	if err != nil {
		return nil, err
	}
	return sourcemap.Parse(at.String(), b)
}

func (m *sourceMaps) fetch(u string) ([]byte, http.Header, error) {
	resp, err := m.get(u)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, nil, fmt.Errorf("%s answered %d", u, resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxMap))
	return b, resp.Header, err
}

// mappingURL is the URL of the last sourceMappingURL comment of a script
// ("//# sourceMappingURL=app.js.map", or the older "//@" form), if any.
func mappingURL(script []byte) string {
	for _, mark := range [][]byte{[]byte("//# sourceMappingURL="), []byte("//@ sourceMappingURL=")} {
		if i := bytes.LastIndex(script, mark); i >= 0 {
			rest := script[i+len(mark):]
			if end := bytes.IndexAny(rest, " \t\r\n"); end >= 0 {
				rest = rest[:end]
			}
			return string(rest)
		}
	}
	return ""
}
