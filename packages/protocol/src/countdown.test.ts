import { describe, expect, it } from 'vitest';
import { DAY_SECONDS } from './constants.ts';
import { countdownParts, formatCountdown } from './countdown.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(2 * D + 3 * H + 4 * M + 5 * S)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalSeconds: 2 * DAY_SECONDS + 3 * 3600 + 4 * 60 + 5,
      ended: false,
    });
  });

  it('rounds a partial second up, so a running countdown never shows zero', () => {
    expect(countdownParts(1)).toMatchObject({ seconds: 1, ended: false });
    expect(countdownParts(59_001)).toMatchObject({ minutes: 1, seconds: 0 });
  });

  it.each([0, -1, -D, Number.NaN, Number.POSITIVE_INFINITY])('is ended for %s', (ms) => {
    expect(countdownParts(ms)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      totalSeconds: 0,
      ended: true,
    });
  });
});

describe('formatCountdown', () => {
  it.each([
    [5 * S, 'ms', '00:05'],
    [M + 5 * S, 'ms', '01:05'],
    [59 * M + 59 * S, 'ms', '59:59'],
    [2 * H + 5 * M, 'ms', '125:00'],
    [1500, 'ms', '00:02'],
    [5 * S, 'hms', '00:00:05'],
    [H + 2 * M + 3 * S, 'hms', '01:02:03'],
    [23 * H + 59 * M + 59 * S, 'hms', '23:59:59'],
    [49 * H, 'hms', '49:00:00'],
    [5 * S, 'dhms', '0d 00:00:05'],
    [D + H + M + S, 'dhms', '1d 01:01:01'],
    [30 * D, 'dhms', '30d 00:00:00'],
    [0, 'ms', 'ended'],
    [0, 'hms', 'ended'],
    [-5 * S, 'dhms', 'ended'],
  ] as const)('%i ms as %s → %s', (ms, format, expected) => {
    expect(formatCountdown(ms, format)).toBe(expected);
  });

  it('lets the UI translate the day unit', () => {
    expect(formatCountdown(3 * D + 4 * H, 'dhms', { dayLabel: (d) => `${d}天` })).toBe('3天 04:00:00');
  });
});
