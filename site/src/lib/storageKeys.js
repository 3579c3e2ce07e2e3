// Names shared by the inline head script (which runs before React) and the
// app, so the two can never read different keys.
export const THEME_KEY = 'theme';
export const ANNOUNCEMENT_DISMISS_KEY = 'docs-announcement-dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docs-announcement-id';
export const preferredVersionKey = (pluginId) => `docs-preferred-version-${pluginId}`;

// Attributes the head script sets on <html> before first paint.
export const ANNOUNCEMENT_DISMISSED_ATTR = 'data-announcement-bar-initially-dismissed';
/** Set by the app bundle as soon as it runs; its absence means the scripts never loaded. */
export const BOOTED_ATTR = 'data-docs-booted';

/** The window property read for config overrides (see withOverrides in config.ts). */
export const CONFIG_OVERRIDES_GLOBAL = '__DOCS_CONFIG__';

/** The window property where the head script records search shortcuts pressed before the app hydrated (SearchBar reads it). */
export const EARLY_KEYS_GLOBAL = '__docsEarlyKeys';
