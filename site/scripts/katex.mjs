// Renders the math placeholders the Go compiler emits
// (<span class="math math-inline" data-line="N">tex</span>, div for display)
// into KaTeX HTML. A bad formula throws an error carrying its source line.
import katex from 'katex';
import { unescapeHTML as unescape } from './html.mjs';

const placeholder = /<(span|div) class="math math-(inline|display)" data-line="(\d+)">([\s\S]*?)<\/\1>/g;

export function renderMath(html) {
  return html.replace(placeholder, (_, tag, mode, line, tex) => {
    try {
      const out = katex.renderToString(unescape(tex), { displayMode: mode === 'display', throwOnError: true, output: 'htmlAndMathml' });
      return mode === 'display' ? `<div class="math-display">${out}</div>` : out;
    } catch (e) {
      const err = new Error(`KaTeX cannot render $${unescape(tex).trim()}$: ${e.message}`);
      err.line = Number(line);
      throw err;
    }
  });
}
