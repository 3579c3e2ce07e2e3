// Package buildcheck names the problems the site build itself reports
// while compiling content/ (`docs build`), beside the gate's markdown
// checks that the compiler also runs (checks/registry). These are always
// errors: a page that cannot be compiled cannot be published, so they have
// no level to set and live here, on the site's side, not in the gate.
package buildcheck

const (
	FrontMatter = "front-matter"
	CodeBlock   = "code-block"
	Versions    = "versions"
	Content     = "content"
	Sidebars    = "sidebars"
	Render      = "render"
	Write       = "write"
)

// Check is one problem the build reports.
type Check struct {
	ID      string
	Meaning string // one line, for the authoring guide
}

// All is every build check, in the order an author meets them.
var All = []Check{
	{Content, "a docs version, the education hub or the pages have no folder, or a page cannot be read"},
	{Versions, "versions.json is missing, is not JSON, or does not mark exactly one version `isLast`"},
	{Sidebars, "a sidebars.json is not JSON, names a page that does not exist, or has an item of unknown type"},
	{FrontMatter, "a page's front matter is never closed, is not valid YAML, has an unknown key, lacks `title`, or names a sidebar that does not exist"},
	{CodeBlock, "a fence's metadata is not a title or {lines} (a diagram: no {lines}, and a title or accTitle)"},
	{Render, "a page cannot be turned into its record or search records"},
	{Write, "site/.generated cannot be written"},
}
