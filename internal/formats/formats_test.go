package formats

import (
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formats.d.ts is what the Go types say today: a field added, renamed or
// removed in a writer fails here until the declarations are regenerated,
// and then `make typecheck` fails where a TypeScript reader disagrees.
func TestDeclarationsAreCurrent(t *testing.T) {
	got, err := os.ReadFile("formats.d.ts")
	require.NoError(t, err)
	assert.Equal(t, TypeScript(), string(got), "formats.d.ts is stale: run go generate ./internal/formats")
}

type inner struct {
	A string `json:"a"`
}

type sample struct {
	Plain    string `json:"plain"`
	Optional int    `json:"optional,omitempty"`
	Skipped  string `json:"-"`
	hidden   string // unexported: never written
	Untagged bool
	Ptr      *inner            `json:"ptr,omitempty"`
	List     []inner           `json:"list"`
	ByName   map[string][]bool `json:"byName"`
	inner
}

func TestDeclarationsFollowEncodingJSON(t *testing.T) {
	g := &generator{names: map[string]reflect.Type{}}
	assert.Equal(t, "sample[]", g.tsType(reflect.TypeFor[[]*sample]()))
	assert.Equal(t, []string{
		"/** Go: internal/formats.inner */\nexport interface inner {\n  a: string;\n}\n",
		"/** Go: internal/formats.sample */\nexport interface sample {\n  plain: string;\n  optional?: number;\n  Untagged: boolean;\n  ptr?: inner;\n  list: inner[];\n  byName: Record<string, boolean[]>;\n  a: string;\n}\n",
	}, g.decls)
}

// Route is not checks/routes.Route: declaring both under one name would
// make one of them silently wrong.
type Route struct{ X int }

func TestTwoTypesOfOneNameAreAnError(t *testing.T) {
	g := &generator{names: map[string]reflect.Type{}}
	g.tsType(reflect.TypeFor[Route]())
	assert.PanicsWithValue(t, "formats: github.com/devdocs-dev/devdocs/internal/formats and github.com/devdocs-dev/devdocs/checks/routes would both be declared as Route",
		func() { g.tsType(Files[0].Type) })
}
