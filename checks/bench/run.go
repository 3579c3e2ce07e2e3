package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Measurement is one tool's run on one site.
type Measurement struct {
	Tool    string
	Wall    time.Duration
	CPU     time.Duration
	PeakMiB int
	Found   int // injected faults reported
	False   int // reports that are not injected faults
	Note    string
	Failed  error
}

// Tool is a command to measure; {dir} in its arguments is the site.
type Tool struct {
	Name string
	Args []string
	// Score, when set, reads the tool's stdout on site and counts found and false reports.
	Score func(stdout []byte, site string, faults []Fault) (found, false int, err error)
	// Expected is how many Score may find (0: the site's faults).
	Expected int
}

// Measure runs argv under GNU time and returns wall, CPU and peak memory.
func Measure(argv []string, timeout time.Duration) (Measurement, []byte, error) {
	stats, err := os.CreateTemp("", "bench-time")
	if err != nil {
		return Measurement{}, nil, err
	}
	defer os.Remove(stats.Name())
	stats.Close()
	args := append([]string{"-f", "%e %U %S %M", "-o", stats.Name(), "--"}, argv...)
	cmd := exec.Command("/usr/bin/time", args...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, io.Discard
	if err := cmd.Start(); err != nil {
		return Measurement{}, nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(timeout):
		_ = cmd.Process.Kill()
		<-done
		return Measurement{}, nil, fmt.Errorf("timed out after %s", timeout)
	}
	var wall, user, sys float64
	var rssKiB int
	raw, _ := os.ReadFile(stats.Name())
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if _, serr := fmt.Sscanf(lines[len(lines)-1], "%f %f %f %d", &wall, &user, &sys, &rssKiB); serr != nil {
		return Measurement{}, nil, fmt.Errorf("no timing (%v): %s", err, raw)
	}
	m := Measurement{Wall: secs(wall), CPU: secs(user + sys), PeakMiB: rssKiB / 1024}
	return m, []byte(out.String()), nil // a checker exits 1 when it finds faults: not a failure here
}

func secs(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// ScoreChecks compares `checks links --format json` output with the
// faults. A fault reported twice (by a link and a meta refresh with the
// same href) is found once, and is no false report.
func ScoreChecks(stdout []byte, site string, faults []Fault) (found, falseReports int, err error) {
	var report struct {
		Diagnostics []struct {
			File, Href, Check string
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(stdout, &report); err != nil {
		return 0, 0, err
	}
	s := newScore(faults, func(f Fault) string { return f.Page + " " + f.Href + " " + f.Check })
	for _, d := range report.Diagnostics {
		s.report(relToSite(d.File, site) + " " + d.Href + " " + d.Check)
	}
	return s.found, s.falseReports, nil
}

// score counts reports against the faults: each fault found once, every
// report that is no fault a false one.
type score struct {
	want, seen          map[string]bool
	found, falseReports int
}

func newScore(faults []Fault, key func(Fault) string) *score {
	s := &score{want: map[string]bool{}, seen: map[string]bool{}}
	for _, f := range faults {
		s.want[key(f)] = true
	}
	return s
}

func (s *score) report(key string) {
	switch {
	case !s.want[key]:
		s.falseReports++
	case !s.seen[key]:
		s.seen[key] = true
		s.found++
	}
}

// relToSite strips the site directory from a reported page path.
func relToSite(file, site string) string {
	file = filepath.ToSlash(file)
	if r, ok := strings.CutPrefix(file, filepath.ToSlash(site)+"/"); ok {
		return r
	}
	return filepath.Base(file)
}

// ScoreLinkinator reads `linkinator --format json`: each BROKEN link with
// its parent page. Linkinator does not check fragments, so broken anchors
// can only be missed.
func ScoreLinkinator(stdout []byte, site string, faults []Fault) (found, falseReports int, err error) {
	var report struct {
		Links []struct{ URL, State, Parent string } `json:"links"`
	}
	if err := json.Unmarshal(stdout, &report); err != nil {
		return 0, 0, err
	}
	s := newScore(faults, func(f Fault) string { return f.Page + " " + f.Href })
	seen := map[string]bool{}
	for _, l := range report.Links {
		key := pageFile(urlPath(l.Parent)) + " " + urlPath(l.URL)
		if l.State == "BROKEN" && !seen[key] {
			seen[key] = true
			s.report(key)
		}
	}
	return s.found, s.falseReports, nil
}

// ScoreHTMLTest reads htmltest's text report: a line naming each page with
// problems, then one line per problem, "  what --- page --> href".
// Problems that are no link ("missing doctype") count as false reports.
func ScoreHTMLTest(stdout []byte, site string, faults []Fault) (found, falseReports int, err error) {
	s := newScore(faults, func(f Fault) string { return f.Page + " " + f.Href })
	text := ansi.ReplaceAllString(string(stdout), "")
	if !strings.Contains(text, "htmltest started") {
		return 0, 0, fmt.Errorf("no htmltest report: %.200q", text)
	}
	for _, line := range strings.Split(text, "\n") {
		_, rest, ok := strings.Cut(line, " --- ")
		if page, href, ok2 := strings.Cut(rest, " --> "); ok && ok2 {
			s.report(page + " " + href)
		}
	}
	return s.found, s.falseReports, nil
}

// ansi matches the colour escapes htmltest writes even into a pipe.
var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// urlPath is the path of an absolute URL: http://localhost:5000/a/b → /a/b.
func urlPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
		if j := strings.IndexByte(u, '/'); j >= 0 {
			u = u[j:]
		} else {
			u = "/"
		}
	}
	return u
}

// pageFile maps a served page path back to its file: /docs/s1/p1/ → docs/s1/p1/index.html.
func pageFile(p string) string {
	p = strings.TrimPrefix(p, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		return p + "index.html"
	}
	return p
}
