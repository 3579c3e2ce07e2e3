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

// colOf returns the 1-based column (in bytes) of a byte offset.
func colOf(src []byte, offset int) int {
	if offset > len(src) {
		offset = len(src)
	}
	return offset - (bytes.LastIndexByte(src[:offset], '\n') + 1) + 1
}
