package browser

import (
	"context"
	"errors"
	"fmt"
)

// Result is one expectation and what the browser showed.
type Result struct {
	Check string `json:"check"`
	Page  string `json:"page"` // URL path
	Want  string `json:"want"` // "Ctrl+K opens the search modal"
	Saw   string `json:"saw"`  // "`.DocSearch-Modal` visible after 34 ms"
	OK    bool   `json:"ok"`
}

// results collects one check's expectations in order.
type results struct {
	check, page string
	list        []Result
}

func (r *results) add(ok bool, want, saw string, args ...any) bool {
	r.list = append(r.list, Result{Check: r.check, Page: r.page, Want: want, Saw: fmt.Sprintf(saw, args...), OK: ok})
	return ok
}

// broke records that a step could not run; a deadline reads as a hang.
func (r *results) broke(want string, err error) []Result {
	if errors.Is(err, context.DeadlineExceeded) {
		err = errors.New("the browser did not answer in time (hung or crashed); the check was stopped")
	}
	r.add(false, want, "%v", err)
	return r.list
}

// step is one part of a check, run in a tab of its own.
type step struct {
	want string
	run  func(tab, *results) error
}

// inFreshTabs runs each step in a new tab with fresh storage; a step that
// cannot run (a hang, a crash) ends the check with that failure.
func (r *results) inFreshTabs(b *Browser, t tab, steps []step) []Result {
	for _, s := range steps {
		fresh, cancel := t.fresh(b)
		err := s.run(fresh, r)
		cancel()
		if err != nil {
			return r.broke(s.want, err)
		}
	}
	return r.list
}
