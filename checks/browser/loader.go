package browser

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

const (
	// delayMs is how long a docs site waits before it shows a spinner or a
	// progress bar (so fast content never flashes one); early is the slack
	// for timer granularity (a 200 ms timer never fires at 190 ms).
	delayMs   = 200
	earlyMs   = 5
	slowDelay = 1500 * time.Millisecond
)

// recorder notes, in the page, when each watched element first becomes
// visible, in ms after mark(); a MutationObserver sees even a flash of one
// frame. It also notes which elements showed early: before any timer of
// 195 ms or more that the page set after the mark had run. A site that
// waits 200 ms does so with such a timer, and its bar comes after it; a bar
// shown at once comes before it, however long a busy machine stalls the
// page. So the verdict is an order of the page's own events, not a reading
// of the clock, which a loaded runner stretches (a bar shown at once was
// seen at 214 ms). A reference timer of the checker's own would not do: a
// stall between the mark and the site's setting its timer reorders them.
const recorder = `(() => {
	const sels = %s, due = %s;
	const w = window.__checks = { t0: 0, gen: 0, seen: {}, early: {}, path: location.pathname };
	const at = () => Math.round(performance.now() - w.t0);
	const note = (k) => { w.seen[k] = at(); if (!w.due) w.early[k] = true; };
	const scan = () => {
		for (const [k, s] of Object.entries(sels)) if (!(k in w.seen)) { const e = document.querySelector(s); if (e && e.getClientRects().length) note(k); }
		if (!("address" in w.seen) && location.pathname !== w.path) note("address");
	};
	const setTimeout = window.setTimeout;
	window.setTimeout = function (fn, ms, ...args) {
		const gen = w.gen;
		if (typeof fn !== "function" || !gen || !(Number(ms) >= due)) return setTimeout.call(this, fn, ms, ...args);
		return setTimeout.call(this, function () { if (w.gen === gen) w.due = true; return fn.apply(this, arguments); }, ms, ...args);
	};
	new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true });
	w.mark = () => { w.t0 = performance.now(); w.gen++; w.due = false; w.seen = {}; w.early = {}; w.path = location.pathname; scan(); };
})();`

// link finds the first visible same-site link to another page (by route:
// a host serves /api at /api/, and a link there to /api is the same page);
// navigate clicks it, the way a reader does, and returns its path.
const (
	link     = `[...document.querySelectorAll(%s)].find(a => a.origin === location.origin && a.pathname.replace(/\/$/, "") !== location.pathname.replace(/\/$/, "") && a.getClientRects().length)`
	navigate = `(a => { window.__checks.mark(); a.click(); return a.pathname.replace(/\/$/, "") || "/"; })(%s)`
)

// seen is what the recorder noted: when each element showed, in ms after
// the mark, and which showed before the mark's timer ran.
type seen struct {
	At    map[string]int  `json:"seen"`
	Early map[string]bool `json:"early"`
}

// after says whether the element showed, and whether only once the page
// had run a timer of its own of 195 ms or more, set after the mark.
func (s seen) after(key string) (shown, late bool) {
	_, shown = s.At[key]
	return shown, shown && !s.Early[key]
}

// loaderTab is a tab with the recorder installed and content requests under control.
type loaderTab struct {
	tab
	hold *holdBack
}

// checkLoader: fast content never shows the spinner or the progress bar;
// slow content shows the progress bar, and on Retry the spinner, only after
// 200 ms; failed content shows the error box with Retry.
func checkLoader(b *Browser, t tab, dir string) []Result {
	r := &results{check: registry.LoaderTiming, page: t.c.LoaderPage}
	exempt := entryScripts(dir, t.c.LoaderPage)
	// intercept: fast content goes straight to the server, since even a
	// pass-through interception costs a round trip through this process.
	with := func(run func(loaderTab, *results) error, intercept bool) func(tab, *results) error {
		return func(t tab, r *results) error {
			lt := loaderTab{t, &holdBack{exempt: exempt}}
			if err := lt.prepare(intercept); err != nil {
				return err
			}
			return run(lt, r)
		}
	}
	return r.inFreshTabs(b, t, []step{
		{"fast content shows no spinner", with(loaderFast, false)},
		{"slow navigation waits 200 ms for the progress bar", with(loaderSlowNavigation, true)},
		{"failed content shows the error box; Retry waits 200 ms for the spinner", with(loaderFailThenRetry, true)},
	})
}

func (t loaderTab) prepare(intercept bool) error {
	sels := map[string]string{"spinner": t.c.Loader, "progress": t.c.ProgressBar, "error": t.c.ErrorBox}
	if err := t.onNewDocument(js(recorder, sels, delayMs-earlyMs)); err != nil || !intercept {
		return err
	}
	return t.hold.start(t.tab, t.c.Content)
}

func (t loaderTab) seen() seen {
	s, _ := eval[seen](t.ctx, `({ seen: window.__checks?.seen ?? {}, early: window.__checks?.early ?? {} })`)
	return s
}

// clickThrough navigates by a link and waits for the address to change.
// It first waits for a link to show: a prerendered page may reveal its
// content a few frames after the app says it is ready.
func (t loaderTab) clickThrough(limit time.Duration) (string, time.Duration, error) {
	find := js(link, t.c.NavLink)
	if !t.until(find+" !== undefined", 3*time.Second) {
		return "", 0, fmt.Errorf("%s shows no link %s to another page of the site to navigate by", t.c.LoaderPage, quote(t.c.NavLink))
	}
	start := time.Now()
	to, err := eval[string](t.ctx, fmt.Sprintf(navigate, find))
	if err != nil {
		return "", 0, err
	}
	if !t.until(js(`(location.pathname.replace(/\/$/, "") || "/") === %s`, to), limit) {
		return to, 0, fmt.Errorf("clicked a link to %s; the address did not change within %s", to, ms(limit))
	}
	return to, time.Since(start), nil
}

func loaderFast(t loaderTab, r *results) error {
	if err := t.open(t.c.LoaderPage); err != nil {
		return err
	}
	atLoad := t.seen()
	// Let prefetches and the first renders finish: "fast" is about the
	// content, not about a machine busy starting the page.
	time.Sleep(500 * time.Millisecond)
	to, took, err := t.clickThrough(5 * time.Second)
	if err != nil {
		return err
	}
	time.Sleep(delayMs * 2 * time.Millisecond) // a late spinner would show by now
	s := t.seen()
	_, spinLoad := atLoad.At["spinner"]
	_, spin := s.At["spinner"]
	r.add(!spinLoad && !spin && barInTime(s), "fast content never shows the spinner or the progress bar",
		"page load and navigation to %s (%s): %s", to, ms(took), describe(t.c, merge(atLoad, s)))
	return nil
}

// barInTime: no progress bar, or one that came after 200 ms while the
// content was still on its way. Judged in the page, so a busy machine that
// takes 300 ms to load "fast" content passes, and a bar shown at once does not.
func barInTime(s seen) bool {
	shown, late := s.after("progress")
	if !shown {
		return true
	}
	address, switched := s.At["address"]
	return late && (!switched || address >= s.At["progress"])
}

func loaderSlowNavigation(t loaderTab, r *results) error {
	t.hold.set(slowDelay, false)
	if err := t.open(t.c.LoaderPage); err != nil {
		return err
	}
	to, took, err := t.clickThrough(slowDelay + 5*time.Second)
	if err != nil {
		return err
	}
	s := t.seen()
	shown, late := s.after("progress")
	r.add(shown && late, "with content delayed, the progress bar shows only after 200 ms",
		"content held %s, navigation to %s took %s: %s", ms(slowDelay), to, ms(took), describe(t.c, s))
	if shown, late := s.after("spinner"); shown && !late {
		r.add(false, "no spinner before 200 ms", "%s", describe(t.c, s))
	}
	return nil
}

func loaderFailThenRetry(t loaderTab, r *results) error {
	t.hold.set(0, true)
	if err := t.open(t.c.LoaderPage); err != nil {
		return err
	}
	if !t.until(visible(t.c.ErrorBox), 5*time.Second) {
		r.add(false, "with content failing, the error box and Retry show", "%s not shown within 5 s of the failed requests", quote(t.c.ErrorBox))
		return nil
	}
	label, _ := eval[string](t.ctx, js(`(b => b && b.getClientRects().length ? b.textContent.trim() : "")(document.querySelector(%s))`, t.c.RetryButton))
	if !r.add(label != "", "with content failing, the error box and Retry show", "%s shown, %s labelled %q", quote(t.c.ErrorBox), quote(t.c.RetryButton), label) {
		return nil
	}
	t.hold.set(slowDelay, false)
	if _, err := eval[bool](t.ctx, js(`(window.__checks.mark(), document.querySelector(%s).click(), true)`, t.c.RetryButton)); err != nil {
		return err
	}
	// The spinner should come at 200 ms and go when the held content arrives.
	t.until(`window.__checks.seen.spinner !== undefined`, slowDelay)
	gone := js(`!document.querySelector(%s) && !document.querySelector(%s)`, t.c.ErrorBox, t.c.Loader)
	recovered := t.until(gone, slowDelay+5*time.Second)
	s := t.seen()
	shown, late := s.after("spinner")
	r.add(shown && late, "with content delayed, the spinner shows only after 200 ms",
		"Retry with content held %s: %s", ms(slowDelay), describe(t.c, s))
	r.add(recovered, "Retry loads the page", "%s", map[bool]string{
		true:  "error box and spinner gone, page shown",
		false: "still showing the error box or the spinner (Retry must ask for failed content under a new URL: browsers may keep a failed import)",
	}[recovered])
	return nil
}

// describe says which watched elements appeared, and when; one shown
// before the page had run a timer of 195 ms or more says so.
func describe(c Contract, s seen) string {
	var parts []string
	for _, k := range []struct{ key, sel string }{{"spinner", c.Loader}, {"progress", c.ProgressBar}, {"error", c.ErrorBox}} {
		if v, ok := s.At[k.key]; ok {
			part := fmt.Sprintf("%s at %d ms", quote(k.sel), v)
			if s.Early[k.key] {
				part += fmt.Sprintf(" (before any timer of %d ms or more the page set had run)", delayMs-earlyMs)
			}
			parts = append(parts, part)
		}
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("no %s, no %s", quote(c.Loader), quote(c.ProgressBar)))
	}
	if v, ok := s.At["address"]; ok {
		parts = append(parts, fmt.Sprintf("address changed at %d ms", v))
	}
	return strings.Join(parts, ", ")
}

// merge puts the page load's elements beside the navigation's; only the
// navigation's are timed against its mark.
func merge(load, nav seen) seen {
	out := seen{At: map[string]int{}, Early: nav.Early}
	for k, v := range load.At {
		out.At[k] = v
	}
	for k, v := range nav.At {
		out.At[k] = v
	}
	return out
}

// entryScripts are the script URLs the page's HTML names: the app itself,
// never held back (only content loaded later is).
func entryScripts(dir, page string) map[string]bool {
	out := map[string]bool{}
	file, ok := serve.Resolve(dir, page)
	if !ok {
		return out
	}
	f, err := os.Open(file)
	if err != nil {
		return out
	}
	defer f.Close()
	base := &url.URL{Path: page}
	for _, l := range htmlsite.Extract(page, f).Links {
		if l.Elem == "script" {
			if u, err := url.Parse(l.Raw); err == nil {
				out[base.ResolveReference(u).Path] = true
			}
		}
	}
	return out
}
