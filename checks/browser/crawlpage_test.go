package browser

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Each library's words for a mismatch, as its sources write them, name that
// library; Svelte's development message quotes React's words after its own
// name, and is still Svelte's. Anything else stays the check it came as.
func TestHydrationNamesTheLibrary(t *testing.T) {
	for msg, library := range map[string]string{
		"uncaught exception: Error: Minified React error #418; visit https://react.dev/errors/418?args[]=HTML&args[]= for the full message":                                                      "React",
		"console.error: Hydration failed because the server rendered HTML didn't match the client. As a result this tree will be regenerated":                                                    "React",
		"console.error: A tree hydrated but some attributes of the server rendered HTML didn't match the client properties.":                                                                     "React",
		"console.error: Hydration completed but contains mismatches.":                                                                                                                            "Vue",
		"console.warn: [Vue warn]: Hydration node mismatch:\n- rendered on server: <p> - expected on client: div":                                                                                "Vue",
		"console.warn: %c[svelte] hydration_mismatch\n%cHydration failed because the initial UI does not match what was rendered on the server":                                                  "Svelte",
		"uncaught exception: Error: https://svelte.dev/e/hydration_failed":                                                                                                                       "Svelte",
		`console.error: Expected a DOM node of type "p" but found "div" as available DOM-node(s), this is caused by the SSR'd HTML containing different DOM-nodes compared to the hydrated one.`: "Preact",
	} {
		got := hydrationOr(Finding{Check: registry.ConsoleError, Message: msg})
		assert.Equal(t, Finding{Check: registry.HydrationMismatch, Message: library + " hydration: " + msg}, got)
	}
	other := Finding{Check: registry.PageException, Message: "uncaught exception: Error: Minified React error #185; visit https://react.dev/errors/185"}
	assert.Equal(t, other, hydrationOr(other), "React's other errors are no mismatch")
}
