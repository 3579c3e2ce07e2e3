// Package mdscan reads what a link check needs from markdown: the heading
// ids, and every link and image destination with its line and column. It
// parses with goldmark (CommonMark and GFM, {#id} heading attributes) and
// renders nothing, so the gate links goldmark's parser and none of the site's
// renderers. The site reads its own goldmark tree through Read, so the gate
// and the build always agree on ids and links.
package mdscan

import (
	"bytes"
	"html"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/encoding/unicode"

	"github.com/devdocs-dev/devdocs/checks/internal/urlscheme"
)

// Heading is one heading with its id: the {#id} written after it, or the
// GitHub slug of its text, made unique in the file. Level 0 is a
// definition list's term, where the style gives terms ids (TermIDs).
type Heading struct {
	Level int
	ID    string
	Text  string
	Line  int
}

// Link is a link or image destination as the reader's browser asks for it
// (escapes and entities resolved); Line and Col (1-based, bytes) are where
// the link starts, at its '[' or '!' (Col 0 when the link has no text to
// place it by).
type Link struct {
	Dest      string
	Line, Col int
	Image     bool
	// Title is a markdown link's title, where Docsify reads its options
	// (':ignore', ':target=_blank').
	Title string
	// Attrs: "{…}" follows the link's closing parenthesis, as in
	// [a](b.md){target="_blank"} (markdown-it-attrs, which VitePress runs).
	Attrs bool
	// Raw: written in raw HTML (<a href>, <img src>), which generators
	// pass into the page as it is, not as a markdown link.
	Raw bool
	// Role is a MyST role's name ({doc}`page`, {ref}`label`, {numref},
	// {download}), or PageRef for Hugo's ref and relref, where the style
	// reads them; Dest is then its target.
	Role string
}

// PageRef is the Role of a link its generator resolves as a page's path
// (Hugo's {{< ref "docs/setup#install" >}}), not as a URL; PostRef of one
// naming a post (Hexo's {% post_link hello-world#usage %}).
const (
	PageRef = "page-ref"
	PostRef = "post-ref"
)

// Doc is what one file holds for the check.
type Doc struct {
	Headings []Heading
	Links    []Link
	// IDs are the ids of other elements, where the style gives them:
	// attr_list's { #id } after an inline element or ending a paragraph,
	// Python-Markdown's footnotes (fn:label, fnref:label).
	IDs []string
	// Unknown, when set, says of an id that the page may have it though
	// the file does not show it: code of the project's own that checks
	// does not run writes part of the page (set by the link check).
	Unknown func(id string) bool
}

// HasID reports whether a heading or another element of the file has the id.
func (d *Doc) HasID(id string) bool {
	for _, h := range d.Headings {
		if h.ID == id {
			return true
		}
	}
	return slices.Contains(d.IDs, id)
}

// The parsers are GFM's without Linkify: a bare URL it makes a link of is
// another site, which the check does not judge, and its text stays in a
// heading's id as it does on GitHub. Parsing is a sixth faster without it.
// A style's own syntax adds to them: "{#id}" after a heading (without it
// the braces are text), definition lists, footnotes.
var (
	md      = newParser(parserSyntax{customIDs: true})
	parsers sync.Map // parserSyntax → goldmark.Markdown
)

// parserSyntax is what one parser reads beyond GFM.
type parserSyntax struct{ customIDs, terms, footnotes bool }

func newParser(s parserSyntax) goldmark.Markdown {
	exts := []goldmark.Extender{extension.Table, extension.Strikethrough, TaskList}
	if s.terms {
		exts = append(exts, extension.DefinitionList)
	}
	if s.footnotes {
		exts = append(exts, extension.Footnote)
	}
	var opts []parser.Option
	if s.customIDs {
		opts = append(opts, parser.WithHeadingAttribute())
	}
	return goldmark.New(goldmark.WithExtensions(exts...), goldmark.WithParserOptions(opts...))
}

// parserOf is the parser of a style's syntax, made once.
func parserOf(style IDStyle) parser.Parser {
	s := parserSyntax{customIDs: style.CustomIDs, terms: style.TermIDs, footnotes: style.footnotes}
	if s == (parserSyntax{customIDs: true}) {
		return md.Parser()
	}
	m, ok := parsers.Load(s)
	if !ok {
		m, _ = parsers.LoadOrStore(s, newParser(s))
	}
	return m.(goldmark.Markdown).Parser()
}

// Parse reads one markdown file with GitHub-style ids. It never fails: text
// that is not a link or a heading is text to a renderer too.
func Parse(src []byte) *Doc { return ParseStyled(src, GitHub) }

// Text is a markdown file's bytes as UTF-8 text. A byte order mark is no
// text: an editor on Windows may write one, and the first heading (or the
// front matter's ---) is after it. A file saved as UTF-16, which its mark
// says, is decoded, as GitHub shows it, rather than read as no markdown.
// A carriage return alone ends a line, as CommonMark says (old Mac
// files), which goldmark does not see: it becomes a newline, byte for byte.
func Text(src []byte) []byte {
	if bytes.HasPrefix(src, []byte("\xff\xfe")) || bytes.HasPrefix(src, []byte("\xfe\xff")) {
		if utf8, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder().Bytes(src); err == nil {
			src = utf8
		}
	}
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	out := bytes.Clone(src) // the caller's bytes stay as they are
	for i, c := range out {
		if c == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}

// ParseStyled reads one markdown file, its headings given ids in style.
func ParseStyled(src []byte, style IDStyle) *Doc { return parseText(Text(src), style) }

// parseText is ParseStyled of a page already made text (Text).
func parseText(src []byte, style IDStyle) *Doc {
	_, body, _, _ := FrontMatter(src)
	p := parserOf(style)
	ctx := parser.NewContext()
	if style.lastDefinition {
		lastDefinitions(body, ctx)
	}
	body = liftDefinitions(body, ctx)
	return ReadStyled(p.Parse(text.NewReader(body), parser.WithContext(ctx)), body, style)
}

// ParseFile reads one file by its kind, with GitHub-style ids.
func ParseFile(name string, src []byte) *Doc { return ParseFileStyled(name, src, GitHub) }

// escapedIDs finds a heading's "\{#id}" or "\{#id\}": in MDX a brace opens
// an expression, so Rspress and Docusaurus let a custom id be written
// escaped. The first backslash becomes a space, so columns stay where they
// were; the one before "}" goes (nothing after it on the line has a column).
var escapedIDs = regexp.MustCompile(`(?m)^([ \t]*#{1,6}[ \t].*?)\\(\{#[^\s{}\\]+)\\?(\})[ \t]*$`)

// ParseFileStyled reads one file by its kind. An .mdx page is read as MDX
// reads markdown: JSX comments ({/* … */}) hold no markdown, and there is
// no indented code, so text indented inside a JSX element is markdown too.
// Each link keeps the line and column it has in the file.
func ParseFileStyled(name string, src []byte, style IDStyle) *Doc {
	if style.commentIDs {
		src = commentIDsAsCustom(src)
	}
	if !strings.HasSuffix(name, ".mdx") {
		if style.Blocks != nil {
			return parseBlocks(Text(src), style)
		}
		return ParseStyled(src, style)
	}
	src, shift := dedent(blankJSXComments(Text(src)))
	if style.CustomIDs {
		src = escapedIDs.ReplaceAll(src, []byte("$1 $2$3"))
	}
	d := parseText(src, style)
	for i, l := range d.Links {
		if l.Col > 0 {
			d.Links[i].Col += shift[l.Line]
		}
	}
	return d
}

// parseBlocks reads a page whose indented blocks are markdown (Blocks),
// each link where it is in the file.
func parseBlocks(src []byte, style IDStyle) *Doc {
	src, shift, tabs := dedentBlocks(src)
	d := parseText(src, style)
	for i, l := range d.Links {
		if l.Col > 0 {
			d.Links[i].Col += shift[l.Line]
		}
	}
	d.IDs = append(d.IDs, style.Blocks.tabIDs(tabs, d.Headings)...)
	return d
}

// dedent removes the indentation of each line indented by four columns or
// more (CommonMark's indented code), and says how many bytes each line, by
// number, lost.
func dedent(src []byte) (out []byte, shift map[int]int) {
	shift = map[int]int{}
	out = make([]byte, 0, len(src))
	var fence []byte // the open code fence's marks, while in one
	for i, line := range bytes.SplitAfter(src, []byte("\n")) {
		n, cols := 0, 0
		for ; n < len(line) && (line[n] == ' ' || line[n] == '\t'); n++ {
			cols++
			if line[n] == '\t' {
				cols += 3 - (cols-1)%4
			}
		}
		// A line of a fenced code block keeps its indentation: taken off,
		// it would end the list item the block is in, and the block's
		// closing fence would open a block that hides the rest.
		inFence := fence != nil
		switch marks := fenceMarks(line[n:]); {
		case fence == nil && marks != nil:
			fence = marks
		case fence != nil && marks != nil && marks[0] == fence[0] && len(marks) >= len(fence) && len(bytes.TrimSpace(line[n+len(marks):])) == 0:
			fence, inFence = nil, false
		}
		if !inFence && cols >= 4 && n < len(line) && line[n] != '\n' && line[n] != '\r' {
			shift[i+1], line = n, line[n:]
		}
		out = append(out, line...)
	}
	return out, shift
}

// fenceMarks are the ``` or ~~~ (three or more) a line starts with, or nil.
func fenceMarks(line []byte) []byte {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return nil
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 || line[0] == '`' && bytes.IndexByte(line[n:], '`') >= 0 { // a backtick fence's info has none
		return nil
	}
	return line[:n]
}

// mdxCodeBlocks are Docusaurus's ```mdx-code-block fences, three or four
// backticks, at the start of a line, each closed by the first line of as
// many backticks alone: what they hold is MDX (its unwrapMdxCodeBlocks, a
// text replacement, so it applies inside other code blocks too).
var mdxCodeBlocks = []*regexp.Regexp{
	regexp.MustCompile("(?s)(^|\n)(```mdx-code-block)\n(.*?)\n(```)(\n|$)"),
	regexp.MustCompile("(?s)(^|\n)(````mdx-code-block)\n(.*?)\n(````)(\n|$)"),
}

// UnwrapMDXCodeBlocks blanks the fence lines of each ```mdx-code-block,
// as Docusaurus takes them away before it parses a page, so the links and
// ids they hold are the page's; every line stays where it was.
func UnwrapMDXCodeBlocks(src []byte) []byte {
	for _, re := range mdxCodeBlocks {
		if !bytes.Contains(src, []byte("mdx-code-block")) {
			return src
		}
		src = re.ReplaceAllFunc(src, func(m []byte) []byte {
			g := re.FindSubmatch(m)
			out := append([]byte{}, g[1]...)
			out = append(out, bytes.Repeat([]byte(" "), len(g[2]))...)
			out = append(append(append(out, '\n'), g[3]...), '\n')
			out = append(out, bytes.Repeat([]byte(" "), len(g[4]))...)
			return append(out, g[5]...)
		})
	}
	return src
}

// templateTag is a Liquid or Nunjucks tag, {% name … %}, and its name.
var templateTag = regexp.MustCompile(`\{%-?\s*([a-z]+)\b([^%]*?)-?%\}`)

// BlankTemplateBlocks blanks the ASCII of the blocks of Liquid or Nunjucks
// whose text is not the page's, keeping their lines, for a page a template
// engine reads before markdown does: one captured into a variable
// ({% set x %}, {% capture x %}), shown as code ({% highlight %}), or a
// comment. A link or heading in one is no link or heading of the page.
// What {% raw %} holds is the page's text, tags and all.
func BlankTemplateBlocks(src []byte) []byte {
	if !bytes.Contains(src, []byte("{%")) {
		return src
	}
	var out []byte
	for at := 0; at < len(src); {
		m := templateTag.FindSubmatchIndex(src[at:])
		if m == nil {
			break
		}
		name, args := string(src[at+m[2]:at+m[3]]), src[at+m[4]:at+m[5]]
		start, next := at+m[0], at+m[1]
		switch {
		case name == "raw":
			next = endOf(src, next, "endraw")
		case name == "capture" || name == "highlight" || name == "comment" || name == "set" && !bytes.Contains(args, []byte("=")):
			end := endOf(src, next, "end"+name)
			if out == nil {
				out = bytes.Clone(src)
			}
			for k := start; k < end; k++ {
				if out[k] < 0x80 && out[k] != '\n' {
					out[k] = ' '
				}
			}
			next = end
		}
		at = next
	}
	if out == nil {
		return src
	}
	return out
}

// endOf is the offset just past the tag {% name %} at or after from, or
// the end of src when there is none.
func endOf(src []byte, from int, name string) int {
	for at := from; at < len(src); {
		m := templateTag.FindSubmatchIndex(src[at:])
		if m == nil {
			break
		}
		if string(src[at+m[2]:at+m[3]]) == name {
			return at + m[1]
		}
		at += m[1]
	}
	return len(src)
}

// commentID is an ATX heading ending in an MDX comment whose first word
// starts with "#": Docusaurus takes the rest of that word as the id.
var commentID = regexp.MustCompile(`(?m)^([ \t]{0,3}#{1,6}[ \t].*?)[ \t]*\{/\*[ \t]*#([^\s*]+)[^*]*\*/\}([ \t]*)$`)

// commentIDsAsCustom writes each heading's "{/* #id */}" as "{#id}",
// spaces after it, so every byte after it keeps its place.
func commentIDsAsCustom(src []byte) []byte {
	if !bytes.Contains(src, []byte("{/*")) {
		return src
	}
	return commentID.ReplaceAllFunc(src, func(line []byte) []byte {
		m := commentID.FindSubmatch(line)
		out := append(append(bytes.Clone(m[1]), " {#"...), m[2]...)
		out = append(out, '}')
		return append(out, bytes.Repeat([]byte{' '}, len(line)-len(out))...)
	})
}

// blankJSXComments blanks the ASCII of each {/* … */}, keeping its lines
// and the bytes after it where they were.
func blankJSXComments(src []byte) []byte {
	if !bytes.Contains(src, []byte("{/*")) {
		return src
	}
	out := bytes.Clone(src)
	for i := 0; ; {
		start := bytes.Index(out[i:], []byte("{/*"))
		if start < 0 {
			return out
		}
		start += i
		end := bytes.Index(out[start+3:], []byte("*/}"))
		if end < 0 {
			return out
		}
		end += start + 6
		for j := start; j < end; j++ {
			if out[j] < 0x80 && out[j] != '\n' {
				out[j] = ' '
			}
		}
		i = end
	}
}

// Read gives every heading of a parsed tree its id (setting the id attribute,
// so a renderer writes it) and lists headings and links. src is what the tree
// was parsed from.
func Read(root ast.Node, src []byte) *Doc { return ReadStyled(root, src, GitHub) }

// ReadStyled is Read with the ids of a style.
func ReadStyled(root ast.Node, src []byte, style IDStyle) *Doc {
	d := &Doc{}
	ls := newLines(src)
	var headings []ast.Node // headings, and terms where they get ids
	notes, refs := map[int]string{}, []*east.FootnoteLink(nil)
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			headings = append(headings, n)
			if style.hexoTags {
				d.Links = append(d.Links, postLinks(n, src, ls)...)
			}
		case *ast.Paragraph, *ast.TextBlock:
			if style.hexoTags {
				d.Links = append(d.Links, postLinks(n, src, ls)...)
			}
		case *east.DefinitionTerm:
			if style.TermIDs {
				headings = append(headings, n)
			}
		case *east.Footnote:
			if style.footnotes {
				d.IDs = append(d.IDs, "fn:"+string(n.Ref))
				notes[n.Index] = string(n.Ref)
			}
		case *east.FootnoteLink:
			if style.footnotes {
				refs = append(refs, n)
			}
		case *ast.HTMLBlock, *ast.RawHTML:
			if !style.noHTML {
				d.readHTML(n, src, ls)
			}
		case *ast.CodeSpan:
			if style.roles {
				if l, ok := roleLink(n, src, ls); ok {
					d.Links = append(d.Links, l)
				}
			}
		case *ast.Text:
			if style.attrLists {
				d.IDs = append(d.IDs, attrListIDs(n, src)...)
			}
		case *ast.Link:
			l := newLink(n.Destination, n, src, ls, false)
			l.Title = string(n.Title)
			d.Links = append(d.Links, l)
		case *ast.Image:
			l := newLink(n.Destination, n, src, ls, true)
			l.Title = string(n.Title)
			d.Links = append(d.Links, l)
		}
		return ast.WalkContinue, nil
	})
	if style.hugoRefs {
		for _, m := range hugoRef.FindAllSubmatchIndex(src, -1) {
			off := m[0]
			d.Links = append(d.Links, Link{Dest: string(src[m[2]:m[3]]), Line: ls.line(off), Col: off - ls.start(off) + 1, Role: PageRef})
		}
	}
	if style.ials {
		for _, h := range headings {
			if id := ialBelow(h, src, ls); id != "" {
				h.SetAttributeString("id", []byte(id))
			}
		}
	}
	d.Headings = assignIDs(headings, src, ls, style)
	for _, r := range refs { // Python-Markdown: fnref:x, then fnref2:x, fnref3:x …
		if label, ok := notes[r.Index]; ok {
			n := ""
			if r.RefIndex > 0 {
				n = strconv.Itoa(r.RefIndex + 1)
			}
			d.IDs = append(d.IDs, "fnref"+n+":"+label)
		}
	}
	return d
}

// postLink is Hexo's post_link tag, and the post it names (its first
// argument, which may be quoted).
var postLink = regexp.MustCompile(`\{%-?\s*post_link\s+(?:"([^"\n]*)"|'([^'\n]*)'|([^\s%]+))[^\n]*?-?%\}`)

// postLinks are the post_link tags of a block's lines: Nunjucks renders
// them in paragraphs and headings, code spans too, not in fenced code.
func postLinks(n ast.Node, src []byte, ls lines) []Link {
	var out []Link
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		for _, m := range postLink.FindAllSubmatchIndex(src[seg.Start:seg.Stop], -1) {
			off := seg.Start + m[0]
			var dest string
			for g := 2; g < 8; g += 2 {
				if m[g] >= 0 {
					dest = string(src[seg.Start+m[g] : seg.Start+m[g+1]])
					break
				}
			}
			out = append(out, Link{Dest: dest, Line: ls.line(off), Col: off - ls.start(off) + 1, Role: PostRef})
		}
	}
	return out
}

// hugoRef is Hugo's ref or relref shortcode, {{< ref "path#id" >}} (or
// path="…", or in {{% %}}): a page's link Hugo resolves, written anywhere.
var hugoRef = regexp.MustCompile(`\{\{[<%]-?\s*(?:rel)?ref\s+(?:path=)?"([^"\n]*)"[^}\n]*?-?[>%]\}\}`)

// roleName is a MyST role that names a document, a label or a file,
// written right before the code span that holds its target.
var (
	roleName     = regexp.MustCompile(`\{(doc|ref|numref|download)\}$`)
	roleExplicit = regexp.MustCompile(`^(?s).*<([^<>]+)>\s*$`)
)

// roleLink reads {role}`target` or {role}`text <target>` at a code span.
func roleLink(n *ast.CodeSpan, src []byte, ls lines) (Link, bool) {
	prev, ok := n.PreviousSibling().(*ast.Text)
	if !ok {
		return Link{}, false
	}
	m := roleName.FindSubmatchIndex(prev.Segment.Value(src))
	if m == nil {
		return Link{}, false
	}
	var text []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			text = append(text, t.Segment.Value(src)...)
		}
	}
	target := strings.TrimSpace(string(text))
	if e := roleExplicit.FindStringSubmatch(target); e != nil {
		target = strings.TrimSpace(e[1])
	}
	off := prev.Segment.Start + m[0]
	role := string(prev.Segment.Value(src)[m[2]:m[3]])
	return Link{Dest: target, Line: ls.line(off), Col: off - ls.start(off) + 1, Role: role}, target != ""
}

// htmlLink is a link in raw HTML: an <a>'s href, the src of an image or
// of another element that loads one.
var htmlLink = regexp.MustCompile(`(?i)<(a|img|source|video|audio|iframe)(?:\s[^>]*?)?\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)

// readHTML reads a piece of raw HTML, a block or inline, for the ids its
// elements have and the links they hold, each placed where it is written.
// A page written in markdown often marks a place with <div id="x"></div>,
// and links with <a href> or <img src> where markdown cannot say enough.
// An HTML comment holds neither.
func (d *Doc) readHTML(n ast.Node, src []byte, ls lines) {
	var segs *text.Segments
	switch n := n.(type) {
	case *ast.RawHTML:
		segs = n.Segments
	case *ast.HTMLBlock:
		if n.HTMLBlockType == ast.HTMLBlockType2 {
			return
		}
		segs = n.Lines()
	}
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		text := seg.Value(src)
		if bytes.HasPrefix(bytes.TrimSpace(text), []byte("<!--")) {
			continue
		}
		d.IDs = append(d.IDs, htmlIDs(text)...)
		for _, m := range htmlLink.FindAllSubmatchIndex(text, -1) {
			dest := ""
			for g := 2; g <= 4; g++ {
				if m[2*g] >= 0 {
					dest = html.UnescapeString(string(text[m[2*g]:m[2*g+1]]))
				}
			}
			off := seg.Start + m[0]
			tag := strings.ToLower(string(text[m[2]:m[3]]))
			d.Links = append(d.Links, Link{Dest: dest, Line: ls.line(off), Col: off - ls.start(off) + 1, Image: tag != "a" && tag != "iframe", Raw: true})
		}
	}
}

// htmlID is an id an element of raw HTML has, or the name of an <a>.
var htmlID = regexp.MustCompile(`(?i)<(?:[a-z][a-z0-9-]*(?:\s[^>]*?)?\sid|a(?:\s[^>]*?)?\sname)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)

// htmlIDs are the ids the elements of a piece of raw HTML have.
func htmlIDs(html []byte) []string {
	var ids []string
	for _, m := range htmlID.FindAllSubmatch(html, -1) {
		if id := string(m[1]) + string(m[2]) + string(m[3]); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// ial is a kramdown block attribute list alone on its line: {: #id .c}.
var ial = regexp.MustCompile(`^\{:[ \t]*([^{}\n]*?)[ \t]*\}[ \t]*$`)

// ialBelow is the id a block attribute list on the line right under a
// heading gives it, or "".
func ialBelow(h ast.Node, src []byte, ls lines) string {
	p, ok := h.NextSibling().(*ast.Paragraph)
	if !ok || p.Lines().Len() != 1 || blockLine(p, ls) != blockLine(h, ls)+1 {
		return ""
	}
	at := p.Lines().At(0)
	m := ial.FindSubmatch(bytes.TrimRight(at.Value(src), "\r\n"))
	if m == nil {
		return ""
	}
	for _, f := range strings.Fields(string(m[1])) {
		if id, ok := strings.CutPrefix(f, "#"); ok && id != "" {
			return id
		}
	}
	return ""
}

// attrList is Python-Markdown's attribute list: "{: #id .class k=v }", the
// colon optional.
var attrList = regexp.MustCompile(`^\{:?[ \t]*([^{}\n]*?)[ \t]*\}`)

// attrListIDs are the ids an attribute list gives, where t holds one that
// applies: right after an inline element (**term**{ #id }), or alone on
// the last line of a paragraph.
func attrListIDs(t *ast.Text, src []byte) []string {
	v := t.Segment.Value(src)
	prev := t.PreviousSibling()
	if len(v) == 0 || v[0] != '{' || prev == nil {
		return nil
	}
	if pt, ok := prev.(*ast.Text); ok && (!pt.SoftLineBreak() || t.NextSibling() != nil) {
		return nil // text before it on its line, or a line after it
	}
	m := attrList.FindSubmatch(v)
	if _, ownLine := prev.(*ast.Text); m == nil || ownLine && len(bytes.TrimSpace(v)) != len(m[0]) {
		return nil
	}
	var ids []string
	for _, f := range strings.Fields(string(m[1])) {
		if id, ok := strings.CutPrefix(f, "#"); ok && id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// assignIDs: explicit ids first, so a slug never takes one a later heading asks for.
func assignIDs(headings []ast.Node, src []byte, ls lines, style IDStyle) []Heading {
	slugger := style.NewSlugger()
	for _, h := range headings {
		if id, ok := h.AttributeString("id"); ok && !style.noReserve {
			slugger.Reserve(string(id.([]byte)))
		}
	}
	out := make([]Heading, 0, len(headings))
	for _, h := range headings {
		level, textStyle := 0, style
		if hd, ok := h.(*ast.Heading); ok {
			level = hd.Level
		} else {
			textStyle.linkURLs = false // a term's id is its visible text alone
		}
		text := plainText(h, src, textStyle)
		slugged := text
		if hd, ok := h.(*ast.Heading); ok && style.rawText {
			slugged = rawText(hd, src)
		}
		if style.bracketIDs {
			text, slugged = bracketID(h, text)
		}
		var id string
		if style.MaxLevel > 0 && level > style.MaxLevel || style.NoTitleID && level == 1 {
			// no id, and not counted among the repeats
		} else if v, ok := h.AttributeString("id"); ok {
			id = string(v.([]byte))
		} else if id = slugger.Unique(slugged); id != "" {
			h.SetAttributeString("id", []byte(id))
		}
		out = append(out, Heading{Level: level, ID: id, Text: strings.ReplaceAll(text, string(linkBoundary), ""), Line: blockLine(h, ls)})
	}
	return out
}

// bracketTail is Nextra's custom id, "[#id]" ending a heading's text.
var bracketTail = regexp.MustCompile(`\s*\[#([\s\S]+?)]\s*$`)

// bracketID reads "[#id]" at the end of a heading's text as Nextra does:
// only where the heading ends in text (not code or a link), the text
// before it is the heading's, and the id is what gets slugged.
func bracketID(h ast.Node, text string) (shown, slugged string) {
	if _, ok := h.LastChild().(*ast.Text); !ok {
		return text, text
	}
	m := bracketTail.FindStringSubmatchIndex(text)
	if m == nil {
		return text, text
	}
	return text[:m[0]], text[m[2]:m[3]]
}

// plainText is the text of a heading as a style reads it: the visible text
// (code spans and link text included), prose passed through the style's
// typography, and link destinations too where the style counts them.
func plainText(n ast.Node, src []byte, style IDStyle) string {
	var b, prose strings.Builder
	flush := func() { // entities may span text nodes ("&" then "amp;")
		t := prose.String()
		if !style.rawEntities {
			t = string(util.ResolveNumericReferences(util.ResolveEntityNames([]byte(t))))
		}
		if style.prose != nil {
			t = style.prose(t)
		}
		b.WriteString(t)
		prose.Reset()
	}
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		switch c := c.(type) {
		case *ast.Text:
			if !entering {
				break
			}
			if _, code := c.Parent().(*ast.CodeSpan); code {
				flush()
				b.Write(c.Segment.Value(src))
				break
			}
			prose.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				prose.WriteByte(' ')
			}
		case *ast.String:
			if entering {
				prose.Write(c.Value)
			}
		case *east.Strikethrough:
			if style.singleTildeText { // markdown-it strikes through only "~~"
				prose.WriteString(strikeMarks(c, src))
			}
		case *ast.AutoLink: // <https://…>: its text is the URL
			if entering {
				prose.Write(c.Label(src))
			}
		case *ast.Link:
			if !entering && style.linkURLs {
				// Hugo 0.111 puts the destination after the text with a
				// boundary a slug drops, but Blackfriday's makes a hyphen.
				flush()
				b.WriteByte(linkBoundary)
				b.Write(c.Destination)
			}
		}
		return ast.WalkContinue, nil
	})
	flush()
	return strings.TrimSpace(b.String())
}

// rawText is a heading's markdown as written: its lines (a setext
// heading may have several), without the ATX heading's marks.
func rawText(h *ast.Heading, src []byte) string {
	var b strings.Builder
	for i := 0; i < h.Lines().Len(); i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		seg := h.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return strings.TrimSpace(b.String())
}

// linkBoundary stands between a link's text and its destination, when a
// style counts the destination as heading text.
const linkBoundary = '\x1f'

// strikeMarks is the "~" a single-tilde strikethrough was written with,
// for a renderer that reads it as text: found before its first text.
func strikeMarks(n ast.Node, src []byte) string {
	if off := firstText(n); off > 0 && src[off-1] == '~' && (off < 2 || src[off-2] != '~') {
		return "~"
	}
	return ""
}

// newLink places a link. goldmark keeps no position on links, so it starts
// from the first text inside and goes back to the '[' (and an image's '!');
// a link without text gets the first line of its block.
func newLink(dest []byte, n ast.Node, src []byte, ls lines, image bool) Link {
	resolved := string(util.UnescapePunctuations(util.ResolveNumericReferences(util.ResolveEntityNames(dest))))
	off := firstText(n)
	if off < 0 {
		return Link{Dest: resolved, Line: blockLine(n, ls), Image: image}
	}
	lineStart := ls.start(off)
	if open := bytes.LastIndexByte(src[lineStart:off], '['); open >= 0 {
		off = lineStart + open
		if image && off > lineStart && src[off-1] == '!' {
			off--
		}
	}
	return Link{Dest: resolved, Line: ls.line(off), Col: off - lineStart + 1, Image: image, Attrs: attrsFollow(src, off, dest)}
}

// attrsFollow reports whether the link written at off, to dest, is
// followed by "{": its closing ")" is the first on the line after "](dest".
func attrsFollow(src []byte, off int, dest []byte) bool {
	rest := src[off:min(len(src), off+len(dest)+attrsReach)] // bounded: a line may hold a million links
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	i := bytes.Index(rest, append([]byte("]("), dest...))
	if i < 0 {
		return false
	}
	rest = rest[i+2+len(dest):]
	j := bytes.IndexByte(rest, ')')
	return j >= 0 && j+1 < len(rest) && rest[j+1] == '{'
}

func firstText(n ast.Node) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return off
}

// attrsReach is how far past a link's destination its "){" is looked for.
const attrsReach = 4096

// blockLine is the first line of the nearest block that records its lines.
func blockLine(n ast.Node, ls lines) int {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return ls.line(n.Lines().At(0).Start)
		}
	}
	return 0
}

// lines are the offsets of a document's newlines, found once, so placing
// each of its links costs a binary search, not a count from the start
// (which made a file of a million links take minutes).
type lines []int

func newLines(src []byte) lines {
	ls := lines{}
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return ls
		}
		ls = append(ls, i+j)
		i += j + 1
	}
}

// line is the 1-based line of an offset.
func (ls lines) line(offset int) int {
	return sort.SearchInts(ls, offset) + 1
}

// start is the offset the line holding offset starts at.
func (ls lines) start(offset int) int {
	if i := sort.SearchInts(ls, offset); i > 0 {
		return ls[i-1] + 1
	}
	return 0
}

// FrontMatter finds the block a file opens with between two lines "---"
// (CR LF too). It returns the block's text, and src with everything up to
// the closing line replaced by its newlines, so offsets in body keep their
// lines. open says src starts with "---"; closed says a later "---" ends the
// block (when it does not, there is no front matter and body is src).
func FrontMatter(src []byte) (block, body []byte, open, closed bool) {
	first, _, found := bytes.Cut(src, []byte("\n"))
	if !found || string(bytes.TrimRight(first, "\r")) != "---" {
		return nil, src, false, false
	}
	start := len(first) + 1
	for i := start; i < len(src); {
		line, _, more := bytes.Cut(src[i:], []byte("\n"))
		if string(bytes.TrimRight(line, "\r")) == "---" {
			end := i + len(line)
			if more {
				end++
			}
			blank := bytes.Repeat([]byte("\n"), bytes.Count(src[:end], []byte("\n")))
			return src[start:i], append(blank, src[end:]...), true, true
		}
		if !more {
			break
		}
		i += len(line) + 1
	}
	return nil, src, true, false
}

// FrontList is a key of the page's YAML front matter as a list of
// strings: its items, or its one string; nil when the key is not there or
// the front matter is not YAML that reads.
func FrontList(src []byte, key string) []string {
	block, _, _, closed := FrontMatter(src)
	if !closed {
		return nil
	}
	var front map[string]any
	if yaml.Unmarshal(block, &front) != nil {
		return nil
	}
	switch v := front[key].(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, item := range v {
			if s, ok := item.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// FrontValue is the value of a top-level key of a file's front matter,
// YAML between "---" lines or TOML between "+++" lines (Hugo's), unquoted;
// "" when the file has none, or the key is missing or not a plain string
// (a list, a block, a multi-line string). It reads no further: the gate
// asks only for scalar keys such as permalink and slug.
func FrontValue(src []byte, key string) string {
	block, _, _, closed := FrontMatter(src)
	sep := ":"
	if !closed {
		if block, closed = tomlFront(src); !closed {
			return ""
		}
		sep = "="
	}
	for _, line := range strings.Split(string(block), "\n") {
		k, v, ok := strings.Cut(strings.TrimRight(line, "\r"), sep)
		if !ok || strings.TrimSpace(k) != key || k != strings.TrimLeft(k, " \t") {
			continue
		}
		v = strings.TrimSpace(v)
		if i := strings.Index(v, " #"); i >= 0 && v[0] != '"' && v[0] != '\'' {
			v = strings.TrimSpace(v[:i]) // a comment after a plain value
		}
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			return v[1 : len(v)-1]
		}
		if v == "" || strings.ContainsAny(v[:1], "[{|>&*!\"'") {
			return ""
		}
		return v
	}
	return ""
}

// tomlFront is the block a file opens with between two lines "+++".
// FrontBlock is a page's front matter, YAML (---) or TOML (+++), as
// written; nil for none.
func FrontBlock(src []byte) []byte {
	src = Text(src)
	if block, _, _, closed := FrontMatter(src); closed {
		return block
	}
	block, _ := tomlFront(src)
	return block
}

func tomlFront(src []byte) ([]byte, bool) {
	first, rest, found := bytes.Cut(src, []byte("\n"))
	if !found || string(bytes.TrimRight(first, "\r")) != "+++" {
		return nil, false
	}
	for i := 0; i < len(rest); {
		line, _, more := bytes.Cut(rest[i:], []byte("\n"))
		if string(bytes.TrimRight(line, "\r")) == "+++" {
			return rest[:i], true
		}
		if !more {
			break
		}
		i += len(line) + 1
	}
	return nil, false
}

// IsMarkdownLink reports whether dest is a relative link to a markdown
// file: the links whose target the check can find on disk.
func IsMarkdownLink(dest string) bool {
	if dest == "" || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "#") || HasScheme(dest) {
		return false
	}
	p := dest
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	return IsMarkdownFile(p)
}

// IsMarkdownFile reports whether a file is a markdown page: .md, or .mdx
// (Docusaurus' markdown with JSX, whose links and headings are markdown's).
func IsMarkdownFile(name string) bool {
	return strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".mdx")
}

// HasScheme reports whether dest starts with a URL scheme ("https:",
// "mailto:"), as urlscheme reads one.
func HasScheme(dest string) bool {
	_, _, ok := urlscheme.Split(dest)
	return ok
}
