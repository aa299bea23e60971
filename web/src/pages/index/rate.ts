// A rate in parts per million as a percentage in the reader's locale (12000 ppm = 1.2 %).
export function formatPpm(ppm: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
    ppm / 1_000_000,
  );
}
