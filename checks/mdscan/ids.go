package mdscan

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// IDStyle is how one site generator gives headings their ids: the slug it
// makes of a heading's text, how it tells a repeated slug apart, and
// whether "{#id}" after a heading sets the id. Each style is held to the
// ids a real build of testdata/slugs/headings.md gave (testdata/slugs/*.txt).
type IDStyle struct {
	Name string
	// CustomIDs: "## Title {#id}" gives the heading the id "id".
	CustomIDs bool
	// commentIDs: "## Title {/* #id */}" does too, an MDX comment that is
	// the heading's last part and starts with "#" (Docusaurus 3, whose v4
	// future flag turns "{#id}" off in MDX: markdown.mdx1Compat.headingIds).
	commentIDs bool
	// None: headings get no id at all (Eleventy's markdown, unless a plugin adds them).
	None bool
	// NoTitleID: a level-1 heading (the page's title) gets no id and is
	// not counted among the repeats (Nextra).
	NoTitleID bool
	// bracketIDs: "## Title [#id]" gives the heading the id "id", slugged
	// and numbered in turn as a heading's text is (Nextra).
	bracketIDs bool
	// MaxLevel: only headings of levels 1 to MaxLevel get an id, and only
	// they count as repeats (MyST's myst_heading_anchors); 0: every level.
	MaxLevel int
	// TermIDs: the terms of definition lists ("Term" then ": text") get
	// ids too, from one count with the headings, in the order the page has
	// them (Hugo's markup.goldmark.parser.autoDefinitionTermID).
	TermIDs bool
	// footnotes: Python-Markdown's footnotes, whose notes and references
	// have ids (fn:label, fnref:label); attrLists: attr_list's { #id }
	// gives an inline element or a paragraph an id (MkDocs).
	footnotes, attrLists bool
	// ials: a line "{: #id}" right under a heading gives it the id
	// (kramdown's block attribute list).
	ials bool
	// roles: MyST's roles are read as links ({doc}, {ref}, …).
	roles bool
	// lastDefinition: of two link reference definitions of one label, the
	// last counts (Python-Markdown), not the first (CommonMark).
	lastDefinition bool
	// hugoRefs: Hugo's ref and relref shortcodes are read as links;
	// hexoTags: Hexo's post_link tags are.
	hugoRefs, hexoTags bool
	// noHTML: raw HTML is left out of the page, so its ids are none
	// (Hugo, unless markup.goldmark.renderer.unsafe).
	noHTML bool
	// Blocks, when set, reads the indented blocks of Python-Markdown's
	// extensions as markdown, and gives content tabs their ids.
	Blocks *Blocks
	// emptyTaken: a heading whose slug is empty is numbered as a repeat.
	emptyTaken bool
	// byBase: repeats are counted by their slug alone and never checked
	// against ids already given (kramdown: Usage, Usage-1, Usage give
	// usage, usage-1, usage-1); noReserve: an explicit {#id} does not
	// keep a slug from taking it.
	byBase, noReserve bool
	// oneCounter: every repeat, whatever its slug, takes the next of one
	// list of ids (docutils: id1, id2, …), so the search resumes where the
	// last one of any slug ended.
	oneCounter bool
	// prose turns a heading's prose (not its code) into what the
	// generator renders: smart dashes, which the slug then drops.
	prose func(string) string
	// linkURLs: a link's destination counts as heading text, and
	// rawEntities: "&amp;" is slugged as written (Hugo 0.111 both; VitePress).
	linkURLs, rawEntities bool
	// singleTildeText: "~x~" is text, not a strikethrough (markdown-it).
	singleTildeText bool
	// rawText: the slug is made of the heading's markdown as written, not
	// of its text (Docsify slugs marked's token text).
	rawText bool
	slug    func(text string) string
	// unique gives the id of a slug seen n times before (n ≥ 1), trying
	// again while taken reports the answer taken, and the n it ended at.
	// The Slugger passes, as n, one past where the last search for the
	// slug ended when that is more: every id before it is taken, so each
	// repeat does not try again what the last one tried (n repeats of a
	// heading whose numbered ids a page already has would be n² tries).
	unique func(slug string, n int, taken func(string) bool) (string, int)
}

// NewSlugger starts the ids of one document in this style.
func (s IDStyle) NewSlugger() *Slugger {
	return &Slugger{style: s, seen: map[string]int{}, last: map[string]int{}}
}

// KeepID is how the style's markdown sets a heading's id, as written
// after the heading's text; "" for a style that has no way.
func (s IDStyle) KeepID(id string) string {
	switch {
	case s.commentIDs: // works whatever mdx1Compat says
		return "{/* #" + id + " */}"
	case s.CustomIDs:
		return "{#" + id + "}"
	}
	return ""
}

// Slug is the style's slug of a heading's text, before it is made unique.
func (s IDStyle) Slug(text string) string { return s.slug(text) }

// The styles of the generators the gate knows.
var (
	// GitHub is github-slugger's reading of GitHub's rules, with the
	// "{#id}" syntax: Docusaurus, and Rspress 2 (which numbers repeats
	// the same way and has the syntax in .md and .mdx alike).
	GitHub = IDStyle{Name: "github", CustomIDs: true, slug: Slug, unique: counted("-")}
	// Docusaurus is GitHub's with its "{/* #id */}" too.
	Docusaurus = IDStyle{Name: "docusaurus", CustomIDs: true, commentIDs: true, slug: Slug, unique: counted("-")}
	// GFM is GitHub itself, and MyST's heading anchors: no "{#id}" syntax,
	// the text stays in the heading.
	GFM = IDStyle{Name: "gfm", slug: Slug, unique: counted("-")}
	// Hugo 0.111 ("github" ids) counts a link's destination as text.
	Hugo = IDStyle{Name: "hugo", CustomIDs: true, slug: Slug, unique: counted("-"), linkURLs: true, rawEntities: true, hugoRefs: true}
	// HugoGitHubASCII and HugoBlackfriday are Hugo's other
	// autoHeadingIDType settings (markup.goldmark.parser).
	// A heading with no letter or digit left is "heading" in both.
	HugoGitHubASCII = IDStyle{Name: "hugo-github-ascii", CustomIDs: true, slug: orHeading(hugoASCIISlug), unique: counted("-"), linkURLs: true, rawEntities: true, hugoRefs: true}
	HugoBlackfriday = IDStyle{Name: "hugo-blackfriday", CustomIDs: true, slug: orHeading(blackfridaySlug), unique: counted("-"), linkURLs: true, rawEntities: true, hugoRefs: true}
	// Astro (Starlight) slugs with github-slugger after SmartyPants has
	// made "--" a dash, which the slug drops; no "{#id}".
	Astro = IDStyle{Name: "astro", slug: Slug, unique: counted("-"), prose: smartDashes}
	// VitePress slugs with @mdit-vue/shared and numbers repeats as
	// markdown-it-anchor does.
	VitePress = IDStyle{Name: "vitepress", CustomIDs: true, slug: vitepressSlug, unique: counted("-"), rawEntities: true}
	// VuePress 2 slugs with the same function (@mdit-vue/shared) through
	// markdown-it-anchor, but has no "{#id}" (the braces are slugged with
	// the text), and an entity is slugged as the character it stands for.
	VuePress = IDStyle{Name: "vuepress", slug: vitepressSlug, unique: counted("-")}
	// MkDocs is Python-Markdown's toc extension: ASCII only, repeats "_1";
	// "{#id}" only with the attr_list extension (MkDocsAttrList).
	MkDocs         = IDStyle{Name: "mkdocs", emptyTaken: true, lastDefinition: true, slug: pythonMarkdownSlug, unique: pythonMarkdownUnique}
	MkDocsAttrList = IDStyle{Name: "mkdocs-attr-list", CustomIDs: true, attrLists: true, emptyTaken: true, lastDefinition: true, slug: pythonMarkdownSlug, unique: pythonMarkdownUnique}
	// Kramdown is Jekyll's (and GitHub Pages') kramdown with input: GFM.
	Kramdown = IDStyle{Name: "kramdown-gfm", CustomIDs: true, ials: true, byBase: true, noReserve: true, prose: smartDashes,
		slug: kramdownGFMSlug, unique: func(slug string, n int, _ func(string) bool) (string, int) { return slug + "-" + strconv.Itoa(n), n }}
	// Docutils is the ids Sphinx writes for sections (reST and MyST alike):
	// ASCII letters and digits, a repeat or an empty slug becomes id1, id2, …
	// counted over the whole page.
	Docutils = IDStyle{Name: "docutils", emptyTaken: true, oneCounter: true, slug: docutilsSlug, unique: docutilsUnique}
	// Nextra 4 slugs with github-slugger, the title (h1) left without an
	// id, and reads "[#id]" at a heading's end as the text to slug instead.
	Nextra = IDStyle{Name: "nextra", NoTitleID: true, bracketIDs: true, slug: Slug, unique: counted("-")}
	// None is markdown rendered with no heading ids (Eleventy's default).
	None = IDStyle{Name: "none", None: true}
)

// UpToLevel is the style giving ids to headings of levels 1 to n only,
// under a name of its own: a file is parsed once per style name.
func (s IDStyle) UpToLevel(n int) IDStyle {
	s.Name, s.MaxLevel = s.Name+"-h"+strconv.Itoa(n), n
	return s
}

// WithTermIDs is the style also giving definition terms ids (TermIDs),
// under a name of its own.
func (s IDStyle) WithTermIDs() IDStyle {
	s.Name, s.TermIDs = s.Name+"-terms", true
	return s
}

// WithRoles is the style also reading MyST's roles as links, under a
// name of its own.
func (s IDStyle) WithRoles() IDStyle {
	s.Name, s.roles = s.Name+"-roles", true
	return s
}

// WithoutHTML is the style of a renderer that leaves raw HTML out, under
// a name of its own.
func (s IDStyle) WithoutHTML() IDStyle {
	s.Name, s.noHTML = s.Name+"-no-html", true
	return s
}

// WithFootnotes is the style also reading Python-Markdown's footnotes,
// which have ids, under a name of its own.
func (s IDStyle) WithFootnotes() IDStyle {
	s.Name, s.footnotes = s.Name+"-fn", true
	return s
}

// WithBlocks is the style reading Python-Markdown's indented blocks
// (admonitions, content tabs), under a name of its own: name tells one
// way of giving tabs ids from another.
func (s IDStyle) WithBlocks(b Blocks, name string) IDStyle {
	s.Name, s.Blocks = s.Name+"-blocks-"+name, &b
	return s
}

// counted numbers repeats slug-1, slug-2, … with sep, skipping ids already
// taken (github-slugger and markdown-it-anchor agree on this).
func counted(sep string) func(string, int, func(string) bool) (string, int) {
	return func(slug string, n int, taken func(string) bool) (string, int) {
		for {
			id := slug + sep + strconv.Itoa(n)
			if !taken(id) {
				return id, n
			}
			n++
		}
	}
}

// hugoASCIISlug is Hugo's github-ascii: accents taken off the letters
// that have them, then GitHub's slug of what is ASCII: a space or hyphen a
// hyphen, a letter or digit in lower case, the rest dropped.
func hugoASCIISlug(text string) string {
	var b strings.Builder
	for _, r := range norm.NFC.String(stripMarks(norm.NFD.String(strings.TrimSpace(text)))) {
		switch {
		case r >= 0x80:
		case r == ' ' || r == '-':
			b.WriteByte('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// orHeading names a heading whose slug is empty "heading", as Hugo does.
func orHeading(slug func(string) string) func(string) string {
	return func(text string) string {
		if s := slug(text); s != "" {
			return s
		}
		return "heading"
	}
}

func stripMarks(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, s)
}

// blackfridaySlug is Blackfriday's anchor names (Hugo's blackfriday): the
// letters and digits in lower case, each run of anything else between two
// of them one hyphen.
func blackfridaySlug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range text {
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

var (
	vitepressSpecial = regexp.MustCompile("[\\s~`!@#$%^&*()\\-_+=\\[\\]{}|\\\\;:\"'“”‘’<>,.?/]+")
	vitepressEnds    = regexp.MustCompile(`^-+|-+$`)
)

// vitepressSlug: accents and control characters dropped, each run of
// punctuation and space one hyphen, none at the ends, a leading digit
// guarded by "_", lower case.
func vitepressSlug(text string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(text) {
		if (r >= 0x300 && r <= 0x36f) || r < 0x20 {
			continue
		}
		b.WriteRune(r)
	}
	s := vitepressEnds.ReplaceAllString(vitepressSpecial.ReplaceAllString(b.String(), "-"), "")
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = "_" + s
	}
	return strings.ToLower(s)
}

// PyMdownSlugs is MkDocs's toc with the slugify of PyMdown Extensions
// (toc: slugify: pymdownx.slugs.slugify, with its case, or one of the
// older uslugify and gfm names): Unicode letters kept, each space a hyphen
// (no runs folded), repeats "_1" as Python-Markdown numbers them; "{#id}"
// with attr_list.
func PyMdownSlugs(caseMode string, percentEncode, attrList bool) IDStyle {
	name := "mkdocs-pymdownx-" + firstNonEmpty(caseMode, "none")
	if percentEncode {
		name += "-encoded"
	}
	if attrList {
		name += "-attr-list"
	}
	return IDStyle{Name: name, CustomIDs: attrList, attrLists: attrList, emptyTaken: true, lastDefinition: true, unique: pythonMarkdownUnique,
		slug: func(text string) string { return pymdownSlug(text, caseMode, percentEncode) }}
}

var htmlTags = regexp.MustCompile(`</?[^>]*>`)

// pymdownSlug: NFC, tags and the ends' white space dropped, the case
// changed as asked, then every character but word characters (Python's \w:
// letters, digits, _), hyphens and spaces dropped, and each space a hyphen.
func pymdownSlug(text, caseMode string, percentEncode bool) string {
	s := strings.TrimSpace(htmlTags.ReplaceAllString(norm.NFC.String(text), ""))
	switch caseMode {
	case "lower":
		s = strings.ToLower(s)
	case "lower-ascii":
		s = strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, s)
	case "fold":
		s = cases.Fold().String(s)
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	if percentEncode {
		return pythonQuote(b.String())
	}
	return b.String()
}

// pythonQuote is Python's urllib.parse.quote: UTF-8 bytes percent-encoded
// but for letters, digits, "_.-~" and "/".
func pythonQuote(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (isWord(rune(c)) || strings.IndexByte("_.-~/", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// pythonMarkdownSlug: NFKD, non-ASCII dropped, then everything but word
// characters, spaces and hyphens dropped, trimmed, lower case, each run of
// hyphens and spaces one hyphen.
func pythonMarkdownSlug(text string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(text) {
		if r < 0x80 && (isWord(r) || unicode.IsSpace(r) || r == '-') {
			b.WriteRune(r)
		}
	}
	return hyphenRuns.ReplaceAllString(strings.ToLower(strings.TrimSpace(b.String())), "-")
}

var hyphenRuns = regexp.MustCompile(`[-\s]+`)

var pythonMarkdownCount = regexp.MustCompile(`^(.*)_([0-9]+)$`)

// pythonMarkdownUnique: a taken id ending in _N becomes _N+1, else gains _1.
// From id the tries are id_1, id_2, … (or, for id = x_N, x_N+1, x_N+2, …),
// so the n-th repeat starts at the n-th of them.
func pythonMarkdownUnique(id string, n int, taken func(string) bool) (string, int) {
	prefix, first := id, 0
	if m := pythonMarkdownCount.FindStringSubmatch(id); m != nil {
		prefix = m[1]
		first, _ = strconv.Atoi(m[2])
	}
	for ; ; n++ {
		if try := prefix + "_" + strconv.Itoa(first+n); !taken(try) {
			return try, n
		}
	}
}

// kramdownGFMSlug: lower case, everything but word characters, hyphens and
// spaces dropped, each space a hyphen.
func kramdownGFMSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || isWord(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// smartDashes is SmartyPants' and kramdown's typography as far as a slug
// sees it: "---" and "--" become dashes, which no slug keeps.
func smartDashes(text string) string {
	return strings.ReplaceAll(strings.ReplaceAll(text, "---", "\u2014"), "--", "\u2013")
}

// docutilsLetters are the letters docutils spells in ASCII before it drops
// what NFKD leaves outside ASCII.
var docutilsLetters = strings.NewReplacer("ß", "sz", "æ", "ae", "œ", "oe", "ø", "o", "đ", "d", "ħ", "h",
	"ı", "i", "ł", "l", "ŀ", "l", "ƀ", "b", "ƒ", "f", "ɨ", "i", "ŧ", "t", "ð", "d", "þ", "th")

var (
	docutilsNonID = regexp.MustCompile(`[^a-z0-9]+`)
	docutilsEnds  = regexp.MustCompile(`^[-0-9]+|-+$`)
)

// docutilsSlug is docutils' make_id: lower case, a few letters spelled
// out, accents and other non-ASCII dropped, each run of anything but a
// letter or digit one hyphen, no digit or hyphen first, no hyphen last.
func docutilsSlug(text string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(docutilsLetters.Replace(strings.ToLower(text))) {
		if r < 0x80 {
			b.WriteRune(r)
		}
	}
	s := docutilsNonID.ReplaceAllString(strings.Join(strings.Fields(b.String()), " "), "-")
	return docutilsEnds.ReplaceAllString(s, "")
}

// docutilsUnique numbers every id it must make up with one counter for
// the page: id1, id2, …
func docutilsUnique(_ string, n int, taken func(string) bool) (string, int) {
	for ; ; n++ {
		if id := "id" + strconv.Itoa(n); !taken(id) {
			return id, n
		}
	}
}

// isWord is a word character of Python and Ruby regular expressions:
// letters, digits and the underscore (connector punctuation).
func isWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) || unicode.Is(unicode.Pc, r)
}

// Slugger hands out the ids of one document in one style.
type Slugger struct {
	style IDStyle
	seen  map[string]int
	last  map[string]int // where the last search for each slug's id ended
}

// NewSlugger is a GitHub-style slugger (the site's own).
func NewSlugger() *Slugger { return GitHub.NewSlugger() }

// Unique returns the id of a heading with this text, unique in the
// document; "" when the style gives headings no id.
func (s *Slugger) Unique(text string) string {
	st := s.style
	if st.None {
		return ""
	}
	base := st.slug(text)
	_, taken := s.seen[base]
	if !taken && !(base == "" && st.emptyTaken) {
		s.seen[base] = 0
		return base
	}
	s.seen[base]++
	chain := base
	if st.oneCounter {
		chain = ""
	}
	id, at := st.unique(base, max(s.seen[base], s.last[chain]+1), func(id string) bool { _, ok := s.seen[id]; return ok })
	s.last[chain] = at
	if _, ok := s.seen[id]; !ok && !st.byBase {
		s.seen[id] = 0
	}
	return id
}

// Reserve marks an explicit id ({#id}) as taken so generated ones avoid it.
func (s *Slugger) Reserve(id string) {
	if _, taken := s.seen[id]; !taken {
		s.seen[id] = 0
	}
}

// Eleventy's own slugify filter (@sindresorhus/slugify with Eleventy's
// options: no decamelizing, apostrophes dropped), which sites hand to
// markdown-it-anchor (EleventyAnchor) or get through Eleventy's
// IdAttributePlugin (EleventyIDAttribute, whose repeats count from 2).
var (
	EleventyAnchor      = IDStyle{Name: "eleventy-anchor", slug: eleventySlug, unique: counted("-")}
	EleventyIDAttribute = IDStyle{Name: "eleventy-id-attribute", slug: eleventySlug,
		unique: func(slug string, n int, taken func(string) bool) (string, int) {
			id, at := counted("-")(slug, n+1, taken)
			return id, at - 1
		}}
	// MarkdownItAnchor is markdown-it-anchor's own slugify: the text
	// lower-cased, each run of white space a hyphen, then percent-encoded.
	MarkdownItAnchor = IDStyle{Name: "markdown-it-anchor", slug: encodeURIComponentSlug, unique: counted("-"), singleTildeText: true}
)

// transliterations are the letters @sindresorhus/transliterate spells in
// ASCII other than by dropping their accents: German's, the ligatures and
// the Greek and Cyrillic alphabets.
var transliterations = strings.NewReplacer(
	"ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss", "ẞ", "Ss",
	"æ", "ae", "Æ", "AE", "œ", "oe", "Œ", "OE", "ø", "o", "Ø", "O", "đ", "d", "Đ", "D", "ł", "l", "Ł", "L",
	"ð", "d", "Ð", "D", "þ", "th", "Þ", "TH", "&", " and ", "'", "",
	"α", "a", "β", "b", "γ", "g", "δ", "d", "ε", "e", "ζ", "z", "η", "h", "θ", "8", "ι", "i", "κ", "k", "λ", "l",
	"μ", "m", "ν", "n", "ξ", "3", "ο", "o", "π", "p", "ρ", "r", "σ", "s", "ς", "s", "τ", "t", "υ", "y", "φ", "f",
	"χ", "x", "ψ", "ps", "ω", "w", "Ω", "O",
	"а", "a", "б", "b", "в", "v", "г", "g", "д", "d", "е", "e", "ё", "yo", "ж", "zh", "з", "z", "и", "i",
	"й", "j", "к", "k", "л", "l", "м", "m", "н", "n", "о", "o", "п", "p", "р", "r", "с", "s", "т", "t",
	"у", "u", "ф", "f", "х", "h", "ц", "c", "ч", "ch", "ш", "sh", "щ", "sh", "ъ", "u", "ы", "y", "ь", "",
	"э", "e", "ю", "yu", "я", "ya", "Ж", "Zh",
)

var nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)

func eleventySlug(text string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(norm.NFC.String(transliterations.Replace(text))) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return strings.Trim(nonAlnum.ReplaceAllString(strings.ToLower(b.String()), "-"), "-")
}

var whiteRuns = regexp.MustCompile(`\s+`)

func encodeURIComponentSlug(text string) string {
	s := whiteRuns.ReplaceAllString(strings.ToLower(strings.TrimSpace(text)), "-")
	var b strings.Builder
	for _, c := range []byte(s) {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
