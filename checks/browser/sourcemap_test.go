package browser

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// mapsSite serves the site of testdata/crawl/sourcemap.txtar, with edits,
// and counts the requests of each path.
func mapsSite(t *testing.T, edit func(files map[string]string)) (string, map[string]int) {
	files := fixtureSite(t, "sourcemap.txtar")
	if edit != nil {
		edit(files)
	}
	var mu sync.Mutex
	asked := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		mu.Unlock()
		if name, ok := strings.CutPrefix(r.URL.Path, "/header-map/"); ok && strings.HasSuffix(name, ".js") {
			w.Header().Set("SourceMap", "/assets/"+name+".map")
			r.URL.Path = "/assets/" + name
		}
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, asked
}

// fixtureSite is the site/ folder of a testdata/crawl fixture: each file
// by its URL path ("/assets/app.js").
func fixtureSite(t *testing.T, fixture string) map[string]string {
	ar, err := txtar.ParseFile("../../testdata/crawl/" + fixture)
	require.NoError(t, err)
	files := map[string]string{}
	for _, f := range ar.Files {
		if name, ok := strings.CutPrefix(f.Name, "site"); ok {
			files[name] = string(f.Data)
		}
	}
	return files
}

// The expected source places come from source-map-js (another
// implementation of the format), asked for the same built places; the
// fixture's comment says how.
func TestSourceMapsGiveThePlaceInTheSource(t *testing.T) {
	site, asked := mapsSite(t, func(files map[string]string) {
		// A "hidden" map: no comment, the map beside the script.
		files["/assets/hidden.js"] = strings.Split(files["/assets/app.js"], "//# sourceMappingURL")[0]
		files["/assets/hidden.js.map"] = files["/assets/app.js.map"]
	})
	maps := newSourceMaps(http.Get)
	for _, c := range []struct {
		script    string
		line, col int
		want      string
		wantLine  int
		wantCol   int
	}{
		{"/assets/app.js", 1, 183, "/src/app.ts", 10, 13},     // the Error( of the throw
		{"/assets/app.js", 1, 182, "/src/app.ts", 9, 49},      // the column before it: the statement before
		{"/assets/inline.js", 1, 96, "/src/inline.ts", 3, 11}, // a data URL map
		{"/assets/hidden.js", 1, 183, "/src/app.ts", 10, 13},
		{"/header-map/app.js", 1, 183, "/src/app.ts", 10, 13}, // the SourceMap header wins over the comment's relative URL
	} {
		src, line, col, ok := maps.original(site+c.script, c.line, c.col)
		require.True(t, ok, c.script)
		assert.Equal(t, []any{site + c.want, c.wantLine, c.wantCol}, []any{src, line, col}, "%s:%d:%d", c.script, c.line, c.col)
	}
	_, _, _, ok := maps.original(site+"/assets/nomap.js", 1, 19)
	assert.False(t, ok, "its map is missing")
	_, _, _, ok = maps.original(site+"/assets/nomap.js", 1, 19)
	assert.False(t, ok)
	assert.Equal(t, 1, asked["/assets/nomap.js.map"], "a missing map is asked for once")
	assert.Equal(t, 1, asked["/assets/app.js"], "a script is read once for its map, asked twice")
}

func TestSourceMapsThatCannotBeReadLeaveThePlace(t *testing.T) {
	site, _ := mapsSite(t, func(files map[string]string) {
		files["/assets/bad.js"] = "throw 1\n//# sourceMappingURL=bad.js.map\n"
		files["/assets/bad.js.map"] = `{"version": 3, "mappings": "!!!"`
		files["/assets/v2.js"] = "throw 1\n//# sourceMappingURL=v2.js.map\n"
		files["/assets/v2.js.map"] = `{"version": 2, "sources": ["a.ts"], "mappings": "AAAA"}`
		files["/assets/text.js"] = "throw 1\n//# sourceMappingURL=data:application/json,{}\n"
	})
	maps := newSourceMaps(http.Get)
	for _, s := range []string{"/assets/bad.js", "/assets/v2.js", "/assets/text.js", "/assets/gone.js"} {
		_, _, _, ok := maps.original(site+s, 1, 1)
		assert.False(t, ok, s)
	}
	var none *sourceMaps
	_, _, _, ok := none.original(site+"/assets/app.js", 1, 183)
	assert.False(t, ok, "no maps: the place stays")
}
