package diag

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A file name is bytes, not text: "caf\xe9.html" is a latin-1 name no
// UTF-8 decoder keeps (JSON would write U+FFFD, and the report would name
// a file that does not exist), and "a\n.md" would break a line of output.
// So every format names a file (a diagnostic's File, Source and Target)
// by one rule, reversible and never ambiguous:
//
//   - a name that is valid UTF-8, holds nothing Printable escapes, and
//     does not start with a double quote is written as it is;
//   - any other is written as a Go string literal, quotes included:
//     "\"site/caf\\xe9.html\"" (strconv.Quote). Such a value, and only
//     such a value, starts with a double quote, and strconv.Unquote gives
//     back the exact bytes (ParseName).
//
// JSON escapes control and bidirectional characters itself, so there only
// names that are not UTF-8 (or start with a double quote) are quoted:
// every other name stays exactly what it was.

// Name is a file name as the text formats write it.
func Name(s string) string {
	if strings.HasPrefix(s, `"`) || Printable(s) != s {
		return strconv.Quote(s)
	}
	return s
}

// jsonName is a file name as the JSON holds it.
func jsonName(s string) string {
	if strings.HasPrefix(s, `"`) || !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return s
}

// ParseName is the file name a format wrote as s (Name, or the JSON's).
func ParseName(s string) string {
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

// Named is d with its file names as the text formats write them (Name).
func (d Diagnostic) Named() Diagnostic {
	d.File, d.Source, d.Target = Name(d.File), Name(d.Source), Name(d.Target)
	return d
}

// plainDiagnostic is Diagnostic without its JSON methods.
type plainDiagnostic Diagnostic

// MarshalJSON writes the file names by the JSON's rule (jsonName).
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	return json.Marshal(d.forJSON())
}

func (d Diagnostic) forJSON() plainDiagnostic {
	d.File, d.Source, d.Target = jsonName(d.File), jsonName(d.Source), jsonName(d.Target)
	return plainDiagnostic(d)
}

// UnmarshalJSON reads the file names back to their bytes (ParseName).
func (d *Diagnostic) UnmarshalJSON(b []byte) error {
	var p plainDiagnostic
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*d = Diagnostic(p)
	d.File, d.Source, d.Target = ParseName(d.File), ParseName(d.Source), ParseName(d.Target)
	return nil
}
