package checkscmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"--version"}, &out, &errOut, false))
	assert.True(t, strings.HasPrefix(out.String(), "checks "), out.String())
}
