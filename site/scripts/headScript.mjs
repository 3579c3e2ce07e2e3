// Builds the inline <head> script that sets the colour mode before first
// paint (no flash of the wrong theme). It reads the same storage key module
// as the React context.
import { THEME_KEY } from '../src/lib/storageKeys.js';

export function headScript({ defaultMode, respectPrefersColorScheme }) {
  return `(function(){var d=${JSON.stringify(defaultMode)},t=null;try{t=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}` +
    `if(t!=="light"&&t!=="dark"){t=d;` +
    (respectPrefersColorScheme ? `try{t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}catch(e){}` : '') +
    `}document.documentElement.setAttribute("data-theme",t)})();`;
}
