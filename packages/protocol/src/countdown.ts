// Countdown text in the three formats of docs/business-rules.md "Calls, messages and timing" (m:s, h:m:s, d h:m:s), and 'ended'.
import { DAY_SECONDS } from './constants.ts';

export type CountdownFormat = 'ms' | 'hms' | 'dhms';

/** Returned instead of a time once the countdown is over; the UI shows its translated 'ended'. */
export const COUNTDOWN_ENDED = 'ended' as const;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Total whole seconds left (rounded up), the parts' sum. */
  totalSeconds: number;
  ended: boolean;
}

/**
 * Splits the time left into days, hours (0–23), minutes and seconds (0–59). The remaining
 * time is rounded UP to whole seconds, so the display never reads 00:00 while time remains,
 * and it flips to ended exactly at 0. Non-finite input (NaN, a missing end time) counts as ended.
 */
export function countdownParts(msLeft: number): CountdownParts {
  if (!Number.isFinite(msLeft) || msLeft <= 0) {
    return { days: 0, hours: 0, minutes: 0, seconds: 0, totalSeconds: 0, ended: true };
  }
  const totalSeconds = Math.ceil(msLeft / 1000);
  return {
    days: Math.floor(totalSeconds / DAY_SECONDS),
    hours: Math.floor(totalSeconds / 3600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
    totalSeconds,
    ended: false,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'ms' → `mm:ss` (minutes not capped at 59, e.g. `125:00`), 'hms' → `hh:mm:ss` (hours not
 * capped at 23), 'dhms' → `{days} hh:mm:ss` where the day label comes from `dayLabel` so the
 * UI can translate the unit (default `3d`). Returns 'ended' when no time is left.
 */
export function formatCountdown(
  msLeft: number,
  format: CountdownFormat,
  opts: { dayLabel?: (days: number) => string } = {},
): string {
  const p = countdownParts(msLeft);
  if (p.ended) return COUNTDOWN_ENDED;
  const mmss = `${pad(p.minutes)}:${pad(p.seconds)}`;
  switch (format) {
    case 'ms':
      return `${pad(Math.floor(p.totalSeconds / 60))}:${pad(p.seconds)}`;
    case 'hms':
      return `${pad(Math.floor(p.totalSeconds / 3600))}:${mmss}`;
    case 'dhms':
      return `${(opts.dayLabel ?? ((d) => `${d}d`))(p.days)} ${pad(p.hours)}:${mmss}`;
  }
}
