package deploys

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// arrival is where a URL of the last deploy lands on the new build, once
// every redirect is followed: the host's own, a _redirects rule, a
// redirect page's.
type arrival struct {
	file string // the new build's page that answers it; "" none
	// unjudged: answered, but not followed further: a redirect to another
	// site or out of the base path, or a vercel.json rule (serve.Routes
	// keeps which paths its rules answer, not where they lead).
	unjudged bool
	// keepsFragment: every redirect passed carries a link's #fragment
	// (an HTTP redirect does, a redirect page only when its script
	// appends location.hash), so the page's ids are still reached.
	keepsFragment bool
	steps         []string // each redirect passed, as the message says it
	end           string   // why no page answers: "answers 404", "loops"
}

// answer follows a URL (escaped, under the base path) on the new build.
func (c *comparison) answer(u string) arrival {
	a := arrival{keepsFragment: true}
	var seen []string // a few at most: no map for each URL of the last deploy
	for {
		switch {
		case slices.Contains(seen, u):
			a.end = "leads back to a URL it passed (a loop)"
			return a
		case len(a.steps) > links.MaxRedirects:
			a.end = fmt.Sprintf("passes more than %d redirects", links.MaxRedirects)
			return a
		}
		seen = append(seen, u)
		next, more := c.step(u, &a)
		if !more {
			return a
		}
		u = next
	}
}

// step answers one URL: sets a's page or end, or says the redirect it
// passes and returns where it leads.
func (c *comparison) step(u string, a *arrival) (string, bool) {
	rel, ok := c.inSite(u)
	if !ok {
		a.unjudged = true
		return "", false
	}
	// The host's answer applies its _redirects rules as it does (serve.Host.Rule).
	ans := c.o.Host.Answer(rel, c.curHas)
	switch {
	case ans.Rule != nil:
		return c.byRule(u, rel, ans, a)
	case ans.Status == 200 && !c.appShell(rel, ans):
		return c.atPage(u, ans.File, a)
	case ans.Location != "":
		a.steps = append(a.steps, fmt.Sprintf("the host sends it on to %s (%d)", c.fullURL(ans.Location), ans.Status))
		return c.fullURL(ans.Location), true
	case c.o.Host.Routes.Answers(rel):
		a.unjudged = true
		return "", false
	}
	a.end = "answers 404"
	return "", false
}

// appShell: the page is a single-page app's index.html, sent for a URL no
// file answers (Cloudflare Pages without a 404.html): its router may draw
// anything there, and a page that moved is most likely gone.
func (c *comparison) appShell(rel string, ans serve.Answer) bool {
	return c.o.Host.NotFound == serve.NearestNotFound && serve.AppShell(rel, ans.File)
}

// atPage is the page a file serves, or where its redirect leads. A meta
// refresh after a delay (Astro's page for a 302) is followed too: the
// reader ends where it leads, and its page is a stub, not the old page.
func (c *comparison) atPage(u, file string, a *arrival) (string, bool) {
	_, r, ok := c.curPage(file)
	if !ok || r.Href == "" {
		a.file = file
		return "", false
	}
	next, inSite := resolve(u, r.Href, c.o.SiteURL)
	if r.Delayed && next == u { // a page that reloads itself now and then
		a.file = file
		return "", false
	}
	how := ""
	if r.Delayed {
		how = " after a delay (a meta refresh)"
	}
	a.steps = append(a.steps, fmt.Sprintf("its page %s redirects to %s%s", file, r.Href, how))
	a.keepsFragment = a.keepsFragment && r.KeepsHash
	if !inSite {
		a.unjudged = true
		return "", false
	}
	return next, true
}

// byRule follows the host's answer by a _redirects rule.
func (c *comparison) byRule(u, rel string, ans serve.Answer, a *arrival) (string, bool) {
	r := ans.Rule
	where := fmt.Sprintf("%s line %d", path.Base(r.File), r.Line)
	if r.Status >= 400 {
		a.end = fmt.Sprintf("answers %d (%s)", r.Status, where)
		return "", false
	}
	verb := "sends it on to"
	if r.Status == 200 {
		verb = "serves it from"
	}
	a.steps = append(a.steps, fmt.Sprintf("%s %s %s (%d)", where, verb, r.To, r.Status))
	switch {
	case ans.Away:
		a.unjudged = true
		return "", false
	case ans.Location != "" && r.Status == 200: // the target is a path the host sends on
		a.steps = append(a.steps, fmt.Sprintf("the host sends it on to %s (%d)", c.fullURL(ans.Location), ans.Status))
		return c.fullURL(ans.Location), true
	case ans.Location != "":
		return c.fullURL(ans.Location), true
	case ans.Status == 200 && serve.AppShell(rel, ans.File):
		a.end = "is a single-page app's shell, no page of its own"
		return "", false
	case ans.Status == 200:
		return c.atPage(u, ans.File, a)
	}
	a.end = "answers 404"
	return "", false
}

// said is what the new build does with a URL that no page answers now.
func (a arrival) said() string {
	if len(a.steps) == 0 {
		return "it " + a.end
	}
	return strings.Join(a.steps, ", then ") + ", which " + a.end
}
