package diag

import "strings"

// PassPrefix starts the message of an Info diagnostic that records a passed
// expectation (checks browser reports what it saw either way).
const PassPrefix = "ok: "

// Passed reports whether d records a pass rather than a problem.
func (d Diagnostic) Passed() bool {
	return d.Severity == Info && strings.HasPrefix(d.Message, PassPrefix)
}
