package main

import (
	"cmp"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// action is the part of action.yml a runner reads.
type action struct {
	Name, Description string
	Branding          map[string]string
	Inputs            map[string]struct{ Description, Default string }
	Outputs           map[string]struct{ Description, Value string }
	Runs              struct {
		Using string
		Steps []step
	}
}

type step struct {
	ID, Name, If, Uses, Shell, Run string
	WorkingDirectory               string `yaml:"working-directory"`
	Env, With                      map[string]string
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

func loadAction(t *testing.T) (action, string) {
	raw, err := os.ReadFile("../../action.yml")
	require.NoError(t, err)
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true) // a misspelt key is an error here, not a step GitHub skips
	var a action
	require.NoError(t, dec.Decode(&a))
	return a, string(raw)
}

// The action's shape: composite, the tools it promises, every input and
// step output it names exists, and no expression is pasted into a script.
func TestActionYAML(t *testing.T) {
	a, raw := loadAction(t)
	assert.Equal(t, "composite", a.Runs.Using)
	for _, name := range []string{"directory", "args", "command", "sarif"} {
		assert.Contains(t, a.Inputs, name)
	}
	var uses []string
	ids := map[string]string{}
	for _, s := range a.Runs.Steps {
		if s.Uses != "" {
			uses = append(uses, strings.Split(s.Uses, "@")[0])
			continue
		}
		assert.Equal(t, "bash", s.Shell, "step %q: a composite run step needs a shell", s.Name)
		assert.NotContains(t, s.Run, "${{", "step %q: inputs go through env, never into the script", s.Name)
		if s.ID != "" {
			ids[s.ID] = s.Run
		}
	}
	assert.Equal(t, []string{"actions/cache/restore", "actions/cache/save", "actions/setup-go", "github/codeql-action/upload-sarif", "actions/upload-artifact"}, uses)

	for _, m := range expression.FindAllStringSubmatch(raw, -1) {
		for _, ref := range regexp.MustCompile(`inputs\.([\w-]+)`).FindAllStringSubmatch(m[1], -1) {
			assert.Contains(t, a.Inputs, ref[1], "%s names an input that does not exist", m[0])
		}
		for _, ref := range regexp.MustCompile(`steps\.([\w-]+)\.outputs\.([\w-]+)`).FindAllStringSubmatch(m[1], -1) {
			script, ok := ids[ref[1]]
			if assert.True(t, ok, "%s names no step", m[0]) {
				assert.Contains(t, script, `echo "`+ref[2]+`=`, "%s: step %s never writes %s", m[0], ref[1], ref[2])
			}
		}
	}
}

// The action run here as a runner runs it, at a ref that is no release (a
// checkout): it says it builds checks from source, builds it, and checks a
// fixture site; a second use in the same job gets its own report folder,
// artifact and code-scanning category; args are one per line.
func TestActionRunsOnASite(t *testing.T) {
	a, _ := loadAction(t)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	work := filepath.Join(t.TempDir(), "repo")
	unpackTxtar(t, "../../testdata/action/site.txtar", work)
	r := newRunner(t, a, root, "", work)

	res := r.use(map[string]string{"command": "links", "args": "--on-broken-anchors\nthrow\n", "sarif": "true"})
	install := res.steps["install"]
	assert.Contains(t, install.stdout, "::notice title=devdocs checks::the action's ref '(none)' is no release tag vX.Y.Z", "the fallback says so")
	assert.Contains(t, install.stdout, "building checks from the action's source with Go instead")
	assert.Contains(t, res.used, "actions/setup-go")
	assert.Contains(t, res.steps["Build checks from source"].stdout, "built from source in")
	run := res.steps["run"]
	assert.Equal(t, 1, run.code, "a broken link fails the step: %s", run.stdout)
	assert.Equal(t, "1", run.outputs["code"])
	assert.Contains(t, run.stdout, "::error file=build/index.html,line=3,col=10,title=broken-link::broken link \"/blog\"")
	assert.Contains(t, run.stdout, "::error file=build/about/index.html,line=3,col=10,title=broken-link::")
	assert.Contains(t, run.stdout, "::error file=build/index.html,line=4,col=10,title=broken-anchor::")
	assert.Contains(t, r.summary(), "### Docs gate: 3 errors")
	assert.Contains(t, r.summary(), `broken link "/blog": no file answers /blog — on 2 pages`)
	assert.Contains(t, r.summary(), "[/about](https://docs.example.com/about)", "pages are linked at siteUrl")
	assert.Contains(t, r.summary(), "is the `docs-gate-report-docs` artifact of this run.")
	var sarif struct{ Version string }
	raw, err := os.ReadFile(run.outputs["sarif"])
	require.NoError(t, err, "the sarif output names the file")
	require.NoError(t, json.Unmarshal(raw, &sarif))
	assert.Equal(t, "2.1.0", sarif.Version)
	assert.FileExists(t, filepath.Join(run.outputs["dir"], "report.html"))
	assert.Equal(t, []string{"github/codeql-action/upload-sarif devdocs-checks-docs", "actions/upload-artifact docs-gate-report-docs"}, res.uploads)

	// A second use in the same job: markdown on the folder named by
	// directory (it reaches checks markdown, not dropped).
	require.NoError(t, os.Mkdir(filepath.Join(work, "notes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(work, "notes/a.md"), []byte("# A\n\n[gone](gone.md)\n"), 0o644))
	res = r.use(map[string]string{"command": "markdown", "directory": "notes", "sarif": "true"})
	run = res.steps["run"]
	assert.Equal(t, 1, run.code, run.stdout+run.stderr)
	assert.Contains(t, run.stdout, "::error file=notes/a.md,line=3,col=1,title=markdown-link::broken markdown link \"gone.md\"", "directory reaches checks markdown")
	assert.Equal(t, "docs-gate-report-docs-2", run.outputs["artifact"])
	assert.Equal(t, []string{"github/codeql-action/upload-sarif devdocs-checks-docs-2", "actions/upload-artifact docs-gate-report-docs-2"}, res.uploads)
	first := r.uses[0].steps["run"].outputs["dir"]
	assert.NotEqual(t, first, run.outputs["dir"], "each use has its own report folder")
	assert.FileExists(t, filepath.Join(first, "report.html"), "the first use's report is still there")
	assert.Contains(t, r.summary(), "is the `docs-gate-report-docs-2` artifact of this run.")

	// A third: an --ignore pattern with a space is one argument.
	require.NoError(t, os.WriteFile(filepath.Join(work, "build/old.html"), []byte(`<a href="/old page/">Old</a>`), 0o644))
	run = r.use(map[string]string{"command": "links", "args": "--ignore\n^/(old page|blog)/?$\n  --on-broken-anchors=warn  \n"}).steps["run"]
	assert.Equal(t, 0, run.code, run.stdout+run.stderr)
	assert.NotContains(t, run.stdout, "old page", "the pattern with a space is one argument")
	assert.Equal(t, "docs-gate-report-docs-3", run.outputs["artifact"])
	require.NoError(t, os.Remove(filepath.Join(work, "build/old.html")))

	require.NoError(t, os.WriteFile(filepath.Join(work, "build/blog.html"), []byte("<h1>Blog</h1>"), 0o644))
	run = r.use(map[string]string{"command": "links"}).steps["run"]
	assert.Equal(t, 0, run.code, "warnings only: %s", run.stdout)
	assert.Contains(t, run.stdout, "::warning file=build/index.html,line=4,col=10,title=broken-anchor::")

	// previous: the last deploy, here a list of its URLs, one of which
	// the new build lost; markdown reads no build, so it is refused there.
	require.NoError(t, os.WriteFile(filepath.Join(work, "deployed.txt"), []byte("https://docs.example.com/\nhttps://docs.example.com/blog.html\nhttps://docs.example.com/team/\n"), 0o644))
	run = r.use(map[string]string{"command": "links", "previous": "deployed.txt"}).steps["run"]
	assert.Equal(t, 1, run.code, run.stdout+run.stderr)
	assert.Contains(t, run.stdout, "::error file=deployed.txt,line=3,title=removed-url::removed URL /team/: the last deploy served it; now it answers 404")
	run = r.use(map[string]string{"command": "markdown", "previous": "deployed.txt"}).steps["run"]
	assert.Equal(t, 2, run.code)
	assert.Contains(t, run.stdout, "::error title=devdocs checks::previous is the last deploy to compare the build with, for all and links; checks markdown reads no build")

	// save-deploy: the build's deploy record, which the next run's
	// previous compares with; refused where no build is read.
	run = r.use(map[string]string{"command": "links", "save-deploy": "deploy.json"}).steps["run"]
	assert.Equal(t, 0, run.code, run.stdout+run.stderr)
	record, err := os.ReadFile(filepath.Join(work, "deploy.json"))
	require.NoError(t, err)
	assert.Contains(t, string(record), `"url":"/blog","file":"blog.html"`)
	run = r.use(map[string]string{"command": "links", "previous": "deploy.json"}).steps["run"]
	assert.Equal(t, 0, run.code, "the build it was saved from lost nothing: %s", run.stdout+run.stderr)
	run = r.use(map[string]string{"command": "markdown", "save-deploy": "deploy.json"}).steps["run"]
	assert.Equal(t, 2, run.code)
	assert.Contains(t, run.stdout, "::error title=devdocs checks::save-deploy writes the deploy record of the build, for all and links; checks markdown reads no build")

	run = r.use(map[string]string{"command": "lnks"}).steps["run"]
	assert.Equal(t, 2, run.code)
	assert.Contains(t, run.stdout, "::error title=devdocs checks::unknown command 'lnks'")

	run = r.use(map[string]string{"command": "links", "args": "--base-url /repo/"}).steps["run"]
	assert.Equal(t, 2, run.code)
	assert.Contains(t, run.stdout, "::error title=devdocs checks::args takes one argument per line: write '--base-url' and '/repo/' on two lines (or '--base-url=/repo/')")

	run = r.use(map[string]string{"command": "links", "directory": "public"}).steps["run"]
	assert.Equal(t, 2, run.code)
	assert.Contains(t, run.stderr, "public is not a directory")
	assert.Contains(t, run.stdout, "checks links could not run (exit 2)")

	// Three jobs of one workflow run, two of them a matrix: artifact names
	// and code-scanning categories last for the whole run, so each carries
	// its job's id and matrix index (the upload above fails a name used
	// twice in a run). The jobs restore the checks built above from the
	// cache, as at a release tag, so nothing is built again.
	store := t.TempDir()
	built, err := os.ReadFile(filepath.Join(r.temp, "devdocs-checks/source-bin/checks"))
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(store, "devdocs-checks-9.9.8-linux_amd64"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(store, "devdocs-checks-9.9.8-linux_amd64/checks"), built, 0o755))
	wf := newWorkflowRun(store)
	var uploads []string
	for _, job := range []struct {
		id           string
		index, total int
	}{{"test", 0, 2}, {"test", 1, 2}, {"docs", 0, 1}} {
		j := newJob(t, a, root, "v9.9.8", work, wf)
		j.job, j.index, j.total = job.id, job.index, job.total
		j.env = []string{"DEVDOCS_CHECKS_RELEASES=http://127.0.0.1:9"} // a cache miss downloads nothing
		res := j.use(map[string]string{"command": "links", "sarif": "true"})
		require.Contains(t, res.steps["install"].stdout, "from the cache")
		uploads = append(uploads, res.uploads...)
	}
	assert.Equal(t, []string{
		"github/codeql-action/upload-sarif devdocs-checks-test-0", "actions/upload-artifact docs-gate-report-test-0",
		"github/codeql-action/upload-sarif devdocs-checks-test-1", "actions/upload-artifact docs-gate-report-test-1",
		"github/codeql-action/upload-sarif devdocs-checks-docs", "actions/upload-artifact docs-gate-report-docs",
	}, uploads)
}

// runner is one job of a GitHub runner: its id (and index in a matrix of
// total jobs), its temporary folder and tool cache, the files its steps
// write to (GITHUB_OUTPUT, …), the PATH earlier steps added, and the
// workflow run it is a job of.
type runner struct {
	t                          *testing.T
	a                          action
	actionPath, ref, workspace string
	job                        string
	index, total               int
	temp, toolCache            string
	env                        []string
	path                       []string
	uses                       []useResult
	workflow                   *workflowRun
}

// workflowRun is what the jobs of one workflow run share: actions/cache's
// store, and the artifact names uploaded, which GitHub allows once per run.
type workflowRun struct {
	cacheStore string
	artifacts  map[string]bool
}

func newWorkflowRun(cacheStore string) *workflowRun {
	return &workflowRun{cacheStore: cacheStore, artifacts: map[string]bool{}}
}

type useResult struct {
	steps   map[string]stepResult // by id, and by name for steps without one
	used    []string              // the actions run by uses: steps
	uploads []string              // "action name" of each upload
}

// newRunner is the job "docs", alone in a workflow run of its own.
func newRunner(t *testing.T, a action, actionPath, ref, workspace string) *runner {
	return newJob(t, a, actionPath, ref, workspace, newWorkflowRun(t.TempDir()))
}

// newJob is the job "docs" (no matrix) of run; set job, index and total for others.
func newJob(t *testing.T, a action, actionPath, ref, workspace string, run *workflowRun) *runner {
	return &runner{t: t, a: a, actionPath: actionPath, ref: ref, workspace: workspace, job: "docs", total: 1,
		temp: t.TempDir(), toolCache: t.TempDir(), workflow: run}
}

func (r *runner) summary() string {
	b, _ := os.ReadFile(filepath.Join(r.temp, "github_step_summary"))
	return string(b)
}

// use runs every step of the action with inputs, as one `uses:` of it in
// the job: `if:` conditions evaluated, expressions replaced, the actions it
// uses simulated (actions/cache/restore and save read and write the store,
// setup-go keeps the Go on PATH, uploads are recorded, and an artifact name
// uploaded twice fails as on GitHub).
func (r *runner) use(inputs map[string]string) useResult {
	t := r.t
	t.Helper()
	res := useResult{steps: map[string]stepResult{}}
	outputs := map[string]map[string]string{}
	failed := false
	eval := func(expr string) string {
		switch {
		case expr == "github.action_path":
			return r.actionPath
		case expr == "github.action_ref":
			return r.ref
		case expr == "github.job":
			return r.job
		case expr == "strategy.job-index":
			return strconv.Itoa(r.index)
		case expr == "strategy.job-total":
			return strconv.Itoa(r.total)
		case strings.HasPrefix(expr, "inputs."):
			name := strings.TrimPrefix(expr, "inputs.")
			if v, set := inputs[name]; set {
				return v
			}
			return r.a.Inputs[name].Default
		case strings.HasPrefix(expr, "steps."):
			parts := strings.Split(expr, ".") // steps.ID.outputs.NAME
			require.Len(t, parts, 4, expr)
			return outputs[parts[1]][parts[3]]
		}
		t.Fatalf("the test knows no expression %s", expr)
		return ""
	}
	text := func(s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string { return eval(expression.FindStringSubmatch(m)[1]) })
	}
	cond := func(s string) bool {
		if s == "" {
			return !failed
		}
		always := false
		for _, term := range strings.Split(s, " && ") {
			term = strings.TrimSpace(term)
			if term == "always()" {
				always = true
				continue
			}
			lhs, rhs, eq := strings.Cut(term, " == ")
			if !eq {
				lhs, rhs, _ = strings.Cut(term, " != ")
			}
			if (eval(lhs) == strings.Trim(rhs, "'")) != eq {
				return false
			}
		}
		return always || !failed
	}
	for _, s := range r.a.Runs.Steps {
		if !cond(s.If) {
			continue
		}
		if s.Uses != "" {
			name := strings.Split(s.Uses, "@")[0]
			res.used = append(res.used, name)
			with := map[string]string{}
			for k, v := range s.With {
				with[k] = text(v)
			}
			switch name {
			case "actions/cache/restore":
				if stored := filepath.Join(r.workflow.cacheStore, with["key"]); isDir(stored) {
					require.NoError(t, os.RemoveAll(with["path"])) // the restore writes over what is there
					require.NoError(t, os.CopyFS(with["path"], os.DirFS(stored)))
				}
			case "actions/cache/save":
				if stored := filepath.Join(r.workflow.cacheStore, with["key"]); !isDir(stored) {
					require.NoError(t, os.CopyFS(stored, os.DirFS(with["path"])))
				}
			case "actions/upload-artifact":
				if r.workflow.artifacts[with["name"]] {
					t.Errorf("upload-artifact: an artifact named %q was already uploaded in this run", with["name"])
				}
				r.workflow.artifacts[with["name"]] = true
				res.uploads = append(res.uploads, name+" "+with["name"])
			case "github/codeql-action/upload-sarif":
				res.uploads = append(res.uploads, name+" "+with["category"])
			}
			continue
		}
		out := r.run(s, text)
		res.steps[cmp.Or(s.ID, s.Name)] = out
		if s.ID != "" {
			outputs[s.ID] = out.outputs
		}
		if out.code != 0 {
			failed = true
		}
	}
	r.uses = append(r.uses, res)
	return res
}

type stepResult struct {
	code           int
	stdout, stderr string
	outputs        map[string]string
	took           time.Duration
}

// run runs one step's script with bash as a composite action runs it, the
// runner's files and variables set, its env and working-directory evaluated.
func (r *runner) run(s step, text func(string) string) stepResult {
	t := r.t
	files := map[string]string{}
	for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_PATH", "GITHUB_ENV"} {
		files[f] = filepath.Join(r.temp, strings.ToLower(f))
	}
	for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_ENV"} { // per step; the summary lasts the job
		require.NoError(t, os.WriteFile(files[f], nil, 0o644))
	}
	env := append(os.Environ(), "CI=true", "GITHUB_ACTIONS=true", "RUNNER_OS=Linux", "RUNNER_ARCH=X64",
		"RUNNER_TEMP="+r.temp, "RUNNER_TOOL_CACHE="+r.toolCache, "GITHUB_ACTION_PATH="+r.actionPath, "GITHUB_WORKSPACE="+r.workspace)
	env = append(env, r.env...)
	if len(r.path) > 0 {
		env = append(env, "PATH="+strings.Join(r.path, ":")+":"+os.Getenv("PATH"))
	}
	for k, v := range files {
		env = append(env, k+"="+v)
	}
	for k, v := range s.Env {
		env = append(env, k+"="+text(v))
	}
	script := filepath.Join(r.temp, "step.sh")
	require.NoError(t, os.WriteFile(script, []byte(s.Run), 0o644))
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Env, cmd.Dir = env, filepath.Join(r.workspace, text(s.WorkingDirectory))
	if wd := text(s.WorkingDirectory); filepath.IsAbs(wd) || r.workspace == "" {
		cmd.Dir = wd
	}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res := stepResult{stdout: stdout.String(), stderr: stderr.String(), outputs: map[string]string{}, took: time.Since(start)}
	if exit, ok := err.(*exec.ExitError); ok {
		res.code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	out, _ := os.ReadFile(files["GITHUB_OUTPUT"])
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			res.outputs[k] = v
		}
	}
	// GITHUB_PATH lasts for the job: earlier additions come first on PATH... after later ones.
	if p, _ := os.ReadFile(files["GITHUB_PATH"]); len(p) > 0 {
		r.path = append(strings.Fields(string(p)), r.path...)
	}
	return res
}

func isDir(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}

// Every use of the action the README and the manual show is valid YAML
// and sets only inputs the action has: a recipe copied into a workflow
// must not set one GitHub would ignore with a warning.
func TestRecipesSetTheActionsInputs(t *testing.T) {
	a, _ := loadAction(t)
	files, _ := filepath.Glob("../../docs/*.md")
	uses := 0
	for _, f := range append(files, "../../README.md") {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, block := range regexp.MustCompile("(?s)```ya?ml\n(.*?)```").FindAllStringSubmatch(string(raw), -1) {
			if !strings.Contains(block[1], "devdocs-dev/devdocs@") {
				continue
			}
			var doc any
			require.NoError(t, yaml.Unmarshal([]byte(block[1]), &doc), "%s:\n%s", f, block[1])
			for _, with := range actionUses(doc) {
				uses++
				for k := range with {
					assert.Contains(t, a.Inputs, k, "%s sets an input the action does not have", f)
				}
			}
		}
	}
	assert.NotZero(t, uses)
}

// actionUses are the with: maps of each step of doc that uses the action.
func actionUses(doc any) []map[string]any {
	var out []map[string]any
	switch v := doc.(type) {
	case map[string]any:
		if u, _ := v["uses"].(string); strings.HasPrefix(u, "devdocs-dev/devdocs@") {
			with, _ := v["with"].(map[string]any)
			out = append(out, with)
		}
		for _, x := range v {
			out = append(out, actionUses(x)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, actionUses(x)...)
		}
	}
	return out
}
