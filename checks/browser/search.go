package browser

import (
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// openWithin is how long a shortcut may take to show the modal.
const openWithin = 2 * time.Second

// checkSearch presses the DocSearch shortcuts: Ctrl+K, Cmd+K and "/" open
// the modal, "/" in a text field is just typed, Escape closes the modal and
// gives focus back to the search button.
func checkSearch(t tab) []Result {
	r := &results{check: registry.SearchShortcut, page: t.c.Page}
	if err := t.open(t.c.Page); err != nil {
		return r.broke("the page opens", err)
	}
	if ok, _ := eval[bool](t.ctx, visible(t.c.SearchButton)); !r.add(ok, "a search button is shown", "%s %s", quote(t.c.SearchButton), map[bool]string{true: "is visible", false: "matches nothing visible"}[ok]) {
		return r.list
	}
	shortcuts := []struct {
		name  string
		press func() error
	}{
		{"Ctrl+K", func() error { return t.key("k", chromedp.ModifierCtrl) }},
		{"Cmd+K", func() error { return t.key("k", chromedp.ModifierMeta) }},
		{"/", t.slash},
	}
	for _, s := range shortcuts {
		if err := t.opens(r, s.name, s.press); err != nil {
			return r.broke(s.name+" opens the search modal", err)
		}
	}
	if err := t.escapeCloses(r); err != nil {
		return r.broke("Escape closes the search modal", err)
	}
	if err := t.slashInField(r); err != nil {
		return r.broke(`"/" in a text field types a slash`, err)
	}
	return r.list
}

// opens presses a shortcut with focus on the page body and waits for the modal.
func (t tab) opens(r *results, name string, press func() error) error {
	if err := t.closeModal(); err != nil {
		return err
	}
	start := time.Now()
	if err := press(); err != nil {
		return err
	}
	want := name + " opens the search modal"
	if !t.until(visible(t.c.SearchModal), openWithin) {
		r.add(false, want, "%s still not shown %s after the key", quote(t.c.SearchModal), ms(openWithin))
		return nil
	}
	took := time.Since(start)
	typed, _ := eval[string](t.ctx, js(`document.querySelector(%s)?.value ?? ""`, t.c.SearchInput))
	if typed != "" {
		r.add(false, want, "%s opened after %s but its input %s holds %q: the key was also typed", quote(t.c.SearchModal), ms(took), quote(t.c.SearchInput), typed)
		return nil
	}
	r.add(true, want, "%s shown after %s, %s empty", quote(t.c.SearchModal), ms(took), quote(t.c.SearchInput))
	return nil
}

// closeModal returns to the starting state: modal closed, nothing focused.
func (t tab) closeModal() error {
	if open, _ := eval[bool](t.ctx, visible(t.c.SearchModal)); open {
		if err := t.key(kb.Escape); err != nil {
			return err
		}
		if !t.until("!"+visible(t.c.SearchModal), openWithin) {
			// Escape is checked on its own; here a reload resets the page.
			if err := t.reload(); err != nil {
				return err
			}
		}
	}
	_, err := eval[bool](t.ctx, `(document.activeElement?.blur(), true)`)
	return err
}

func (t tab) escapeCloses(r *results) error {
	if err := t.closeModal(); err != nil {
		return err
	}
	if err := t.key("k", chromedp.ModifierCtrl); err != nil {
		return err
	}
	if !t.until(visible(t.c.SearchModal), openWithin) {
		r.add(false, "Escape closes the search modal", "could not open the modal with Ctrl+K to try")
		return nil
	}
	if err := t.key(kb.Escape); err != nil {
		return err
	}
	if !t.until("!"+visible(t.c.SearchModal), openWithin) {
		r.add(false, "Escape closes the search modal", "%s still shown %s after Escape", quote(t.c.SearchModal), ms(openWithin))
		return nil
	}
	r.add(true, "Escape closes the search modal", "%s hidden", quote(t.c.SearchModal))
	focus, err := eval[string](t.ctx, js(`(a => a?.matches(%s) ? "" : (a ? a.outerHTML.slice(0, 80) : "nothing"))(document.activeElement)`, t.c.SearchButton))
	if err != nil {
		return err
	}
	r.add(focus == "", "focus returns to the search button", "%s", map[bool]string{true: "document.activeElement matches " + quote(t.c.SearchButton), false: "focus is on " + focus}[focus == ""])
	return nil
}

// slashInField focuses a text field outside the modal (the page's own, or
// one added for the test) and presses "/": it must be typed, not open search.
func (t tab) slashInField(r *results) error {
	if err := t.closeModal(); err != nil {
		return err
	}
	const field = `(() => {
		let f = [...document.querySelectorAll('input[type=text], input[type=search], input:not([type]), textarea')].find(e => !e.closest(%s) && e.getClientRects().length);
		if (!f) { f = document.createElement('input'); f.id = 'checks-probe'; document.body.prepend(f); }
		f.value = ''; f.focus(); return true; })()`
	if _, err := eval[bool](t.ctx, js(field, t.c.SearchModal)); err != nil {
		return err
	}
	if err := t.slash(); err != nil {
		return err
	}
	opened := t.until(visible(t.c.SearchModal), 300*time.Millisecond)
	value, err := eval[string](t.ctx, `document.activeElement?.value ?? "(focus left the field)"`)
	if err != nil {
		return err
	}
	want := `"/" in a text field types a slash and leaves search closed`
	switch {
	case opened:
		r.add(false, want, "%s opened while typing in a field", quote(t.c.SearchModal))
	case value != "/":
		r.add(false, want, "the field holds %q, want %q", value, "/")
	default:
		r.add(true, want, `the field holds "/", %s stayed closed`, quote(t.c.SearchModal))
	}
	return nil
}
