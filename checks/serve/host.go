package serve

import (
	"net/url"
	"path"
	"strings"
)

// This file is the one place that says how a static host maps files to URLs
// and back. The link check (checks/links), the report, the route table
// (checks/routes), the browser checks and `docs serve` all use it; the
// site's JavaScript (site/src/lib/routePath.js: the prerender's output files
// and the route a URL shows) is held to the same cases by
// testdata/static-host.json, read by a Go test and a node test.

// NotFoundFile is the page a host sends, with status 404, for a URL no file answers.
const NotFoundFile = "404.html"

// Host describes how a static host maps URL paths to files. The zero value
// is a host without clean URLs; Default is what the gate assumes when a
// project names no host, and Profiles are the hosts it knows by name. The
// link check follows every redirect a host sends, so for it a profile
// differs only in which files answer a path (Candidates); the preview
// server (Handler) also sends the redirects and the 404 page as the host
// does, so that a browser on it sees the URLs, and so resolves relative
// links, as on the host.
type Host struct {
	// Name is the profile's name ("github-pages"); "" for Default.
	Name string
	// CleanURLs: /p is answered by p.html when no file p exists.
	CleanURLs bool
	// HTMLFirst: /p is answered by p.html before p/index.html when both
	// exist (hosts that do so serve p/index.html only at /p/).
	HTMLFirst bool
	// SlashToHTML: /p/, when there is no p/index.html, is sent on to /p
	// if p.html answers that.
	SlashToHTML bool
	// DropsHTML: the host's URLs carry no .html: /p.html is sent on to /p
	// and /p/index.html to /p/.
	DropsHTML bool
	// Redirect is the status of the host's redirects; 0 is 301.
	Redirect int
	// NotFound is the page the host sends with a 404.
	NotFound NotFoundPage
	// Routes, when set, are the paths the host's own configuration
	// answers, files or none (vercel.json's redirects and rewrites).
	Routes *Routes
	// ReadsRedirects, when set, is how the host reads and applies a
	// _redirects file at the site's root (RedirectsFile).
	ReadsRedirects *RedirectsDialect
	// Redirects, when set, are the rules of the site's _redirects file
	// (WithRedirects), which Answer applies as ReadsRedirects says: so the
	// link check, the comparison of deploys, the preview server and the
	// crawl all follow them as the host does.
	Redirects *Redirects
}

// NotFoundPage says which page a host sends for a URL no file answers.
type NotFoundPage int

const (
	// RootNotFound: the site's /404.html, else the host's own page.
	RootNotFound NotFoundPage = iota
	// NearestNotFound: the 404.html nearest up the URL's folders; a site
	// with none at its root is taken for a single-page app, and every
	// such URL gets the root index.html with 200 (Cloudflare Pages).
	NearestNotFound
	// OwnNotFound: the host's own page, whatever the site holds (nginx
	// with no error_page, S3 with no error document configured).
	OwnNotFound
)

// Default is the host assumed when a project names none: /p, /p/ and
// /p/index.html are one page (/p is sent on to /p/), /p is also answered by
// p.html, and /404.html is the 404 page. It is what the gate has always
// checked against, and what most hosts agree on.
var Default = Host{CleanURLs: true}

// Profiles are the hosts the gate knows by name ("host" in checks.json,
// --host, docs serve -host), each as its documentation describes it and,
// where the documentation is silent, as measured in
// https://github.com/slorber/trailing-slash-guide (Hosting-Providers.md,
// the same files deployed to each host: file.html, folder/index.html and
// both.html beside both/index.html).
var Profiles = []Host{
	// GitHub Pages: /p is answered by p.html, else sent on to /p/ (301)
	// for p/index.html; /p/ is answered only by p/index.html (404 for
	// p.html alone); both.html answers /both. A 404.html at the root is the
	// 404 page ("Creating a custom 404 page for your GitHub Pages site",
	// docs.github.com). Slashes and .html: the trailing-slash guide.
	{Name: "github-pages", CleanURLs: true, HTMLFirst: true},
	// Netlify (Pretty URLs, its default): as GitHub Pages, but /p/ with only
	// p.html is sent on to /p (301), and so is /both/ to both.html
	// (trailing-slash guide; docs.netlify.com, "Trailing slash" under
	// redirect options, normalises the slash before any rule). A 404.html
	// at the root is the 404 page (docs.netlify.com, "Custom 404 page").
	{Name: "netlify", CleanURLs: true, HTMLFirst: true, SlashToHTML: true, ReadsRedirects: Netlify},
	// Cloudflare Pages: "If an HTML file is found with a matching path to
	// the current route requested, Pages will serve it. Pages will also
	// redirect HTML pages to their extension-less counterparts: /contact.html
	// will be redirected to /contact, and /about/index.html will be
	// redirected to /about/." The nearest 404.html up the folders is the 404
	// page; with none at the root the site is served as a single-page app
	// (developers.cloudflare.com/pages/configuration/serving-pages: Route
	// matching, Not Found behavior, Single-page application rendering).
	// /p/ with only p.html is sent on to /p, and /folder to /folder/
	// (trailing-slash guide); its redirects are 308s.
	{Name: "cloudflare-pages", CleanURLs: true, HTMLFirst: true, SlashToHTML: true, DropsHTML: true,
		Redirect: 308, NotFound: NearestNotFound, ReadsRedirects: CloudflarePages},
	// Amazon S3 website endpoint: an index document (index.html) answers a
	// request for a folder; without the trailing slash S3 looks for the
	// object p first, then for p/index.html, and sends a 302 to p/. No
	// clean URLs: /p is never p.html. The 404 page is the error document
	// only when one is configured (docs.aws.amazon.com, AmazonS3 user
	// guide, "Configuring an index document": Index document and folders;
	// "Configuring a custom error document").
	{Name: "s3", Redirect: 302, NotFound: OwnNotFound},
	// nginx with its defaults (a root, no try_files, no error_page): the
	// index module answers a request ending in "/" with index.html
	// ("index index.html" is the default, nginx.org ngx_http_index_module);
	// a folder requested without the slash is sent on to it with a 301 by
	// the static module; nothing answers /p from p.html; errors get
	// nginx's own page.
	{Name: "nginx", NotFound: OwnNotFound},
}

// Profile is the host of that name; "" and "default" are Default.
func Profile(name string) (Host, bool) {
	if name == "" || name == "default" {
		return Default, true
	}
	for _, h := range Profiles {
		if h.Name == name {
			return h, true
		}
	}
	return Host{}, false
}

// ProfileNames are the names Profile knows, "default" first.
func ProfileNames() []string {
	names := []string{"default"}
	for _, h := range Profiles {
		names = append(names, h.Name)
	}
	return names
}

// Candidates lists the files, relative to the root, that may answer urlPath
// (absolute, percent-encoded), in the order the host tries them: the path as
// written, then percent-decoded (see Forms). A file reached through the
// host's redirects counts: a browser follows them.
func (h Host) Candidates(urlPath string) []string {
	var out []string
	for _, p := range Forms(urlPath) {
		out = h.AppendCandidates(out, p)
	}
	return out
}

// AppendCandidates appends the files that may answer one spelling of a path:
// p itself, p/index.html and p.html with clean URLs (p.html first where the
// host tries it first). A path ending in "/" names a folder, answered by its
// index.html, or where the host sends /p/ on to /p, by p.html. Dot segments
// and "//" are cleaned first, so no candidate leaves the root.
func (h Host) AppendCandidates(out []string, p string) []string {
	dir := strings.HasSuffix(p, "/")
	clean := strings.TrimPrefix(path.Clean("/"+p), "/")
	if clean == "" {
		return append(out, "index.html")
	}
	if dir {
		out = append(out, clean+"/index.html")
		if h.SlashToHTML && h.CleanURLs {
			out = append(out, clean+".html")
		}
		return out
	}
	out = append(out, clean)
	if h.CleanURLs && h.HTMLFirst {
		out = append(out, clean+".html")
	}
	out = append(out, clean+"/index.html")
	if h.CleanURLs && !h.HTMLFirst {
		out = append(out, clean+".html")
	}
	return out
}

// Answer is what a host does with a request: send File with Status, or
// send the client on to Location with Status.
type Answer struct {
	Status   int
	File     string // relative to the root; "" with a 404 is the host's own page
	Location string // an absolute path, escaped, for a redirect
	// Away: Location is no path of the site (another site's URL, or a path
	// outside the base path); with status 200 it is the URL the host
	// fetches and sends (a proxy).
	Away bool
	// Rule is the _redirects rule that gave the answer, if one did.
	Rule *Redirected
}

// Answer says what the host sends for urlPath (absolute, percent-encoded,
// under the site's root), given which files exist (isFile takes a path
// relative to the root). A _redirects rule applies first where the host's
// dialect says (Rule); else it tries the forms of Candidates in their
// order, with the host's own redirects (see Host). The query is the
// caller's to keep.
func (h Host) Answer(urlPath string, isFile func(string) bool) Answer {
	if h.Hides(RedirectsFile) {
		served := isFile
		isFile = func(f string) bool { return !h.Hides(f) && served(f) }
	}
	a, found := h.files(urlPath, isFile)
	if r, ok := h.Rule(urlPath, found); ok {
		return h.byRule(r, isFile)
	}
	return a
}

// AppShell: the root index.html answers urlPath, another path: a
// single-page app's shell, whose router draws the path (Cloudflare Pages
// without a 404.html, a rule "/* /index.html 200"). The gate runs no
// router, so it takes no such answer for the path's page.
func AppShell(urlPath, file string) bool {
	return file == "index.html" && urlPath != "/" && urlPath != "/index.html"
}

// Hides: the host never serves the file (relative to the root), though
// the site holds it: Cloudflare Pages' own _redirects.
func (h Host) Hides(file string) bool {
	return file == RedirectsFile && h.ReadsRedirects != nil && h.ReadsRedirects.Hidden
}

// files is the host's answer from the site's files alone, found false
// when none answers (the 404 page, or a single-page app's shell).
func (h Host) files(urlPath string, isFile func(string) bool) (Answer, bool) {
	for _, p := range Forms(urlPath) {
		if a, ok := h.answerForm(p, isFile); ok {
			return a, true
		}
	}
	return h.notFound(urlPath, isFile), false
}

// Rule is the _redirects rule the host applies to urlPath (under the
// site's root), given whether a file answers it: none where the host's
// dialect lets a file shadow a rule that is not forced.
func (h Host) Rule(urlPath string, fileAnswers bool) (Redirected, bool) {
	d := h.ReadsRedirects
	if d == nil || h.Redirects == nil {
		return Redirected{}, false
	}
	r, ok := h.Redirects.Match(h.Redirects.Base + strings.TrimPrefix(urlPath, "/"))
	if !ok || fileAnswers && d.Shadowing && !r.Force {
		return Redirected{}, false
	}
	return r, true
}

// RuleTarget is where a rule's TO leads: a path under the site's root
// (escaped, no query or fragment), or away, for another site's URL or a
// path outside the base path (then to itself).
func (h Host) RuleTarget(to string) (string, bool) {
	u, err := url.Parse(to)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return to, true
	}
	p := u.EscapedPath()
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	base := "/"
	if h.Redirects != nil {
		base = h.Redirects.Base
	}
	if p+"/" == base {
		return "/", false
	}
	rest, ok := strings.CutPrefix(p, base)
	if !ok {
		return p, true
	}
	return "/" + rest, false
}

// byRule is the answer a rule gives: a redirect (3xx) the browser
// follows; a rewrite (200), the target's answer from the files, as both
// hosts evaluate no rule again for it; an error status (Netlify's 404),
// the target's page with that status.
func (h Host) byRule(r Redirected, isFile func(string) bool) Answer {
	to, away := h.RuleTarget(r.To)
	switch {
	case away && r.Status < 400:
		return Answer{Status: r.Status, Location: to, Away: true, Rule: &r}
	case r.Status == 200:
		a, _ := h.files(to, isFile)
		a.Rule = &r
		return a
	case r.Status >= 400:
		if a, found := h.files(to, isFile); found && a.Status == 200 && !away {
			return Answer{Status: r.Status, File: a.File, Rule: &r}
		}
		return Answer{Status: r.Status, File: h.notFound("/", isFile).File, Rule: &r}
	}
	return Answer{Status: r.Status, Location: to, Rule: &r}
}

func (h Host) answerForm(p string, isFile func(string) bool) (Answer, bool) {
	dir := strings.HasSuffix(p, "/")
	clean := strings.TrimPrefix(path.Clean("/"+p), "/")
	send := func(f string) (Answer, bool) { return Answer{Status: 200, File: f}, true }
	to := func(clean string) (Answer, bool) {
		return Answer{Status: h.redirect(), Location: (&url.URL{Path: "/" + clean}).EscapedPath()}, true
	}
	switch {
	case clean == "" && !dir: // the root without its slash: a base path (/repo) served as /repo/
		return to("")
	case clean == "":
		if isFile("index.html") {
			return send("index.html")
		}
		return Answer{}, false
	case dir:
		if index := clean + "/index.html"; isFile(index) {
			return send(index)
		}
		if h.SlashToHTML && h.CleanURLs && isFile(clean+".html") {
			return to(clean)
		}
		return Answer{}, false
	}
	if isFile(clean) {
		if h.DropsHTML && (clean == "index.html" || strings.HasSuffix(clean, "/index.html")) {
			return to(strings.TrimSuffix(clean, "index.html"))
		}
		if h.DropsHTML && strings.HasSuffix(clean, ".html") {
			return to(strings.TrimSuffix(clean, ".html"))
		}
		return send(clean)
	}
	if h.CleanURLs && h.HTMLFirst && isFile(clean+".html") {
		return send(clean + ".html")
	}
	if isFile(clean + "/index.html") {
		return to(clean + "/")
	}
	if h.CleanURLs && isFile(clean+".html") {
		return send(clean + ".html")
	}
	return Answer{}, false
}

func (h Host) redirect() int {
	if h.Redirect == 0 {
		return 301
	}
	return h.Redirect
}

// notFound is the host's answer for a URL no file answers.
func (h Host) notFound(urlPath string, isFile func(string) bool) Answer {
	switch h.NotFound {
	case OwnNotFound:
		return Answer{Status: 404}
	case NearestNotFound:
		dir := path.Dir(path.Clean("/" + urlPath))
		for ; dir != "/"; dir = path.Dir(dir) {
			if f := dir[1:] + "/" + NotFoundFile; isFile(f) {
				return Answer{Status: 404, File: f}
			}
		}
		if !isFile(NotFoundFile) {
			if isFile("index.html") { // a single-page app: its router draws the URL
				return Answer{Status: 200, File: "index.html"}
			}
			return Answer{Status: 404}
		}
	}
	if isFile(NotFoundFile) {
		return Answer{Status: 404, File: NotFoundFile}
	}
	return Answer{Status: 404}
}

// Forms returns the spellings to try for an escaped path or fragment: as
// written and percent-decoded. Hosts differ in which they match, and
// authors write both, so either answering makes the link good.
func Forms(escaped string) []string {
	forms := []string{escaped}
	if dec, err := url.PathUnescape(escaped); err == nil && dec != escaped {
		forms = append(forms, dec)
	}
	return forms
}

// PageURL is the URL path a static host serves a file at: a/index.html at
// /a/ (hosts redirect /a there), a.html and other files at their own path.
func PageURL(file string) string {
	if file == "index.html" {
		return "/"
	}
	if strings.HasSuffix(file, "/index.html") {
		return "/" + strings.TrimSuffix(file, "index.html")
	}
	return "/" + file
}

// ServedURL is the URL path (escaped) the host serves a page file at: its
// clean URL (/a for a.html) where the host answers that with the file
// itself, else PageURL. It is the URL readers see and link to. The files
// alone say it: a build's pages are compared with another build's rules.
func (h Host) ServedURL(file string, isFile func(string) bool) string {
	p := PageURL(file)
	if clean, ok := strings.CutSuffix(p, ".html"); ok && !strings.HasSuffix(clean, "/") {
		if a, _ := h.files((&url.URL{Path: clean}).EscapedPath(), isFile); a.Status == 200 && a.File == file {
			p = clean
		}
	}
	return (&url.URL{Path: p}).EscapedPath()
}

// URLRoute is the route a URL path shows, as the site's router reads it:
// /p/index.html, /p.html and /p/ all show the route /p.
func URLRoute(urlPath string) string {
	p := strings.TrimSuffix(urlPath, "index.html")
	if !strings.HasSuffix(p, "/") {
		p = strings.TrimSuffix(urlPath, ".html")
	}
	if p = strings.TrimRight(p, "/"); p == "" {
		return "/"
	}
	return p
}

// RouteFile is the file a route is written to, so that a host answers the
// route's clean URL with it: / → index.html, /a/b → a/b/index.html.
func RouteFile(route string) string {
	if p := strings.Trim(route, "/"); p != "" {
		return p + "/index.html"
	}
	return "index.html"
}

// FileRoute is the route a built page shows, for a file under the site's
// root: a/index.html → /a, a.html → /a, index.html → /. Other files show
// none.
func FileRoute(file string) (string, bool) {
	if !strings.HasSuffix(file, ".html") {
		return "", false
	}
	return URLRoute(PageURL(file)), true
}

// IsHTML tells whether a file is a page (whose links are read and whose
// anchors can be linked). Hosts choose the type by the extension in any
// letter case, so "A.HTML" is a page too.
func IsHTML(file string) bool {
	ext := strings.ToLower(path.Ext(file))
	return ext == ".html" || ext == ".htm"
}
