package mdscan

import (
	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// TaskList is goldmark's task-list checkboxes as GitHub reads them: "[ ]"
// or "[x]" at the start of a list item is a checkbox only when whitespace
// follows it (the GFM spec's task list item marker). goldmark v1.8 takes
// "- [x](page.md)" and "- [ ](page.md)" for a checkbox and some text, so
// their links went unchecked; GitHub, cmark-gfm, micromark (Docusaurus) and
// Python-Markdown show links there. The site's build uses it too.
var TaskList goldmark.Extender = taskList{}

type taskList struct{}

func (taskList) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(checkBox{extension.NewTaskCheckBoxParser()}, 0)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(extension.NewTaskCheckBoxHTMLRenderer(), 500)))
}

// checkBox hands goldmark's parser only a marker that whitespace (or the
// end of the text) follows; anything else is left to the link parser.
type checkBox struct{ parser.InlineParser }

func (c checkBox) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	line, _ := block.PeekLine()
	if len(line) < 3 || line[0] != '[' || line[2] != ']' {
		return nil
	}
	if len(line) > 3 && !util.IsSpace(line[3]) {
		return nil
	}
	return c.InlineParser.Parse(parent, block, pc)
}
