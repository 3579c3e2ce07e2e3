package preset

import (
	"bytes"
	"errors"
	"math/big"
	"regexp"
	"slices"

	"go.starlark.net/syntax"
)

// A conf.py is a Python program, which the gate does not run. What a
// preset reads of it are the names its top level binds to literals
// (myst_heading_anchors = 2, exclude_patterns = [...]), and those it
// computes. They are read with Starlark's parser: Starlark is a dialect of
// Python whose expressions and assignments are Python's. A statement it
// does not parse (import, class, try, with, an f-string, a set literal) is
// blanked, and the file parsed again; a name such a statement binds is
// computed, as is one bound in an if or a for, or to anything but a
// literal. Of two bindings of a name, the later counts, as in Python.

// pythonOptions allow what a conf.py's top level does beyond Starlark's
// default: if and for statements, rebinding a name.
var pythonOptions = &syntax.FileOptions{TopLevelControl: true, GlobalReassign: true, While: true, Set: true}

// parsePython reads the names a Python file's top level binds: literals
// as strings, numbers, bools, lists ([]any) and dicts (map[string]any);
// anything else as computedValue. It fails only on a file it cannot read
// at all; a statement it cannot parse is taken out (above).
func parsePython(src []byte) (map[string]any, error) {
	src = bytes.Clone(src)
	var binds []binding
	for tries := 0; ; tries++ {
		f, err := pythonOptions.Parse("conf.py", src, 0)
		if err == nil {
			for _, s := range f.Stmts {
				binds = append(binds, topBindings(s)...)
			}
			break
		}
		var se syntax.Error
		if !errors.As(err, &se) || tries > 1000 {
			return nil, configError{0, err.Error()}
		}
		binds = append(binds, blankStatement(src, int(se.Pos.Line))...)
	}
	slices.SortStableFunc(binds, func(a, b binding) int { return a.line - b.line })
	out := map[string]any{}
	for _, b := range binds {
		if b.add {
			b.value = appended(out[b.name], b.value)
		}
		out[b.name] = b.value
	}
	return out, nil
}

// binding is a name bound at a line, to a value; add: by +=.
type binding struct {
	line  int
	name  string
	value any
	add   bool
}

// topBindings are the names a top-level statement binds: to a literal's
// value by = or +=, else computed (in an if or a for, a def's name).
func topBindings(s syntax.Stmt) []binding {
	line := func(n syntax.Node) int { p, _ := n.Span(); return int(p.Line) }
	switch s := s.(type) {
	case *syntax.AssignStmt:
		id, ok := s.LHS.(*syntax.Ident)
		if !ok {
			return nil // a[0] = …, x.y = …: no name of the file's
		}
		switch s.Op {
		case syntax.EQ:
			return []binding{{line(s), id.Name, literal(s.RHS), false}}
		case syntax.PLUS_EQ:
			return []binding{{line(s), id.Name, literal(s.RHS), true}}
		}
		return []binding{{line(s), id.Name, computedValue{}, false}}
	case *syntax.IfStmt, *syntax.ForStmt, *syntax.WhileStmt:
		var out []binding
		syntax.Walk(s, func(n syntax.Node) bool {
			if a, ok := n.(*syntax.AssignStmt); ok {
				if id, ok := a.LHS.(*syntax.Ident); ok {
					out = append(out, binding{line(a), id.Name, computedValue{}, false})
				}
			}
			_, def := n.(*syntax.DefStmt)
			return !def // a def's names are its own
		})
		return out
	case *syntax.DefStmt:
		return []binding{{line(s), s.Name.Name, computedValue{}, false}}
	}
	return nil
}

// literal is the value of a literal expression, or computedValue.
func literal(e syntax.Expr) any {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return literal(e.X)
	case *syntax.Literal:
		switch v := e.Value.(type) {
		case string, int64, float64:
			return v
		case *big.Int:
			return computedValue{} // too large for a setting
		}
	case *syntax.Ident:
		switch e.Name {
		case "True":
			return true
		case "False":
			return false
		case "None":
			return nil
		}
	case *syntax.UnaryExpr:
		if e.Op == syntax.MINUS {
			switch v := literal(e.X).(type) {
			case int64:
				return -v
			case float64:
				return -v
			}
		}
	case *syntax.ListExpr:
		return literals(e.List)
	case *syntax.TupleExpr:
		return literals(e.List)
	case *syntax.DictExpr:
		m := map[string]any{}
		for _, entry := range e.List {
			de := entry.(*syntax.DictEntry)
			k, ok := literal(de.Key).(string)
			if !ok {
				return computedValue{}
			}
			m[k] = literal(de.Value)
		}
		return m
	}
	return computedValue{}
}

// literals is a list of literals, or computedValue when one is not.
func literals(es []syntax.Expr) any {
	out := make([]any, 0, len(es))
	for _, e := range es {
		v := literal(e)
		if _, computed := v.(computedValue); computed {
			return v
		}
		out = append(out, v)
	}
	return out
}

// appended is a list with more added (+=), computed unless both are lists.
func appended(list, more any) any {
	l, ok1 := list.([]any)
	m, ok2 := more.([]any)
	if !ok1 || !ok2 {
		return computedValue{}
	}
	return append(slices.Clone(l), m...)
}

// pythonBinds are the names a line binds by =, += or an annotated =.
var pythonBinds = regexp.MustCompile(`^[ \t]*([A-Za-z_]\w*)[ \t]*(?:=[^=]|\+=|:[^=\n]*=[^=])`)

// blankStatement blanks the top-level statement that holds line (1-based)
// of src, keeping every line where it is: from the line above it that
// starts at the first column to the line before the next that does (a
// closing bracket, else, elif, except and finally continue a statement).
// It gives the names the statement binds, each computed.
func blankStatement(src []byte, line int) []binding {
	lines := bytes.SplitAfter(src, []byte("\n"))
	line = min(max(line, 1), len(lines))
	start := line - 1
	for start > 0 && !startsStatement(lines[start]) || start > 0 && continues(lines[start-1]) {
		start--
	}
	end := line // one past the last line blanked
	for end < len(lines) && (!startsStatement(lines[end]) || continues(lines[end-1])) {
		end++
	}
	var out []binding
	for i := start; i < end; i++ {
		if m := pythonBinds.FindSubmatch(lines[i]); m != nil {
			out = append(out, binding{i + 1, string(m[1]), computedValue{}, false})
		}
		for j, c := range lines[i] {
			if c != '\n' {
				lines[i][j] = ' '
			}
		}
	}
	return out
}

// startsStatement reports whether a line begins a top-level statement:
// text at the first column that does not continue the one before.
func startsStatement(line []byte) bool {
	if len(line) == 0 || bytes.ContainsRune([]byte(" \t\r\n#)]}"), rune(line[0])) {
		return false
	}
	for _, kw := range []string{"else", "elif", "except", "finally"} {
		if rest, ok := bytes.CutPrefix(line, []byte(kw)); ok && (len(rest) == 0 || rest[0] == ':' || rest[0] == ' ') {
			return false
		}
	}
	return true
}

// continues reports whether a line goes on on the next one (a backslash).
func continues(line []byte) bool {
	return bytes.HasSuffix(bytes.TrimRight(line, "\r\n"), []byte("\\"))
}
