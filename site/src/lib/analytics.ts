import type { AnalyticsConfig } from '../config';

/**
 * Adds the third-party analytics script, when one is configured. It is
 * inserted by the app after the page has started, with async set: it never
 * delays the first paint or hydration, and a slow or blocked analytics host
 * costs the reader nothing.
 */
export function loadAnalytics(analytics: AnalyticsConfig | undefined) {
  if (!analytics?.src) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = analytics.src;
  for (const [name, value] of Object.entries(analytics.attributes ?? {})) script.setAttribute(name, value);
  document.head.appendChild(script);
}
