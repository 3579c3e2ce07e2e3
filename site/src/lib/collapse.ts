// Pure helpers for the collapse animation of sidebar categories.

/**
 * Animation duration for a block of the given height: taller blocks take a
 * little longer, but far less than proportionally (the curve Material UI
 * uses for auto-height transitions), so long lists never feel sluggish.
 */
export function autoHeightDurationMs(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/** With reduced motion the change is immediate (1 ms, so transitionend still fires). */
export function collapseDurationMs(height: number, reducedMotion: boolean): number {
  return reducedMotion ? 1 : autoHeightDurationMs(height);
}
