package mdscan

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// goldmark reads a paragraph of link reference definitions ("[id]: /url")
// one definition at a time, copying what is left of the paragraph each
// time: 100,000 definitions in a row take minutes. A file with that many
// has its plain one-line definitions lifted out before the parse: each is
// given to the parser's context, where reference links find it, and its
// line blanked (same bytes, same newlines), so every other offset, line
// and column stays where it was and the paragraphs left are small. Only
// lines that start a paragraph (after a blank or lifted line, outside code
// fences) are lifted: a definition cannot interrupt a paragraph.

// liftAbove is how many lines starting with "[" make lifting worth it.
var liftAbove = 1000

var (
	refDef = regexp.MustCompile(`^ {0,3}\[((?:[^\[\]\\]|\\.){1,999})\]:[ \t]*(<[^<>\n]*>|[^ \t\n<][^ \t\n]*)` +
		`(?:[ \t]+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*\r?$`)
	fence = regexp.MustCompile("^ {0,3}(```+|~~~+)")
)

// liftDefinitions returns src with its lifted definitions blanked, having
// added them to ctx; src itself when it has few.
func liftDefinitions(src []byte, ctx parser.Context) []byte {
	if bytes.Count(src, []byte("\n[")) < liftAbove {
		return src
	}
	out := bytes.Clone(src)
	var open []byte // the fence a code block was opened with
	paragraphStart := true
	for start := 0; start < len(out); {
		end := bytes.IndexByte(out[start:], '\n')
		if end < 0 {
			end = len(out)
		} else {
			end += start
		}
		line := out[start:end]
		switch m := fence.FindSubmatch(line); {
		case open != nil:
			if m != nil && m[1][0] == open[0] && len(m[1]) >= len(open) {
				open = nil
			}
			paragraphStart = false
		case m != nil:
			open, paragraphStart = bytes.Clone(m[1]), false
		case len(bytes.TrimSpace(line)) == 0:
			paragraphStart = true
		case paragraphStart && refDef.Match(line):
			ctx.AddReference(definition(line))
			for i := range line {
				if line[i] != '\r' {
					line[i] = ' '
				}
			}
		default:
			paragraphStart = false
		}
		start = end + 1
	}
	return out
}

// definition is the reference a one-line definition makes.
func definition(line []byte) parser.Reference {
	d := refDef.FindSubmatch(line)
	dest := bytes.TrimSuffix(bytes.TrimPrefix(d[2], []byte("<")), []byte(">"))
	var title []byte
	if len(d[3]) >= 2 {
		title = d[3][1 : len(d[3])-1]
	}
	return parser.NewReference(bytes.Clone(d[1]), bytes.Clone(dest), bytes.Clone(title))
}

// lastDefinitions gives ctx, before the parse, the last of each label's
// one-line definitions (outside code fences): Python-Markdown keeps the
// last, where CommonMark, and so the parser, keeps the first it is given.
func lastDefinitions(src []byte, ctx parser.Context) {
	last := map[string]parser.Reference{}
	var order []string
	var open []byte
	for _, line := range bytes.Split(src, []byte("\n")) {
		switch m := fence.FindSubmatch(line); {
		case open != nil:
			if m != nil && m[1][0] == open[0] && len(m[1]) >= len(open) {
				open = nil
			}
		case m != nil:
			open = bytes.Clone(m[1])
		case refDef.Match(line):
			ref := definition(line)
			key := util.ToLinkReference(ref.Label())
			if _, seen := last[key]; !seen {
				order = append(order, key)
			}
			last[key] = ref
		}
	}
	for _, key := range order {
		ctx.AddReference(last[key])
	}
}
