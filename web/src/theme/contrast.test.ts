// The colours a figure is written in (market up/down, success, danger) read at 4.5:1 (WCAG AA for
// normal text) on every surface they sit on, in the light and the dark palette: a rising price's
// green was 3.1:1 on a white card.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const light = block(':root');
const palettes = { light, dark: { ...light, ...block('[data-theme="dark"]') } };

describe('text colours of figures', () => {
  for (const [name, p] of Object.entries(palettes)) {
    for (const fg of ['--green', '--red', '--success', '--danger']) {
      for (const bg of ['--card', '--card-elevated', '--bg', '--brand-soft']) {
        it(`${name}: ${fg} on ${bg} reads at 4.5:1 or more`, () => {
          const [f, b] = [p[fg], p[bg]];
          expect(f).toMatch(/^#[0-9a-f]{6}$/i);
          expect(b).toMatch(/^#[0-9a-f]{6}$/i);
          expect(contrast(f as string, b as string)).toBeGreaterThanOrEqual(4.5);
        });
      }
    }
  }
});
