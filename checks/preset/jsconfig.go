package preset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/js"
	"golang.org/x/net/html"
)

// A JavaScript or TypeScript config is a program, read without running it:
// esbuild strips its types, and the JavaScript left is parsed into a tree
// whose exported object (export default, module.exports, the object a
// wrapper such as defineConfig is given, the object a config function
// returns, Docsify's window.$docsify) becomes the same doc as a data
// config's: maps, lists, strings, bools, int64 and float64. A literal, a
// template without ${}, and a name a top-level const binds to one are
// read; every other expression is a computedValue: a call with its
// callee's name as tag and its arguments as value (starlight({…}),
// require.resolve('x')), anything else with tag "" and its source text.

// jsKeys is the key under which a JavaScript object's map keeps its keys
// in the order the source writes them, as a []string: the order matters
// where the generator tries entries in turn (rewrites, alias). No source
// key holds a NUL.
const jsKeys = "\x00keys"

// jsSpread is the key under which an object keeps, as a []any of
// computedValue, what it spreads that is not read ({...shared}): any key
// may come from there.
const jsSpread = "\x00spread"

// jsMaxDepth caps the nesting read, as yamlValue's does: no config nests
// deeper, and a name bound to itself ends there.
const jsMaxDepth = 64

// jsMaxNesting caps the brackets a program may nest before esbuild reads
// it: esbuild takes time in proportion to the nesting (seconds for
// 100000), which a config of a few levels never reaches. The parser after
// it has a cap of its own (js.NestedExprLimit).
const jsMaxNesting = 1000

// tooDeep is the line where a program's brackets nest deeper than
// jsMaxNesting, 0 when they do not: counted on the lexer's tokens, so that
// a string's brackets are text. Where the lexer stops short of the end (a
// character it does not know, such as TypeScript's @ of a decorator), the
// rest is counted byte by byte, strings and all: still no config's depth.
func tooDeep(src []byte) int {
	l := js.NewLexer(parse.NewInputBytes(src))
	depth, line, offset := 0, 1, 0
	for {
		tt, data := l.Next()
		offset += len(data)
		switch tt {
		case js.ErrorToken:
			if l.Err() == io.EOF {
				return 0
			}
			return rawDepth(src[min(offset, len(src)):], depth, line)
		case js.LineTerminatorToken:
			line++
		case js.OpenBraceToken, js.OpenBracketToken, js.OpenParenToken:
			if depth++; depth > jsMaxNesting {
				return line
			}
		case js.CloseBraceToken, js.CloseBracketToken, js.CloseParenToken:
			depth--
		default:
			line += bytes.Count(data, []byte("\n")) // a comment's or a template's lines
		}
	}
}

// rawDepth is tooDeep counted on bytes, from depth at line.
func rawDepth(src []byte, depth, line int) int {
	for _, c := range src {
		switch c {
		case '\n':
			line++
		case '{', '[', '(':
			if depth++; depth > jsMaxNesting {
				return line
			}
		case '}', ']', ')':
			depth--
		}
	}
	return 0
}

// jsConfig is what a JavaScript config says besides its object.
type jsConfig struct {
	// wrappers are the calls the config object is passed through,
	// outermost first, each with the arguments besides the object; a
	// wrapper made by a call is that call: Nextra's
	// `const withNextra = nextra({…}); export default withNextra({…})`
	// gives computedValue{"nextra", []any{map…}}.
	wrappers []computedValue
	// calls are the calls a config function makes on its parameter
	// (eleventyConfig.addPassthroughCopy({…})).
	calls []jsCall
	// uses are the plugins given to markdown-it anywhere in the file
	// (md.use(markdownItAnchor, {…})), method "use": Eleventy's configs
	// set markdown-it up in closures (amendLibrary) or at the top.
	uses []jsCall
	// imported are the modules the config imports or requires at its top,
	// by the local name each gives one ("starlight" → "@astrojs/starlight").
	imported map[string]jsImport
}

// jsImport is what a local name is bound to: a module, and the name of
// the export taken from it ("" for the module itself: a default import, a
// namespace, require('m')). `import { HtmlBasePlugin as base }` binds
// base to {"@11ty/eleventy", "HtmlBasePlugin"}.
type jsImport struct{ module, name string }

// jsCall is a call a config function makes on its parameter, with the
// imports of the file it is written in: a module the config imports may
// give a name of its own to what it imports (11ty.dev's config imports its
// feeds module as feedPlugin, and that module imports the RSS plugin as
// feedPlugin).
type jsCall struct {
	method   string
	args     []any
	imported map[string]jsImport
}

// plugin is what the call's first argument, a name, is imported as.
func (c jsCall) plugin() jsImport {
	if len(c.args) == 0 {
		return jsImport{}
	}
	v, _ := c.args[0].(computedValue)
	args, _ := v.value.([]any)
	switch local, _ := v.value.(string); {
	case v.tag == "" && local != "":
		return c.imported[local]
	case v.tag == "require" && len(args) == 1: // use(require("markdown-it-anchor"))
		module, _ := args[0].(string)
		return jsImport{module, ""}
	}
	return jsImport{}
}

// options is the call's second argument, an object (nil for none).
func (c jsCall) options() map[string]any {
	if len(c.args) > 1 {
		m, _ := c.args[1].(map[string]any)
		return m
	}
	return nil
}

// set is the string a config function's call of method sets last
// (eleventyConfig.setInputDirectory("docs")), "" for none.
func (g Generator) set(method string) string {
	calls := g.js.callsOf(method)
	if len(calls) == 0 || len(calls[len(calls)-1].args) == 0 {
		return ""
	}
	s, computed := scalar(calls[len(calls)-1].args[0])
	if computed {
		return g.computed(method)
	}
	return s
}

// with is c and what the module file (src) a config imports does: the
// calls its config function makes, the names it imports.
func (c jsConfig) with(file string, src []byte) jsConfig {
	_, m, err := parseJS(file, src)
	if err != nil {
		return c
	}
	c.calls = append(slices.Clip(c.calls), m.calls...)
	c.uses = append(slices.Clip(c.uses), m.uses...)
	imported := maps.Clone(c.imported)
	if imported == nil {
		imported = map[string]jsImport{}
	}
	for name, module := range m.imported {
		if _, ok := imported[name]; !ok {
			imported[name] = module
		}
	}
	c.imported = imported
	return c
}

// exported says what a JavaScript config exports that is no object.
func exported(doc any) string {
	switch doc := doc.(type) {
	case nil:
		return "no export default, module.exports or window.$docsify"
	case computedValue:
		if doc.tag != "" && doc.tag != "..." {
			return doc.tag + "(…)"
		}
		if list, ok := doc.value.([]any); ok { // spreads
			var texts []string
			for _, e := range list {
				texts = append(texts, "..."+exported(e))
			}
			return strings.Join(texts, ", ")
		}
		return fmt.Sprint(doc.value)
	}
	if _, ok := doc.([]any); ok {
		return "a list"
	}
	return fmt.Sprint(doc)
}

// from is the module a name in the config is imported from ("" for none):
// a function called (computedValue's tag) or a name passed
// (computedValue{"", name}).
func (c jsConfig) from(name string) string { return c.imported[name].module }

// callOf is the entry of list that calls what the config imports from
// module (integrations: [starlight({…})]), and its first argument.
func (c jsConfig) callOf(list []any, module string) (map[string]any, bool) {
	for _, e := range list {
		if call, ok := e.(computedValue); ok && c.from(call.tag) == module {
			args, _ := call.value.([]any)
			if len(args) == 0 {
				return map[string]any{}, true
			}
			m, _ := args[0].(map[string]any)
			return m, true
		}
	}
	return nil, false
}

// wrapperOf is the options object given to the wrapper the config
// imports from module (nextra({…}) of "nextra").
func (c jsConfig) wrapperOf(module string) (map[string]any, bool) {
	for _, w := range c.wrappers {
		if args, _ := w.value.([]any); c.from(w.tag) == module && len(args) > 0 {
			m, ok := args[0].(map[string]any)
			return m, ok
		}
	}
	return nil, false
}

// callsOf are the config function's calls of method.
func (c jsConfig) callsOf(method string) []jsCall {
	var out []jsCall
	for _, call := range c.calls {
		if call.method == method {
			out = append(out, call)
		}
	}
	return out
}

// isJSConfig reports whether a config is a program read by parseJS.
func isJSConfig(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".html":
		return true
	}
	return false
}

// parseJS reads a JavaScript or TypeScript config (or the inline script
// of an HTML page that sets window.$docsify). The error is a configError
// at the source's line.
func parseJS(name string, src []byte) (doc any, cfg jsConfig, err error) {
	defer func() { // esbuild and the parser are not meant to panic; a config must not make them
		if r := recover(); r != nil {
			doc, cfg, err = nil, jsConfig{}, configError{0, fmt.Sprintf("cannot be read: %v", r)}
		}
	}()
	loader := api.LoaderJS
	switch strings.ToLower(filepath.Ext(name)) {
	case ".ts", ".mts", ".cts":
		loader = api.LoaderTS
	case ".html":
		if src = docsifyScript(src); src == nil {
			return nil, jsConfig{}, configError{0, "no inline script sets window.$docsify"}
		}
	}
	if line := tooDeep(src); line > 0 {
		return nil, jsConfig{}, configError{line, fmt.Sprintf("brackets nest deeper than %d, which no config does", jsMaxNesting)}
	}
	out := api.Transform(string(src), api.TransformOptions{Loader: loader, Sourcefile: filepath.Base(name), Charset: api.CharsetUTF8, LogLevel: api.LogLevelSilent})
	if len(out.Errors) > 0 {
		e := out.Errors[0]
		line := 0
		if e.Location != nil {
			line = e.Location.Line
		}
		return nil, jsConfig{}, configError{line, e.Text}
	}
	ast, err := js.Parse(parse.NewInputBytes(out.Code), js.Options{})
	if err != nil {
		var pe *parse.Error
		if errors.As(err, &pe) {
			return nil, jsConfig{}, configError{0, pe.Message} // a line of esbuild's output, not the source's
		}
		return nil, jsConfig{}, configError{0, err.Error()}
	}
	r := jsReader{scope: jsScope{}}
	doc = r.program(ast.List)
	js.Walk(useFinder{&r}, ast)
	for i := range r.cfg.calls {
		r.cfg.calls[i].imported = r.cfg.imported
	}
	for i := range r.cfg.uses {
		r.cfg.uses[i].imported = r.cfg.imported
	}
	return doc, r.cfg, nil
}

// jsScope binds the names a const declares to their expressions.
type jsScope map[string]js.IExpr

// jsReader reads a program's config object.
type jsReader struct {
	scope jsScope
	cfg   jsConfig
}

// program is the value the program exports: the last export default,
// module.exports or window.$docsify it assigns at its top level.
func (r *jsReader) program(list []js.IStmt) any {
	var exported, named js.IExpr
	for _, s := range list {
		switch s := s.(type) {
		case *js.VarDecl:
			r.bind(s)
		case *js.FuncDecl:
			if s.Name != nil {
				r.scope[string(s.Name.Data)] = s
			}
		case *js.ImportStmt:
			r.imports(s)
		case *js.ExportStmt:
			switch d := s.Decl.(type) {
			case *js.VarDecl:
				r.bind(d)
				for _, b := range d.List {
					if v, ok := b.Binding.(*js.Var); ok && string(v.Data) == "config" {
						named = b.Default
					}
				}
			case *js.FuncDecl:
				if d.Name != nil {
					r.scope[string(d.Name.Data)] = d
				}
			}
			if s.Default && s.Decl != nil {
				exported = s.Decl
			}
		case *js.ExprStmt:
			if b, ok := s.Value.(*js.BinaryExpr); ok && b.Op == js.EqToken && isExportTarget(b.X) {
				exported = b.Y
			}
		}
	}
	doc := any(nil)
	if exported != nil {
		doc = r.config(exported, 0)
	}
	return r.withNamed(doc, named)
}

// withNamed is the doc with the keys of the config a module exports by
// the name config (Eleventy 3's export const config = { dir: … }) that
// the function it exports by default does not return.
func (r *jsReader) withNamed(doc any, named js.IExpr) any {
	if named == nil {
		return doc
	}
	m, ok := r.value(named, 0).(map[string]any)
	if !ok {
		return doc
	}
	if returned, ok := doc.(map[string]any); ok {
		for _, k := range jsObjectKeys(returned) {
			if _, seen := m[k]; !seen {
				m[jsKeys] = append(m[jsKeys].([]string), k)
			}
			m[k] = returned[k]
		}
	} else if doc != nil {
		return doc
	}
	return m
}

// isExportTarget: module.exports, window.$docsify (or $docsify alone).
func isExportTarget(x js.IExpr) bool {
	switch jsName(x) {
	case "module.exports", "window.$docsify", "$docsify":
		return true
	}
	return false
}

// imports records the names an import statement binds.
func (r *jsReader) imports(s *js.ImportStmt) {
	module := jsString(s.Module)
	if s.Default != nil {
		r.imported(string(s.Default), jsImport{module, ""})
	}
	for _, a := range s.List {
		name := string(a.Binding) // import { name }
		if a.Name != nil {        // import { name as local }, import * as local
			name = strings.TrimPrefix(string(a.Name), "*")
		}
		r.imported(string(a.Binding), jsImport{module, name})
	}
}

func (r *jsReader) imported(local string, what jsImport) {
	if r.cfg.imported == nil {
		r.cfg.imported = map[string]jsImport{}
	}
	r.cfg.imported[local] = what
}

// useFinder walks a program for markdown-it's use calls, wherever they
// are: x.use(plugin, options).
type useFinder struct{ r *jsReader }

func (f useFinder) Enter(n js.INode) js.IVisitor {
	if c, ok := n.(*js.CallExpr); ok {
		if d, ok := c.X.(*js.DotExpr); ok && member(d.Y) == "use" && len(c.Args.List) > 0 {
			var args []any
			for _, a := range c.Args.List {
				args = append(args, f.r.value(a.Value, 1))
			}
			f.r.cfg.uses = append(f.r.cfg.uses, jsCall{method: "use", args: args})
		}
	}
	return f
}

func (f useFinder) Exit(js.INode) {}

// bind records a declaration's simple bindings (const only: a let or var
// may be assigned again) and the names it requires (const x = require('m'),
// const { a } = require('m')).
func (r *jsReader) bind(d *js.VarDecl) {
	for _, b := range d.List {
		if module, ok := required(b.Default); ok {
			switch v := b.Binding.(type) {
			case *js.Var:
				r.imported(string(v.Data), module)
			case *js.BindingObject: // of require('m') itself
				for _, item := range v.List {
					if local, ok := item.Value.Binding.(*js.Var); ok {
						name := string(local.Data)                     // const { name } = require('m')
						if item.Key != nil && !item.Key.IsComputed() { // const { name: local }
							name = jsString(item.Key.Literal.Data)
						}
						r.imported(string(local.Data), jsImport{module.module, name})
					}
				}
			}
			continue
		}
		if v, ok := b.Binding.(*js.Var); ok && d.TokenType == js.ConstToken && b.Default != nil {
			r.scope[string(v.Data)] = b.Default
		}
	}
}

// required is what require('m') (or require('m').x) takes.
func required(x js.IExpr) (jsImport, bool) {
	name := ""
	if d, ok := x.(*js.DotExpr); ok {
		x, name = d.X, member(d.Y)
	}
	c, ok := x.(*js.CallExpr)
	if !ok || jsName(c.X) != "require" || len(c.Args.List) != 1 {
		return jsImport{}, false
	}
	l, ok := c.Args.List[0].Value.(*js.LiteralExpr)
	if !ok || l.TokenType != js.StringToken {
		return jsImport{}, false
	}
	return jsImport{jsString(l.Data), name}, true
}

// config is the config object an exported expression stands for: the
// object itself, the one a wrapper call is given, or the one a config
// function returns.
func (r *jsReader) config(x js.IExpr, depth int) any {
	if depth > jsMaxDepth {
		return computedValue{"", "nesting too deep"}
	}
	switch x := unwrap(x).(type) {
	case *js.Var:
		if bound, ok := r.scope[string(x.Data)]; ok {
			return r.config(bound, depth+1)
		}
	case *js.CallExpr:
		if len(x.Args.List) == 0 || x.Args.List[0].Rest {
			break
		}
		before := len(r.cfg.wrappers)
		r.cfg.wrappers = append(r.cfg.wrappers, r.wrapper(x, depth))
		if inner, ok := r.config(x.Args.List[0].Value, depth+1).(map[string]any); ok {
			return inner
		}
		r.cfg.wrappers = r.cfg.wrappers[:before] // makeConfig('/a/'): a call, not a wrapper
	case *js.FuncDecl:
		return r.function(x.Params, x.Body.List, depth)
	case *js.ArrowFunc:
		return r.function(x.Params, x.Body.List, depth)
	}
	return r.value(x, depth)
}

// wrapper is a call the config object is passed to, as computedValue: the
// callee, or the call that made it, with the other arguments.
func (r *jsReader) wrapper(c *js.CallExpr, depth int) computedValue {
	callee := unwrap(c.X)
	if v, ok := callee.(*js.Var); ok {
		if bound, ok := r.scope[string(v.Data)]; ok {
			callee = unwrap(bound)
		}
	}
	if made, ok := callee.(*js.CallExpr); ok {
		w, _ := r.value(made, depth+1).(computedValue)
		return w
	}
	var rest []any
	for _, a := range c.Args.List[1:] {
		rest = append(rest, r.value(a.Value, depth+1))
	}
	return computedValue{jsName(callee), rest}
}

// function is what a config function returns (Eleventy's, Docusaurus's
// async createConfig): its body's consts are bound, its calls on its first
// parameter kept, and its last top-level return read.
func (r *jsReader) function(params js.Params, body []js.IStmt, depth int) any {
	param := ""
	if len(params.List) > 0 {
		if v, ok := params.List[0].Binding.(*js.Var); ok {
			param = string(v.Data)
		}
	}
	outer := r.scope
	r.scope = jsScope{}
	for k, v := range outer {
		r.scope[k] = v
	}
	defer func() { r.scope = outer }()
	var ret js.IExpr
	for _, s := range body {
		switch s := s.(type) {
		case *js.VarDecl:
			r.bind(s)
		case *js.ExprStmt:
			if c, ok := unwrap(s.Value).(*js.CallExpr); ok && param != "" {
				if d, ok := c.X.(*js.DotExpr); ok && jsName(d.X) == param {
					var args []any
					for _, a := range c.Args.List {
						args = append(args, r.value(a.Value, depth+1))
					}
					r.cfg.calls = append(r.cfg.calls, jsCall{method: member(d.Y), args: args})
				}
			}
		case *js.ReturnStmt:
			ret = s.Value
		}
	}
	if ret == nil {
		return map[string]any{jsKeys: []string{}} // a config function that sets no option
	}
	return r.config(ret, depth+1)
}

// unwrap is an expression without the parentheses or await around it.
func unwrap(x js.IExpr) js.IExpr {
	for range jsMaxDepth {
		switch y := x.(type) {
		case *js.GroupExpr:
			x = y.X
		case *js.UnaryExpr:
			if y.Op != js.AwaitToken {
				return x
			}
			x = y.X
		default:
			return x
		}
	}
	return x
}

// value is an expression as the doc holds it.
func (r *jsReader) value(x js.IExpr, depth int) any {
	if depth > jsMaxDepth {
		return computedValue{"", "nesting too deep"}
	}
	switch x := unwrap(x).(type) {
	case *js.LiteralExpr:
		return jsLiteral(x)
	case *js.UnaryExpr: // -1
		if l, ok := x.X.(*js.LiteralExpr); ok && x.Op == js.NegToken {
			switch n := jsLiteral(l).(type) {
			case int64:
				return -n
			case float64:
				return -n
			}
		}
	case *js.TemplateExpr:
		if x.Tag == nil && len(x.List) == 0 {
			return jsString(x.Tail)
		}
	case *js.Var:
		if bound, ok := r.scope[string(x.Data)]; ok {
			return r.value(bound, depth+1)
		}
	case *js.ArrayExpr:
		l := []any{}
		for _, e := range x.List {
			switch {
			case e.Value == nil:
				l = append(l, nil)
			case e.Spread: // a list the config binds is read into it
				if inner, ok := r.value(e.Value, depth+1).([]any); ok {
					l = append(l, inner...)
				} else {
					l = append(l, computedValue{"...", jsText(e.Value)})
				}
			default:
				l = append(l, r.value(e.Value, depth+1))
			}
		}
		return l
	case *js.ObjectExpr:
		return r.object(x, depth)
	case *js.CallExpr:
		var args []any
		for _, a := range x.Args.List {
			args = append(args, r.value(a.Value, depth+1))
		}
		return computedValue{jsName(x.X), args}
	case *js.FuncDecl, *js.ArrowFunc, *js.MethodDecl:
		return computedValue{"function", nil}
	}
	return computedValue{"", jsText(x)}
}

// object is an object literal as a map, its keys' order under jsKeys. A
// spread of an object the config binds is read into it; another spread
// is kept under jsSpread.
func (r *jsReader) object(o *js.ObjectExpr, depth int) map[string]any {
	m := map[string]any{}
	var order []string
	set := func(k string, v any) {
		if _, ok := m[k]; !ok {
			order = append(order, k)
		}
		m[k] = v
	}
	for _, p := range o.List {
		switch {
		case p.Spread:
			if inner, ok := r.value(p.Value, depth+1).(map[string]any); ok {
				for _, k := range jsObjectKeys(inner) {
					set(k, inner[k])
				}
				continue
			}
			spread, _ := m[jsSpread].([]any)
			m[jsSpread] = append(spread, computedValue{"...", jsText(p.Value)})
		case p.Name == nil || p.Name.IsComputed():
			continue // [key]: value, a key the config computes
		default:
			set(propertyKey(p.Name.Literal), r.value(p.Value, depth+1))
		}
	}
	m[jsKeys] = order
	return m
}

// jsObjectKeys are a map's keys, in the source's order for a JavaScript
// object; the reserved keys are left out.
func jsObjectKeys(m map[string]any) []string {
	if order, ok := m[jsKeys].([]string); ok {
		return order
	}
	var keys []string
	for k := range m {
		if k != jsSpread {
			keys = append(keys, k)
		}
	}
	return keys
}

// propertyKey is an object key as written: a name, a string, a number.
func propertyKey(l js.LiteralExpr) string {
	if l.TokenType == js.StringToken {
		return jsString(l.Data)
	}
	return string(l.Data)
}

// jsLiteral is a literal's value; a regular expression or `this` is computed.
func jsLiteral(l *js.LiteralExpr) any {
	switch l.TokenType {
	case js.StringToken:
		return jsString(l.Data)
	case js.TrueToken:
		return true
	case js.FalseToken:
		return false
	case js.NullToken:
		return nil
	case js.DecimalToken, js.IntegerToken, js.HexadecimalToken, js.OctalToken, js.BinaryToken:
		digits := strings.ReplaceAll(string(l.Data), "_", "")
		if n, err := strconv.ParseInt(digits, 0, 64); err == nil {
			return n
		}
		if f, err := strconv.ParseFloat(digits, 64); err == nil {
			return f
		}
	}
	return computedValue{"", string(l.Data)}
}

// jsName is a callee or member as a dotted name (path.join), or its text.
func jsName(x js.IExpr) string {
	switch x := x.(type) {
	case *js.Var:
		return string(x.Data)
	case *js.DotExpr:
		return jsName(x.X) + "." + member(x.Y)
	case *js.ImportMetaExpr:
		return "import.meta"
	}
	return jsText(x)
}

// member is the name after a dot.
func member(y js.IExpr) string {
	switch y := y.(type) {
	case js.LiteralExpr:
		return string(y.Data)
	case *js.LiteralExpr:
		return string(y.Data)
	case *js.Var:
		return string(y.Data)
	}
	return jsText(y)
}

// jsText is an expression's source text (as esbuild prints it), cut short.
func jsText(x js.IExpr) string {
	var b strings.Builder
	x.JS(&b)
	s := b.String()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// jsString is a string literal's or a template's text (quotes and all):
// its escapes read as JavaScript reads them.
func jsString(lit []byte) string {
	s := string(lit)
	if len(s) >= 2 && strings.ContainsRune(`'"`+"`", rune(s[0])) && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0':
			b.WriteByte(0)
		case '\n': // a line continued
		case 'x', 'u':
			r, n := jsEscape(s[i:])
			b.WriteRune(r)
			i += n - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// jsEscape reads \xHH, \uHHHH or \u{H…} (s starts at x or u): the rune and
// how many bytes it took; a malformed one is the letter alone.
func jsEscape(s string) (rune, int) {
	hex, n := "", 1
	switch {
	case s[0] == 'x' && len(s) >= 3:
		hex, n = s[1:3], 3
	case strings.HasPrefix(s, "u{"):
		if end := strings.IndexByte(s, '}'); end > 2 {
			hex, n = s[2:end], end+1
		}
	case s[0] == 'u' && len(s) >= 5:
		hex, n = s[1:5], 5
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) && (v < 0xD800 || v > 0xDFFF) {
		return rune(s[0]), 1
	}
	return rune(v), n
}

// docsifyScript is the inline script of an HTML page that sets
// $docsify, every other byte of the page a space (its line breaks kept),
// so that a line of the script is the page's.
func docsifyScript(page []byte) []byte {
	z := html.NewTokenizer(bytes.NewReader(page))
	offset := 0
	for {
		tt := z.Next()
		raw := len(z.Raw())
		if tt == html.ErrorToken {
			return nil
		}
		offset += raw
		if tt != html.StartTagToken {
			continue
		}
		if name, hasAttr := z.TagName(); string(name) != "script" || hasAttr && !plainScript(z) {
			continue
		}
		if z.Next() != html.TextToken {
			offset += len(z.Raw())
			continue
		}
		text := z.Raw()
		if bytes.Contains(text, []byte("$docsify")) {
			out := bytes.Map(func(r rune) rune {
				if r == '\n' {
					return r
				}
				return ' '
			}, page[:offset])
			return append(out, text...)
		}
		offset += len(text)
	}
}

// plainScript: a script tag's attributes leave it an inline classic or
// module script (no src, a JavaScript type).
func plainScript(z *html.Tokenizer) bool {
	for {
		k, v, more := z.TagAttr()
		switch string(k) {
		case "src":
			return false
		case "type":
			if t := strings.ToLower(string(v)); t != "" && t != "module" && t != "text/javascript" && t != "application/javascript" {
				return false
			}
		}
		if !more {
			return true
		}
	}
}
