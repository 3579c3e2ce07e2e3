import { siteConfig } from '../../config';
import { useColorMode } from '../../contexts/ColorMode';

/** Switches between light and dark; the label says what a click will do. */
export default function ColorModeToggle() {
  const { colorMode, setColorMode } = useColorMode();
  if (siteConfig.colorMode.disableSwitch) return null;
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="color-mode-toggle" onClick={() => setColorMode(next)}
      title={`Switch between dark and light mode (currently ${colorMode} mode)`}
      aria-label={`Switch between dark and light mode (currently ${colorMode} mode)`}>
      {colorMode === 'dark' ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M9.4 2.6a9.5 9.5 0 1 0 12 12A8 8 0 0 1 9.4 2.6z" /></svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="12" r="5" fill="currentColor" /><path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 1v3m0 16v3M4.2 4.2l2.1 2.1m11.4 11.4 2.1 2.1M1 12h3m16 0h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" /></svg>
      )}
    </button>
  );
}
