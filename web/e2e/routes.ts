// The route list for the browser checks, read from the app's route table source (no React import
// in Node): path and title key of every route.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'app', 'routes.ts'),
  'utf8',
);
const ENTRY = /path:\s*'([^']+)'[\s\S]*?titleKey:\s*'([^']+)'/g;

export const ROUTE_PATHS: { path: string; titleKey: string }[] = [...source.matchAll(ENTRY)].map((m) => ({
  path: m[1] as string,
  titleKey: m[2] as string,
}));
