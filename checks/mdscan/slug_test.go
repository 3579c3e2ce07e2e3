package mdscan

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSlug(t *testing.T) {
	cases := map[string]string{
		"Getting Started":             "getting-started",
		"Proving options: the basics": "proving-options-the-basics",
		"The `env::read` function":    "the-envread-function",
		"What's a receipt?":           "whats-a-receipt",
		"snake_case_names stay":       "snake_case_names-stay",
		"  Leading and trailing  ":    "--leading-and-trailing--",
		"Émigré façade":               "émigré-façade",
		"C++ & Rust (FFI)":            "c--rust-ffi",
		"v1.2 → v2.0":                 "v12--v20",
		"Étape 1 — l’installation":    "étape-1--linstallation",
		"RISC-V RV32IM":               "risc-v-rv32im",
		"100% safe":                   "100-safe",
	}
	for in, want := range cases {
		assert.Equal(t, want, Slug(in), "Slug(%q)", in)
	}
}

func TestSluggerNumbersRepeats(t *testing.T) {
	s := NewSlugger()
	var got []string
	for _, h := range []string{"Usage", "Usage", "Usage-1", "Usage"} {
		got = append(got, s.Unique(h))
	}
	// "Usage-1" written by hand collides with the generated usage-1, as on GitHub.
	assert.Equal(t, []string{"usage", "usage-1", "usage-1-1", "usage-2"}, got)
}

func TestSluggerAvoidsExplicitIDs(t *testing.T) {
	s := NewSlugger()
	s.Reserve("install")
	assert.Equal(t, "install-1", s.Unique("Install"))
}
