// Loaded (by loadRoute) only for pages with math, so the other pages do not
// download KaTeX's stylesheet. The math itself is rendered at build time.
import 'katex/dist/katex.min.css';
