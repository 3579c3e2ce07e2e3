// HTML text and attribute escaping for the build scripts, matching what the
// Go compiler writes (goldmark's EscapeHTML) so text read back is exact.
const entities = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text an escaped HTML string stands for. */
export const unescapeHTML = (s) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => entities[m]);

/** s, safe inside a double-quoted attribute. */
export const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
