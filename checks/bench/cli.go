package bench

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// floors are the least work a kind of run does, each a subcommand of
// linkbench (linkbench floor DIR) that the table measures as a tool.
var floors = map[string]func(dir string) (string, error){
	"floor": func(dir string) (string, error) {
		files, tokens, err := Floor(dir)
		return fmt.Sprintf("%d files, %d tokens", files, tokens), err
	},
	"read": func(dir string) (string, error) {
		files, size, err := ReadFloor(dir)
		return fmt.Sprintf("%d files, %d bytes", files, size), err
	},
}

// Main is the linkbench command.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 2 && floors[args[0]] != nil {
		said, err := floors[args[0]](args[1])
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		fmt.Fprintln(stdout, said)
		return 0
	}
	fs := flag.NewFlagSet("linkbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sizes := fs.String("sizes", "1000,10000,50000", "site sizes in pages")
	dir := fs.String("dir", filepath.Join(os.TempDir(), "devdocs-bench"), "where generated sites are kept (reused across runs)")
	checks := fs.String("checks", "bin/checks", "the checks binary")
	peers := fs.String("peers", "linkinator", "peer tools to compare: linkinator (node_modules/.bin), htmltest (bin/) (comma-separated; empty for none)")
	shape := fs.String("shape", "docs", "docs: a docs site with clean URLs; apiref: a rustdoc-like API reference (source views, redirect stubs)")
	timeout := fs.Duration("timeout", 15*time.Minute, "give up on one tool run after this long")
	if fs.Parse(args) != nil {
		return 2
	}
	if *shape != "docs" && *shape != "apiref" {
		fmt.Fprintf(stderr, "linkbench: unknown -shape %q (want docs or apiref)\n", *shape)
		return 2
	}
	self, _ := os.Executable()
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < sections {
			fmt.Fprintf(stderr, "linkbench: bad size %q (want a number ≥ %d)\n", s, sections)
			return 2
		}
		if err := benchSize(stdout, *dir, *shape, n, tools(self, *checks, *peers, *shape), *timeout); err != nil {
			fmt.Fprintf(stderr, "linkbench: %v\n", err)
			return 2
		}
	}
	return 0
}

func tools(self, checks, peers, shape string) []Tool {
	// Its own checks.json, so none found around the working directory
	// applies, alone in its folder: the docs projects are sought where the
	// file is, and the sources of checks all beside the sites are no
	// project of checks links (finding them cost it 2 s of CPU at 50k).
	check := Tool{Name: "checks links", Args: []string{checks, "links", "{dir}", "--format", "json", "--config", "{dir}.config/checks.json"}, Score: ScoreChecks}
	if shape == "apiref" {
		check.Args = append(check.Args, "--clean-urls=false")
	}
	ts := []Tool{{Name: "floor (read+tokenize)", Args: []string{self, "floor", "{dir}"}}, check}
	for _, p := range strings.Split(peers, ",") {
		switch strings.TrimSpace(p) {
		case "linkinator":
			ts = append(ts, Tool{Name: "linkinator", Args: []string{"node_modules/.bin/linkinator", "{dir}", "--recurse", "--skip", "^(?!http://localhost)", "--format", "json"}, Score: ScoreLinkinator})
		case "htmltest":
			ts = append(ts, Tool{Name: "htmltest", Args: []string{"bin/htmltest", "--conf", "{dir}.htmltest.yml"}, Score: ScoreHTMLTest})
		case "":
		default:
			ts = append(ts, Tool{Name: p, Args: []string{"node_modules/.bin/" + p, "{dir}"}})
		}
	}
	return ts
}

func benchSize(w io.Writer, dir, shape string, n int, ts []Tool, timeout time.Duration) error {
	name := fmt.Sprintf("site-%d", n)
	if shape == "apiref" {
		name = fmt.Sprintf("apiref-%d", n)
	}
	site := filepath.Join(dir, name)
	faults, err := ensureSite(site, shape, n)
	if err != nil {
		return err
	}
	if err := writeConfigs(site, shape); err != nil {
		return err
	}
	// checks all on the same site with its markdown sources beside it
	// (an MkDocs project): what confirming the sources against the build
	// costs over checks links alone.
	var project string
	nChanges := 0
	if shape == "docs" {
		project = filepath.Join(dir, fmt.Sprintf("sources-%d", n))
		if err := ensureSources(project, n, faults); err != nil {
			return err
		}
		if err := warm(project); err != nil { // as the site is, below
			return err
		}
		ts = append(ts, Tool{Name: allTool, Args: []string{ts[1].Args[0], "all", "{dir}", "--format", "json", "--config", filepath.Join(project, "checks.json")}})
		// checks links against the build the site replaced: what comparing
		// two builds costs over checking the new one.
		changes, err := Previous(site, n)
		if err != nil {
			return err
		}
		ts = append(ts, Tool{Name: previousTool, Args: append(slices.Clone(ts[1].Args), "--previous", "{dir}.previous"), Score: ScorePrevious(changes), Expected: len(changes)})
		// The same against the previous build's deploy record, written
		// beforehand (as the last deploy's run writes it in CI), untimed;
		// and saving the new build's, as each CI run does for the next.
		if err := saveRecord(ts[1], site, timeout); err != nil {
			return err
		}
		ts = append(ts, Tool{Name: recordTool, Args: append(slices.Clone(ts[1].Args), "--previous", "{dir}.previous.deploy.json", "--save-deploy", "{dir}.deploy.json"),
			Score: ScorePrevious(changes), Expected: len(changes)},
			Tool{Name: saveTool, Args: append(slices.Clone(ts[1].Args), "--save-deploy", "{dir}.deploy.json"), Score: ScoreChecks})
		nChanges = len(changes)
	}
	// Warm the page cache first, so no tool pays for the first read from disk.
	if _, _, err := Floor(site); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d pages, %d injected faults (%s)\n", n, len(faults), site)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "tool\twall\tcpu\tpeak MiB\twall vs floor\tfaults found\tfalse reports\t")
	var floor time.Duration
	byName := map[string]Measurement{}
	for _, t := range ts {
		m := run(t, site, faults, timeout)
		if floor == 0 {
			floor = m.Wall
		}
		byName[t.Name] = m
		fmt.Fprintln(tw, row(m, floor, cmp.Or(t.Expected, len(faults))))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	links, all := byName["checks links"], byName[allTool]
	if project != "" && links.Failed == nil && all.Failed == nil && links.Wall > 0 && links.PeakMiB > 0 {
		fmt.Fprintf(w, "checks all with the sources (%s) vs checks links alone: time %.2fx, peak memory %.2fx (budget 1.5x each)\n",
			project, all.Wall.Seconds()/links.Wall.Seconds(), float64(all.PeakMiB)/float64(links.PeakMiB))
	}
	changed := fmt.Sprintf(" (%d pages renamed or an id changed since)", nChanges)
	for _, t := range ts {
		said, ok := map[string]string{previousTool: changed, recordTool: changed, saveTool: ""}[t.Name]
		if m := byName[t.Name]; ok && nChanges > 0 && links.Failed == nil && m.Failed == nil && links.CPU > 0 && links.PeakMiB > 0 {
			comparedWith(w, ts[1], t, readFloor(ts[0], t), said, site, timeout, links, m)
		}
	}
	return nil
}

// readFloor is, for a run against the last deploy's folder, listing and
// reading that folder alone (ReadFloor, by the linkbench binary of
// floor); a Tool with no Args for another run.
func readFloor(floor, t Tool) Tool {
	if t.Name != previousTool {
		return Tool{}
	}
	return Tool{Name: "read the last deploy's folder", Args: []string{floor.Args[0], "read", "{dir}.previous"}}
}

// comparedWith prints what a run about the last deploy (t, said of it,
// with its first measure m) costs over checks links alone (links, lt),
// each the fastest of sideRuns runs in turns; and, when rt has Args, what
// the least work of its kind (rt) costs, measured in the same turns.
func comparedWith(w io.Writer, lt, t, rt Tool, said, site string, timeout time.Duration, links, m Measurement) {
	tools := []Tool{lt, t}
	if len(rt.Args) > 0 {
		tools = append(tools, rt)
	}
	ms, err := side(tools, site, timeout)
	if err == nil {
		links, m = ms[0], ms[1]
	}
	fmt.Fprintf(w, "%s%s vs checks links alone, the fastest of %d runs of each in turns: cpu %.2fx, wall %.2fx, peak memory %.2fx (budget 1.3x cpu and memory; load average %s)\n",
		t.Name, said, sideRuns, m.CPU.Seconds()/links.CPU.Seconds(), m.Wall.Seconds()/links.Wall.Seconds(), float64(m.PeakMiB)/float64(links.PeakMiB), loadAverage())
	if err == nil && len(ms) > 2 {
		r := ms[2].CPU.Seconds() / links.CPU.Seconds()
		fmt.Fprintf(w, "  of which listing and reading the last deploy's folder alone, parsing nothing (the least any comparison with a folder does): cpu %.2fx of checks links; the comparison's own: %.2fx\n",
			r, m.CPU.Seconds()/links.CPU.Seconds()-1-r)
	}
}

// saveRecord writes the deploy record of site's previous build beside
// it ({dir}.previous.deploy.json), with checks links' own options.
func saveRecord(links Tool, site string, timeout time.Duration) error {
	argv := argvFor(links, site+".previous")
	// The options name the site's config ({dir}.config): the site's, not the previous build's.
	for i, a := range links.Args {
		if strings.Contains(a, "{dir}.") {
			argv[i] = strings.ReplaceAll(a, "{dir}", site)
		}
	}
	_, _, err := Measure(append(argv, "--save-deploy", site+".previous.deploy.json"), timeout)
	if err != nil {
		return fmt.Errorf("deploy record of %s.previous: %w", site, err)
	}
	if _, err := os.Stat(site + ".previous.deploy.json"); err != nil {
		return fmt.Errorf("deploy record of %s.previous not written: %w", site, err)
	}
	return nil
}

// sideRuns is how many times side runs each tool.
const sideRuns = 5

// side measures tools on site in turns, sideRuns times each, and keeps
// each one's fastest wall and CPU time and its largest peak: the table's
// runs lie minutes apart, and on a shared machine the load moves a run's
// CPU time by more than a budget's margin.
func side(tools []Tool, site string, timeout time.Duration) ([]Measurement, error) {
	ms := make([]Measurement, len(tools))
	for i := 0; i < sideRuns; i++ {
		for k, t := range tools {
			m, _, err := Measure(argvFor(t, site), timeout)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				ms[k] = m
				continue
			}
			ms[k].Wall, ms[k].CPU, ms[k].PeakMiB = min(ms[k].Wall, m.Wall), min(ms[k].CPU, m.CPU), max(ms[k].PeakMiB, m.PeakMiB)
		}
	}
	return ms, nil
}

// argvFor is t's command line on site.
func argvFor(t Tool, site string) []string {
	argv := make([]string, len(t.Args))
	for i, a := range t.Args {
		argv[i] = strings.ReplaceAll(a, "{dir}", site)
	}
	return argv
}

// previousTool is checks links on a site and the build it replaced;
// recordTool the same with that build's deploy record, saving the site's
// own: what a CI run that keeps the record between deploys costs; and
// saveTool saving the record alone.
const (
	previousTool = "checks links --previous"
	recordTool   = "checks links --previous RECORD --save-deploy"
	saveTool     = "checks links --save-deploy"
)

// loadAverage is the machine's load over the last minute, for reading the
// wall times beside it ("?" where the system does not say).
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(raw)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// allTool is checks all on a site and its markdown sources.
const allTool = "checks all (+ sources)"

func run(t Tool, site string, faults []Fault, timeout time.Duration) Measurement {
	argv := argvFor(t, site)
	if _, err := os.Stat(argv[0]); err != nil {
		return Measurement{Tool: t.Name, Failed: fmt.Errorf("not installed")}
	}
	m, out, err := Measure(argv, timeout)
	// A run of a few seconds is within the machine's noise: the fastest
	// of three says what the tool costs (its peak memory, the most).
	for i := 1; i < 3 && err == nil && m.Wall < 3*time.Second; i++ {
		again, _, aerr := Measure(argv, timeout)
		if aerr == nil {
			m.Wall, m.CPU, m.PeakMiB = min(m.Wall, again.Wall), min(m.CPU, again.CPU), max(m.PeakMiB, again.PeakMiB)
		}
	}
	m.Tool = t.Name
	if err != nil {
		m.Failed = err
		return m
	}
	m.Found, m.False = -1, -1
	if t.Score != nil {
		if m.Found, m.False, err = t.Score(out, site, faults); err != nil {
			m.Failed = err
		}
	}
	return m
}

func row(m Measurement, floor time.Duration, faults int) string {
	if m.Failed != nil {
		return fmt.Sprintf("%s\t%v\t\t\t\t\t\t", m.Tool, m.Failed)
	}
	found, falses := "-", "-"
	if m.Found >= 0 {
		found = fmt.Sprintf("%d/%d (%.0f%%)", m.Found, faults, 100*float64(m.Found)/float64(max(faults, 1)))
		falses = strconv.Itoa(m.False)
	}
	return fmt.Sprintf("%s\t%.2fs\t%.2fs\t%d\t%.2fx\t%s\t%s\t", m.Tool, m.Wall.Seconds(), m.CPU.Seconds(), m.PeakMiB,
		m.Wall.Seconds()/max(floor.Seconds(), 0.001), found, falses)
}

// ensureSite generates the site once; later runs reuse it.
func ensureSite(site, shape string, n int) ([]Fault, error) {
	faultsFile := site + ".faults.json"
	if raw, err := os.ReadFile(faultsFile); err == nil {
		var fs []Fault
		if json.Unmarshal(raw, &fs) == nil {
			return fs, nil
		}
	}
	_ = os.RemoveAll(site)
	if shape == "apiref" {
		return GenerateAPIRef(site, n, int64(n))
	}
	return Generate(site, n, int64(n))
}

// writeConfigs writes the settings of checks and htmltest for site beside
// it. htmltest: internal links and hashes only, its cache and log kept out
// of the working directory.
func writeConfigs(site, shape string) error {
	checks := "{}\n"
	if shape == "apiref" {
		checks = APIRefConfig
	}
	if err := write(site+".config", "checks.json", checks); err != nil {
		return err
	}
	conf := fmt.Sprintf("DirectoryPath: %q\nCheckExternal: false\nIgnoreDirectoryMissingTrailingSlash: true\nOutputDir: %q\n",
		site, site+".htmltest")
	return os.WriteFile(site+".htmltest.yml", []byte(conf), 0o644)
}
