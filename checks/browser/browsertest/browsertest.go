// Package browsertest starts Chromium for the tests that take the browser
// as their oracle: what it does with a page is what the gate must predict.
package browsertest

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/browser"
)

// Path is the browser the tests run: $CHROMIUM, else the one the gate
// would run (browser.DefaultChromium).
func Path() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return browser.DefaultChromium()
}

// Launch starts the browser for one test and stops it when the test ends.
// Without one the test is skipped, saying why; under CI, where `make test`
// installs it, a missing browser fails the test instead.
func Launch(t testing.TB) *browser.Browser {
	t.Helper()
	path := Path()
	b, err := browser.Launch(context.Background(), path)
	switch {
	case errors.Is(err, browser.ErrNoChromium) && os.Getenv("CI") == "":
		t.Skipf("no browser, and it is this test's oracle: %v", err)
	case err != nil:
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	t.Logf("oracle: %s at %s", b.Version, path)
	return b
}

// JS is v as a JavaScript literal (JSON), to put Go values into an
// expression the browser evaluates: no string can break out of its quotes.
func JS(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only values a test builds are passed: a bug in the test
	}
	return string(b)
}
