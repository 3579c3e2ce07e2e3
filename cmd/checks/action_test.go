package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
	assert.Equal(t, []string{"actions/setup-go", "github/codeql-action/upload-sarif", "actions/upload-artifact"}, uses)

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

// The action's scripts, run here as a runner runs them: the install step
// builds checks from this checkout, the run step checks a fixture site.
func TestActionRunsOnASite(t *testing.T) {
	a, _ := loadAction(t)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	runner := t.TempDir()
	bin := runStep(t, a, "Install checks", nil, root, runner, "")
	assert.Contains(t, bin.stdout, "checks ", "the install step prints the version it built")

	work := filepath.Join(t.TempDir(), "repo")
	unpackTxtar(t, "../../testdata/action/site.txtar", work)
	res := runStep(t, a, "run", map[string]string{"command": "links", "args": "--on-broken-anchors throw"}, root, runner, work)
	assert.Equal(t, 1, res.code, "a broken link fails the step: %s", res.stdout)
	assert.Equal(t, "1", res.outputs["code"])
	assert.Contains(t, res.stdout, "::error file=build/index.html,line=3,col=10,title=broken-link::broken link \"/blog\"")
	assert.Contains(t, res.stdout, "::error file=build/about/index.html,line=3,col=10,title=broken-link::")
	assert.Contains(t, res.stdout, "::error file=build/index.html,line=4,col=10,title=broken-anchor::")
	assert.Contains(t, res.summary, "### Docs gate: 3 errors")
	assert.Contains(t, res.summary, `broken link "/blog": no file answers /blog — on 2 pages`)
	assert.Contains(t, res.summary, "[/about](https://docs.example.com/about)", "pages are linked at siteUrl")
	assert.Contains(t, res.summary, "is the `docs-gate-report` artifact of this run.")
	var sarif struct{ Version string }
	raw, err := os.ReadFile(res.outputs["sarif"])
	require.NoError(t, err, "the sarif output names the file")
	require.NoError(t, json.Unmarshal(raw, &sarif))
	assert.Equal(t, "2.1.0", sarif.Version)
	assert.FileExists(t, filepath.Join(res.outputs["dir"], "report.html"))

	require.NoError(t, os.WriteFile(filepath.Join(work, "build/blog.html"), []byte("<h1>Blog</h1>"), 0o644))
	res = runStep(t, a, "run", map[string]string{"command": "links"}, root, runner, work)
	assert.Equal(t, 0, res.code, "warnings only: %s", res.stdout)
	assert.Contains(t, res.stdout, "::warning file=build/index.html,line=4,col=10,title=broken-anchor::")

	res = runStep(t, a, "run", map[string]string{"command": "lnks"}, root, runner, work)
	assert.Equal(t, 2, res.code)
	assert.Contains(t, res.stdout, "::error title=devdocs checks::unknown command 'lnks'")

	res = runStep(t, a, "run", map[string]string{"command": "links", "directory": "public"}, root, runner, work)
	assert.Equal(t, 2, res.code)
	assert.Contains(t, res.stderr, "public is not a directory")
	assert.Contains(t, res.stdout, "checks links could not run (exit 2)")
}

type stepResult struct {
	code                    int
	stdout, stderr, summary string
	outputs                 map[string]string
}

// runStep runs one step's script (found by id or name) with bash as a
// composite action runs it, the runner's files and variables set, and the
// step's env and working-directory expressions evaluated from inputs.
func runStep(t *testing.T, a action, which string, inputs map[string]string, actionPath, runner, workspace string) stepResult {
	t.Helper()
	var s *step
	for i := range a.Runs.Steps {
		if a.Runs.Steps[i].ID == which || a.Runs.Steps[i].Name == which {
			s = &a.Runs.Steps[i]
		}
	}
	require.NotNil(t, s, "no step %q", which)
	eval := func(text string) string {
		return expression.ReplaceAllStringFunc(text, func(m string) string {
			expr := expression.FindStringSubmatch(m)[1]
			if expr == "github.action_path" {
				return actionPath
			}
			name, ok := strings.CutPrefix(expr, "inputs.")
			require.True(t, ok, "the test knows no expression %s", m)
			if v, set := inputs[name]; set {
				return v
			}
			return a.Inputs[name].Default
		})
	}
	files := map[string]string{}
	for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_PATH", "GITHUB_ENV"} {
		files[f] = filepath.Join(runner, strings.ToLower(f))
		require.NoError(t, os.WriteFile(files[f], nil, 0o644))
	}
	env := append(os.Environ(), "CI=true", "GITHUB_ACTIONS=true", "RUNNER_TEMP="+runner, "GITHUB_ACTION_PATH="+actionPath, "GITHUB_WORKSPACE="+workspace)
	path, _ := os.ReadFile(filepath.Join(runner, "path")) // what earlier steps added
	if bins := strings.Fields(string(path)); len(bins) > 0 {
		env = append(env, "PATH="+strings.Join(bins, ":")+":"+os.Getenv("PATH"))
	}
	for k, v := range files {
		env = append(env, k+"="+v)
	}
	for k, v := range s.Env {
		env = append(env, k+"="+eval(v))
	}
	script := filepath.Join(runner, "step.sh")
	require.NoError(t, os.WriteFile(script, []byte(s.Run), 0o644))
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Env, cmd.Dir = env, filepath.Join(workspace, eval(s.WorkingDirectory))
	if workspace == "" {
		cmd.Dir = eval(s.WorkingDirectory)
	}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := stepResult{stdout: stdout.String(), stderr: stderr.String(), outputs: map[string]string{}}
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
	summary, _ := os.ReadFile(files["GITHUB_STEP_SUMMARY"])
	res.summary = string(summary)
	// GITHUB_PATH lasts for the job: keep it for the next step.
	if p, _ := os.ReadFile(files["GITHUB_PATH"]); len(p) > 0 {
		require.NoError(t, os.WriteFile(filepath.Join(runner, "path"), p, 0o644))
	}
	return res
}
