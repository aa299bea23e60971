// Draws the app's icons (public/icons/*.png, committed) from public/icons/icon.svg with Debian's
// Chromium: 192 and 512 px, a 512 px maskable one (the flame inside the central 80 % that every
// mask keeps, on a full-bleed background) and Apple's 180 px touch icon. Run after changing the SVG:
//   node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.2, background: '#17110d' },
  { file: 'apple-touch-icon.png', size: 180, inset: 0, background: '#17110d' },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const pad = Math.round((icon.size * icon.inset) / 2);
    await page.setContent(
      `<body style="margin:0;background:${icon.background ?? 'transparent'}">` +
        `<img src="${src}" style="display:block;margin:${pad}px;width:${icon.size - 2 * pad}px;height:${icon.size - 2 * pad}px"></body>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    await page.screenshot({ path: join(dir, icon.file), omitBackground: !icon.background });
    await page.close();
    console.log(`  ${icon.file}`);
  }
} finally {
  await browser.close();
}
