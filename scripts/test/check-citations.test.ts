import { describe, expect, it } from 'vitest';
import { findCitations } from '../src/check-citations';

describe('lint:citations', () => {
  it('flags a comment that cites a document outside the repository or an issue number', () => {
    const text = [
      '// Amount rules of SPEC §5: cleaning and limits.',
      '/** Per-user accounts of DESIGN §4. */',
      '// four states (STYLE.md)',
      '// the top complaint (NOTES "Web")',
      '// security headers (issue 8.13)',
      '// fixes #12',
      '// see ../shared/SPEC.md',
    ].join('\n');
    expect(findCitations(text).map((c) => c.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('lets citations of docs/ and ordinary text through', () => {
    const text = [
      '// Amount rules (docs/business-rules.md "Amounts"): cleaning and limits.',
      'const TOAST_STYLE = { color: "#000", background: "#ffffff" };',
      "navigate('#/pages/mine/mine');",
      'const quote = "&#39;";',
      '// the specification of EIP-4361',
    ].join('\n');
    expect(findCitations(text)).toEqual([]);
  });
});
