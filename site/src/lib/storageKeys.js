// Storage keys, shared by the inline head script (which runs before React)
// and the contexts, so the two can never read different keys.
export const THEME_KEY = 'theme';
export const ANNOUNCEMENT_DISMISS_KEY = 'docs-announcement-dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docs-announcement-id';
export const preferredVersionKey = (pluginId) => `docs-preferred-version-${pluginId}`;
