// A localStorage wrapper that never throws: private modes and full disks
// make storage fail, and a docs site must keep working without it.
export interface Store {
  get(key: string): string | null;
  set(key: string, value: string): void;
  del(key: string): void;
}

const noop: Store = { get: () => null, set: () => {}, del: () => {} };

let warned = false;
function fallback(err: unknown): Store {
  if (!warned) {
    warned = true;
    console.warn('Browser storage is unavailable; preferences will not be saved.', err);
  }
  return noop;
}

export function storage(): Store {
  if (typeof window === 'undefined') {
    throw new Error('Storage APIs are only available in effects and event handlers, not while rendering on the server.');
  }
  try {
    const ls = window.localStorage;
    return {
      get: (k) => { try { return ls.getItem(k); } catch (e) { return fallback(e).get(k); } },
      set: (k, v) => { try { ls.setItem(k, v); } catch (e) { fallback(e); } },
      del: (k) => { try { ls.removeItem(k); } catch (e) { fallback(e); } },
    };
  } catch (e) {
    return fallback(e);
  }
}
