package checkscmd

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every key of checks.json has the release that introduced it.
func TestKeySince(t *testing.T) {
	for _, key := range schemaKeys(reflect.TypeOf(Config{}), "") {
		_, ok := keySince[key]
		assert.True(t, ok, "checks.json key %q: add it to keySince with the release it ships in", key)
	}
	assert.Equal(t, "v1.3.0", keySince["markdown.exclude"])
}

// A checks.json written for a newer checks: the older binary names the
// release to upgrade to, before it meets the keys it does not know.
func TestRequires(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"site/index.html": "<p>"})
	run := func(config string) (int, string) {
		write(t, map[string]string{"checks.json": config})
		var out, errOut bytes.Buffer
		return Run([]string{"links", "site"}, &out, &errOut, false), errOut.String()
	}
	defer func(v string) { stampVersion = v }(stampVersion)
	stampVersion = "v1.3.0"

	code, msg := run("{\n  \"requires\": \"v1.5.0\",\n  \"linkRewrites\": {}\n}\n")
	assert.Equal(t, 2, code)
	assert.Equal(t, "checks links: checks.json:2:3: this checks.json requires checks v1.5.0 or later, and this is checks v1.3.0: upgrade checks (CHANGELOG.md says what each release added)\n", msg)

	code, msg = run(`{"requires": "v1.3.0", "site": "site"}`)
	assert.Equal(t, 0, code, msg)

	code, msg = run(`{"requires": "1.3"}`)
	assert.Equal(t, 2, code)
	assert.Contains(t, msg, `checks.json:1:2: "requires" must be a release of checks such as "v1.3.0", not "1.3"`)

	// A newer binary holds "requires" to the keys the file uses.
	keySince["host"] = "v1.4.0"
	defer func() { keySince["host"] = "v1.3.0" }()
	stampVersion = "v1.4.0"
	code, msg = run(`{"requires": "v1.3.0", "host": "netlify"}`)
	assert.Equal(t, 2, code)
	assert.Contains(t, msg, `checks.json:1:24: "host" came in checks v1.4.0, but "requires" says v1.3.0: raise "requires" to v1.4.0`)
}
