package markdown

import "bytes"

// lineOf returns the 1-based line of a byte offset. Linear, but documents are
// small and it runs once per link or formula, never per byte.
func lineOf(src []byte, offset int) int {
	if offset > len(src) {
		offset = len(src)
	}
	return bytes.Count(src[:offset], []byte{'\n'}) + 1
}
