#!/usr/bin/env node
// Makes npm's solcjs answer like native solc for forge (native solc cannot be downloaded here).
// Forge only needs `--version` and `--standard-json` (input on stdin, output on stdout).
const fs = require('node:fs');
const path = require('node:path');
const solc = require('solc');

const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}
if (!args.includes('--standard-json')) {
  process.stderr.write('solc-shim: only --version and --standard-json are supported\n');
  process.exit(1);
}

const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const root = path.resolve(__dirname, '..');
const remappings = (input.settings?.remappings ?? []).map((r) => {
  const [from, to] = r.replace(/^[^:]*:/, '').split('=');
  return { from, to };
});
// Forge normally inlines every source; this callback covers any import it did not.
function findImports(importPath) {
  const candidates = [importPath];
  for (const { from, to } of remappings)
    if (importPath.startsWith(from)) candidates.push(to + importPath.slice(from.length));
  for (const c of candidates) {
    const full = path.isAbsolute(c) ? c : path.join(root, c);
    if (fs.existsSync(full)) return { contents: fs.readFileSync(full, 'utf8') };
  }
  return { error: `File not found: ${importPath}` };
}
process.stdout.write(solc.compile(JSON.stringify(input), { import: findImports }));
