// `npm run lint:citations` (part of `npm run lint`): the code and the docs cite only what the
// repository holds. A comment that points at a document outside it (a product specification, a
// design note, a style guide) or at an issue number leaves the reader nowhere; cite the docs/ file
// and section that states the rule, or state the rule in a few words.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const CHECKED = /\.(ts|tsx|mts|js|mjs|cjs|sol|md|css|html|ya?ml|sh|toml)$/;
const SKIPPED = new Set([
  'server/test/client/openapi.ts', // generated from code that is itself checked
  'scripts/src/check-citations.ts', // names what it looks for
  'scripts/test/check-citations.test.ts',
]);

const RULES: { why: string; pattern: RegExp }[] = [
  { why: 'cites a document outside the repository', pattern: /\b(SPEC|DESIGN|STYLE|NOTES)(\.md)?\b/ },
  { why: 'cites a document outside the repository', pattern: /\.\.\/shared\b/ },
  { why: 'cites an issue number', pattern: /\bissues? #?\d/i },
  { why: 'cites an issue number', pattern: /(^|[^&\w/])#\d{1,2}\b/ },
];

export interface Citation {
  line: number;
  text: string;
  why: string;
}

/** The lines of `text` that cite something the repository does not hold. */
export function findCitations(text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, i) => {
    const rule = RULES.find((r) => r.pattern.test(line));
    if (rule) found.push({ line: i + 1, text: line.trim(), why: rule.why });
  });
  return found;
}

function main(): void {
  const root = resolve(import.meta.dirname, '../..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => CHECKED.test(f) && !SKIPPED.has(f));
  let count = 0;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(resolve(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree, not yet staged
    }
    for (const c of findCitations(text)) {
      count++;
      console.error(`${file}:${c.line}: ${c.why}: ${c.text}`);
    }
  }
  if (count > 0) {
    console.error(`${count} citation(s) of what the repository does not hold: cite docs/ instead`);
    process.exit(1);
  }
  console.log(`${files.length} files, every citation points into the repository`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
