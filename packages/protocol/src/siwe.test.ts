import pkg from '@spruceid/siwe-parser';
import { describe, expect, it } from 'vitest';
import {
  buildSiweMessage,
  isSiweFormatError,
  parseSiweMessage,
  SIWE_STATEMENT,
  type SiweInput,
  type SiweProblem,
} from './siwe.ts';

// the EIP-4361 reference parser (CommonJS)
const { ParsedMessage } = pkg;

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const input: SiweInput = {
  domain: '127.0.0.1:5173',
  address: ADDRESS.toLowerCase(),
  uri: 'http://127.0.0.1:5173',
  chainId: 31337,
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: new Date('2026-11-20T12:00:00.000Z'),
  expirationTime: new Date('2026-11-20T12:10:00.000Z'),
};
const message = buildSiweMessage(input);

const referenceAccepts = (text: string) => {
  try {
    new ParsedMessage(text);
    return true;
  } catch {
    return false;
  }
};
const problemOf = (text: string) => {
  const r = parseSiweMessage(text);
  return isSiweFormatError(r) ? r.problem : null;
};

describe('the sign-in message', () => {
  it('is one the reference parser reads back field by field', () => {
    const ref = new ParsedMessage(message);
    expect(ref).toMatchObject({
      domain: '127.0.0.1:5173',
      address: ADDRESS,
      statement: SIWE_STATEMENT,
      uri: 'http://127.0.0.1:5173',
      version: '1',
      chainId: 31337,
      nonce: input.nonce,
      issuedAt: '2026-11-20T12:00:00.000Z',
      expirationTime: '2026-11-20T12:10:00.000Z',
    });
  });

  it('has an ASCII statement (EIP-4361 allows nothing else there)', () => {
    expect(SIWE_STATEMENT).toMatch(/^[\x20-\x7e]+$/);
  });

  it('is read back by our parser with the same fields', () => {
    expect(parseSiweMessage(message)).toEqual({
      domain: '127.0.0.1:5173',
      address: ADDRESS,
      statement: SIWE_STATEMENT,
      uri: 'http://127.0.0.1:5173',
      version: '1',
      chainId: 31337,
      nonce: input.nonce,
      issuedAt: input.issuedAt,
      expirationTime: input.expirationTime,
      resources: [],
    });
  });

  it('refuses to build from an input that would not make a valid message', () => {
    expect(() => buildSiweMessage({ ...input, uri: 'not a uri' })).toThrow(/uri/);
    expect(() => buildSiweMessage({ ...input, nonce: 'short' })).toThrow(/nonce/);
    expect(() => buildSiweMessage({ ...input, domain: 'evil example' })).toThrow(/header/);
  });
});

describe('the strict parser agrees with the reference parser', () => {
  const lines = message.split('\n');
  const edit = (i: number, line: string | null) =>
    (line === null ? lines.filter((_, j) => j !== i) : lines.map((l, j) => (j === i ? line : l))).join('\n');

  const refused: [name: string, text: string, problem: SiweProblem][] = [
    ['a translated (non-ASCII) statement', edit(3, 'FREE にログインします。'), 'statement'],
    ['an address that is not EIP-55', edit(1, ADDRESS.toLowerCase()), 'checksum'],
    ['an address with a wrong checksum', edit(1, ADDRESS.replace('C51', 'c51')), 'checksum'],
    ['a short address', edit(1, ADDRESS.slice(0, 40)), 'address'],
    ['a URI that is not a URI', edit(5, 'URI: http://127.0.0.1:5173/a b'), 'uri'],
    ['a URI without a scheme', edit(5, 'URI: 127.0.0.1:5173'), 'uri'],
    ['a missing blank line after the address', edit(2, null), 'blankLine'],
    ['a missing blank line after the statement', edit(4, null), 'blankLine'],
    ['a short nonce', edit(8, 'Nonce: abc'), 'nonce'],
    ['a nonce that is not alphanumeric', edit(8, 'Nonce: abcdefgh-1'), 'nonce'],
    ['another version', edit(6, 'Version: 2'), 'version'],
    ['a chain id that is not a number', edit(7, 'Chain ID: 0x7a69'), 'chainId'],
    ['an issue time that is not a date-time', edit(9, 'Issued At: 2026-11-20'), 'issuedAt'],
    ['an issue time on a day that does not exist', edit(9, 'Issued At: 2026-02-30T12:00:00Z'), 'issuedAt'],
    ['an expiry that is not a date-time', edit(10, 'Expiration Time: soon'), 'expirationTime'],
    [
      'fields out of order',
      edit(6, 'Chain ID: 31337').replace('31337\nChain ID: 31337', '31337\nVersion: 1'),
      'version',
    ],
    ['a trailing line break', `${message}\n`, 'trailing'],
    ['Windows line breaks', message.replaceAll('\n', '\r\n'), 'header'],
    ['a header naming no domain', edit(0, ' wants you to sign in with your Ethereum account:'), 'header'],
  ];

  it.each(refused)('both refuse %s', (_name, text, problem) => {
    expect(problemOf(text)).toBe(problem);
    expect(referenceAccepts(text)).toBe(false);
  });

  const accepted: [name: string, text: string][] = [
    ['our message', message],
    ['no statement', [...lines.slice(0, 3), '', ...lines.slice(5)].join('\n')],
    ['a scheme before the domain', edit(0, `https://${lines[0]}`)],
    ['no expiry', edit(10, null)],
    [
      'every optional field',
      `${message}\nNot Before: 2026-11-20T12:00:00+08:00\nRequest ID: r-1\nResources:\n- https://example.com/a\n- ipfs://bafy`,
    ],
    [
      'an IPv6 domain and URI',
      edit(0, lines[0]?.replace('127.0.0.1', '[::1]') ?? '').replace(
        'URI: http://127.0.0.1',
        'URI: http://[::1]',
      ),
    ],
  ];

  it.each(accepted)('both accept %s', (_name, text) => {
    expect(problemOf(text)).toBeNull();
    expect(referenceAccepts(text)).toBe(true);
  });
});
