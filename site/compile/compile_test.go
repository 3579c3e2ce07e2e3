package compile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/routes"
)

// Each testdata/sites/*.txtar is a mini content tree (files under content/)
// with its expectations: want/diagnostics (exact, sorted), want/routes
// (path kind version sidebar source), and want/html/<page id> (a fragment
// the page's HTML must contain).
func TestSites(t *testing.T) {
	archives, _ := filepath.Glob("../../testdata/sites/*.txtar")
	require.NotEmpty(t, archives)
	for _, a := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(a), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(a)
			require.NoError(t, err)
			dir := t.TempDir()
			want := extract(t, ar, dir)
			_, diags := Build(filepath.Join(dir, "content"), filepath.Join(dir, "out"))
			got := ""
			if len(diags) > 0 {
				got = strings.ReplaceAll(diags.Error(), dir+string(filepath.Separator), "") + "\n"
			}
			assert.Equal(t, want["want/diagnostics"], got, "diagnostics")
			if routes, ok := want["want/routes"]; ok {
				assert.Equal(t, routes, routeLines(t, dir))
			}
			for name, fragment := range want {
				if id, ok := strings.CutPrefix(name, "want/html/"); ok {
					assert.Contains(t, pageHTML(t, dir, id), strings.TrimSpace(fragment), "page %s", id)
				}
				if key, ok := strings.CutPrefix(name, "want/search/"); ok {
					assert.Equal(t, fragment, searchLines(t, dir, key), "search records %s", key)
				}
			}
		})
	}
}

// extract writes the archive's content/ files into dir and returns the want/ sections.
func extract(t *testing.T, ar *txtar.Archive, dir string) map[string]string {
	want := map[string]string{}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "want/") {
			want[f.Name] = string(f.Data)
			continue
		}
		p := filepath.Join(dir, f.Name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, f.Data, 0o644))
	}
	return want
}

func routeLines(t *testing.T, dir string) string {
	s, _ := Load(filepath.Join(dir, "content"))
	require.NotNil(t, s)
	table, _ := s.Routes()
	var b strings.Builder
	for _, r := range table {
		fmt.Fprintf(&b, "%s %s %s %s %s\n", r.Path, r.Kind, dash(r.Version), dash(r.Sidebar),
			strings.TrimPrefix(r.Source, filepath.ToSlash(dir)+"/"))
	}
	return b.String()
}

func pageHTML(t *testing.T, dir, id string) string {
	raw, err := os.ReadFile(filepath.Join(dir, "out", "pages", id+".json"))
	require.NoError(t, err)
	var rec PageRecord
	require.NoError(t, json.Unmarshal(raw, &rec))
	return rec.HTML
}

// searchLines prints out/search/<key>.json one record a line:
// "type url tag lvl0 > lvl1 > … | content".
func searchLines(t *testing.T, dir, key string) string {
	raw, err := os.ReadFile(filepath.Join(dir, "out", "search", key+".json"))
	require.NoError(t, err)
	var records []struct {
		Hierarchy map[string]*string `json:"hierarchy"`
		Content   *string            `json:"content"`
		Type, URL string
		Tag       string `json:"docusaurus_tag"`
	}
	require.NoError(t, json.Unmarshal(raw, &records))
	var b strings.Builder
	for _, r := range records {
		var levels []string
		for i := 0; i < 7; i++ {
			if v := r.Hierarchy[fmt.Sprintf("lvl%d", i)]; v != nil {
				levels = append(levels, *v)
			}
		}
		fmt.Fprintf(&b, "%s %s %s %s", r.Type, r.URL, r.Tag, strings.Join(levels, " > "))
		if r.Content != nil {
			fmt.Fprintf(&b, " | %s", *r.Content)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// The real content/ must produce exactly the published routes (testdata/routes.txt).
func TestContentHasEveryPublishedRoute(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/routes.txt")
	require.NoError(t, err)
	var want []string
	for _, l := range strings.Split(string(raw), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	s, diags := Load("../../content")
	require.NotNil(t, s, diags.Error())
	table, _ := s.Routes()
	var got []string
	for _, r := range table {
		if r.Kind != routes.KindRedirect && r.Kind != routes.KindNotFound {
			got = append(got, r.Path)
		}
	}
	assert.Equal(t, want, got)
}

// The version menu offers the same page in each version that has it, and
// the version's root in the others (site/src/lib/versions.ts).
func TestManifestNamesTheSamePageInOtherVersions(t *testing.T) {
	s, diags := Load("../../content")
	require.NotNil(t, s, diags.Error())
	table, _ := s.Routes()
	m := s.manifest(table)
	install := m.Routes["/api/zkvm/install"]
	assert.Contains(t, install.Alts, "next")
	assert.Contains(t, install.Alts, "0.18")
	assert.NotContains(t, install.Alts, "1.2", "not the version it is in")
	assert.Contains(t, m.Routes["/api/next/zkvm/install"].Alts, "1.2")
	assert.Empty(t, m.Routes["/faq"].Alts, "pages outside the versions have none")
	for path, r := range m.Routes {
		for _, v := range r.Alts {
			assert.NotEqual(t, r.Version, v, path)
		}
	}
}

// A page's previous and next are its neighbours in its sidebar's reading
// order (content/api/0.18/sidebars.json: receipts, precompiles,
// rust-resources; index, then the Bonsai category's page), and the first
// page has no previous; only the version
// content/versions.json marks isLast says so in its record.
func TestPaginationAndTheLatestVersion(t *testing.T) {
	out := t.TempDir()
	_, diags := Build("../../content", out)
	require.Empty(t, diags)
	read := func(name string, v any) {
		raw, err := os.ReadFile(filepath.Join(out, name))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(raw, v))
	}
	var page struct{ Previous, Next *NavLink }
	read("pages/api_0.18_zkvm_developer-guide_precompiles.json", &page)
	require.NotNil(t, page.Previous)
	require.NotNil(t, page.Next)
	assert.Equal(t, "/api/0.18/zkvm/developer-guide/receipts", page.Previous.Href)
	assert.Equal(t, "/api/0.18/zkvm/developer-guide/rust-resources", page.Next.Href)
	var first struct{ Previous *NavLink }
	read("pages/api_0.18.json", &first)
	assert.Nil(t, first.Previous, "the first page of the sidebar")
	var second struct{ Previous *NavLink }
	read("pages/api_0.18_bonsai.json", &second) // the Bonsai category's own page, second in the sidebar
	require.NotNil(t, second.Previous)
	assert.Equal(t, "/api/0.18", second.Previous.Href, "the second page's previous is the first")
	for key, last := range map[string]bool{"api-1.2": true, "api-1.1": false, "api-next": false, "api-0.18": false} {
		var meta struct {
			IsLast bool `json:"isLast"`
		}
		read("meta/"+key+".json", &meta)
		assert.Equal(t, last, meta.IsLast, key)
	}
}
