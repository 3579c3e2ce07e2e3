package external

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/outfile"
)

// Cache remembers definite answers for MaxAge, in one JSON file. It is an
// optimisation only: a missing, unreadable or corrupt file starts it empty.
type Cache struct {
	file    string
	maxAge  time.Duration
	now     func() time.Time
	mu      sync.Mutex
	entries map[string]Result
}

type cacheFile struct {
	Version int               `json:"version"`
	Entries map[string]Result `json:"entries"`
}

const cacheVersion = 1

// OpenCache reads file. The error says why an existing file was not usable;
// the returned cache is usable either way.
func OpenCache(file string, maxAge time.Duration, now func() time.Time) (*Cache, error) {
	if now == nil {
		now = time.Now
	}
	c := &Cache{file: file, maxAge: maxAge, now: now, entries: map[string]Result{}}
	raw, err := textfile.Read(file, textfile.MaxData)
	if os.IsNotExist(err) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	var cf cacheFile
	if err := json.Unmarshal(raw, &cf); err != nil {
		return c, fmt.Errorf("%s: not a cache file, starting afresh: %v", file, err)
	}
	if cf.Version == cacheVersion && cf.Entries != nil {
		c.entries = cf.Entries
	}
	return c, nil
}

// Get returns a fresh entry for u.
func (c *Cache) Get(u string) (Result, bool) {
	if c == nil {
		return Result{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.entries[u]
	if !ok || c.now().Sub(r.Checked) > c.maxAge {
		return Result{}, false
	}
	return r, true
}

// Put records an answer as of now.
func (c *Cache) Put(u string, r Result) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	r.Checked = c.now()
	c.entries[u] = r
}

// Save writes the entries still fresh, through a temporary file and a
// rename, so an interrupted run never leaves a half-written cache.
func (c *Cache) Save() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	keep := map[string]Result{}
	for u, r := range c.entries {
		if c.now().Sub(r.Checked) <= c.maxAge {
			keep[u] = r
		}
	}
	c.mu.Unlock()
	raw, err := json.MarshalIndent(cacheFile{Version: cacheVersion, Entries: keep}, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.file), 0o755); err != nil {
		return err
	}
	return outfile.Write(c.file, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
}

// DefaultCacheFile is under the user's cache directory, so it survives
// between runs without sitting in the repository.
func DefaultCacheFile() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "devdocs-checks", "external-links.json")
}
