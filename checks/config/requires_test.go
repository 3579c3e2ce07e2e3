package config

import (
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
	load := func(doc, release string) error {
		t.Helper()
		_, err := loadDoc(t, doc, release)
		return err
	}
	assert.EqualError(t, load("{\n  \"requires\": \"v1.5.0\",\n  \"linkRewrites\": {}\n}\n", "v1.3.0"),
		"checks.json:2:3: this checks.json requires checks v1.5.0 or later, and this is checks v1.3.0: upgrade checks (CHANGELOG.md says what each release added)")
	assert.NoError(t, load(`{"requires": "v1.3.0", "site": "site"}`, "v1.3.0"))
	assert.NoError(t, load(`{"requires": "v1.5.0"}`, ""), "a build that is no release takes any")
	assert.EqualError(t, load(`{"requires": "1.3"}`, "v1.3.0"),
		`checks.json:1:2: "requires" must be a release of checks such as "v1.3.0", not "1.3"`)

	// A newer binary holds "requires" to the keys the file uses.
	keySince["host"] = "v1.4.0"
	defer func() { keySince["host"] = "v1.3.0" }()
	assert.ErrorContains(t, load(`{"requires": "v1.3.0", "host": "netlify"}`, "v1.4.0"),
		`checks.json:1:24: "host" came in checks v1.4.0, but "requires" says v1.3.0: raise "requires" to v1.4.0`)
	assert.NoError(t, load(`{"requires": "v1.4.0", "host": "netlify"}`, "v1.4.0"))
}

func TestIsRelease(t *testing.T) {
	for v, want := range map[string]bool{"v1.3.0": true, "v1.3.0-rc.1": true, "v1.3": false, "1.3.0": false, "devel": false, "v1.x.0": false} {
		assert.Equal(t, want, IsRelease(v), v)
	}
}
