package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// tab is one browser tab on the served site, with the contract in hand.
type tab struct {
	ctx   context.Context
	base  string // http://127.0.0.1:PORT
	c     Contract
	limit time.Duration // of each step in a tab of its own (Options.Timeout)
}

// js builds a JavaScript expression, JSON-encoding each argument, so a
// selector from checks.json can never break out of its string.
func js(format string, args ...any) string {
	quoted := make([]any, len(args))
	for i, a := range args {
		b, _ := json.Marshal(a)
		quoted[i] = string(b)
	}
	return fmt.Sprintf(format, quoted...)
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

// open loads path and waits until the app says it is ready.
func (t tab) open(path string) error {
	// Desktop width in every tab: at 996 px and below the sidebar turns
	// into the mobile menu and its links are hidden.
	if err := chromedp.Do(t.ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(t.base+path)); err != nil {
		return fmt.Errorf("opening %s: %w", path, err)
	}
	return t.waitReady()
}

func (t tab) reload() error {
	if err := chromedp.Do(t.ctx, chromedp.Reload()); err != nil {
		return fmt.Errorf("reloading: %w", err)
	}
	return t.waitReady()
}

func (t tab) waitReady() error {
	if t.c.Ready == "" {
		return nil
	}
	if !t.until(js(`document.documentElement.hasAttribute(%s)`, t.c.Ready), 10*time.Second) {
		return fmt.Errorf("the page never set <html %s> (is the app hydrating?)", t.c.Ready)
	}
	return nil
}

// until polls a predicate on every animation frame; false when it never held.
func (t tab) until(pred string, limit time.Duration) bool {
	_, err := chromedp.Run(t.ctx, chromedp.Poll[chromedp.Void](pred, chromedp.WithPollingTimeout(limit)))
	return err == nil
}

// visible is a predicate: the selector matches an element that takes space.
func visible(sel string) string {
	return js(`(e => !!e && e.getClientRects().length > 0)(document.querySelector(%s))`, sel)
}

func (t tab) attr(name string) string {
	v, _ := eval[string](t.ctx, js(`document.documentElement.getAttribute(%s) ?? ""`, name))
	return v
}

func (t tab) stored(key string) string {
	v, _ := eval[string](t.ctx, js(`(() => { try { return localStorage.getItem(%s) ?? "(nothing)" } catch (e) { return "(storage blocked)" } })()`, key))
	return v
}

// key presses a key with modifiers (chromedp.Modifier values).
func (t tab) key(k string, mods ...chromedp.Modifier) error {
	return chromedp.Do(t.ctx, chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...)))
}

// slash sends "/" as one keyDown that carries its text, as a real keyboard
// does: chromedp.KeyEvent sends a separate char event that a keydown
// handler's preventDefault cannot stop, so "/" would land in a focused field.
func (t tab) slash() error {
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "/", Code: "Slash", Text: "/", UnmodifiedText: "/", WindowsVirtualKeyCode: 191, NativeVirtualKeyCode: 191}
	up := down
	up.Type, up.Text, up.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
	if _, err := chromedp.Call(t.ctx, input.DispatchKeyEvent, down); err != nil {
		return err
	}
	_, err := chromedp.Call(t.ctx, input.DispatchKeyEvent, up)
	return err
}

// preferColorScheme emulates the system theme ("light" or "dark").
func (t tab) preferColorScheme(v string) error {
	_, err := chromedp.Call(t.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}},
	})
	return err
}

// onNewDocument runs src in every document this tab loads, before the page's own scripts.
func (t tab) onNewDocument(src string) error {
	_, err := chromedp.Call(t.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
	return err
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%d ms", d.Milliseconds())
}

func quote(s string) string { return "`" + strings.TrimSpace(s) + "`" }
