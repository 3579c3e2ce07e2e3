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
)

// sourceMaps turns a place in a built script into the place in the source it
// was built from, as a browser's developer tools do: through the map the
// script names (a sourceMappingURL comment, or a SourceMap header), else
// the file beside it named .map (a "hidden" map, kept for error trackers).
// Each script's map is fetched from the site once.
type sourceMaps struct {
	get func(url string) (*http.Response, error)
	mu  sync.Mutex
	by  map[string]*sourcemap.Consumer // by script URL; nil: it has no map
}

func newSourceMaps(get func(url string) (*http.Response, error)) *sourceMaps {
	return &sourceMaps{get: get, by: map[string]*sourcemap.Consumer{}}
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
