// The Sign-In with Ethereum (EIP-4361) message: built by the web app, parsed strictly by the server.
// EIP-4361 allows only ASCII in the statement, and wallets that cannot parse a message treat it as a
// plain signature request and skip their domain check; so the statement is one English sentence in
// every language (the page around it is translated), and the parser refuses what the EIP refuses.
import { getAddress } from 'viem';
import { isAddress } from './address.ts';

/** The statement of every sign-in message, whatever the page's language (ASCII only, see above). */
export const SIWE_STATEMENT = 'Sign in to FREE. This request costs no gas.';

export type SiweMessage = {
  /** the optional `scheme://` before the domain */
  scheme?: string;
  /** the RFC 3986 authority (host and port) asking for the sign-in */
  domain: string;
  /** EIP-55 checksummed */
  address: `0x${string}`;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources: string[];
};

/** What is wrong with a text that is not an EIP-4361 message (the first problem, by line). */
export type SiweProblem =
  | 'header'
  | 'address'
  | 'checksum'
  | 'blankLine'
  | 'statement'
  | 'uri'
  | 'version'
  | 'chainId'
  | 'nonce'
  | 'issuedAt'
  | 'expirationTime'
  | 'notBefore'
  | 'requestId'
  | 'resource'
  | 'trailing';
export type SiweFormatError = { problem: SiweProblem; line: number };

export function isSiweFormatError(v: SiweMessage | SiweFormatError): v is SiweFormatError {
  return 'problem' in v;
}

// RFC 3986, as the EIP's grammar uses it.
const PCT = '%[0-9A-Fa-f]{2}';
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const IP_LITERAL = `\\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const AUTHORITY = `(?:${USERINFO}@)?(?:${IP_LITERAL}|${REG_NAME})(?::[0-9]*)?`;
const SEGMENTS = `(?:/${PCHAR}*)*`;
const HIER_PART = `(?://${AUTHORITY}${SEGMENTS}|/(?:${PCHAR}+${SEGMENTS})?|${PCHAR}+${SEGMENTS}|)`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const SCHEME = '[A-Za-z][A-Za-z0-9+.\\-]*';
const URI_RE = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);
const HEADER_RE = new RegExp(
  `^(?:(${SCHEME})://)?(${AUTHORITY}) wants you to sign in with your Ethereum account:$`,
);
// EIP-4361: reserved / unreserved / space; no line break, nothing outside ASCII
const STATEMENT_RE = /^[A-Za-z0-9 !#$&-;=?@[\]_~]+$/;
const NONCE_RE = /^[A-Za-z0-9]{8,}$/;
const REQUEST_ID_RE = new RegExp(`^${PCHAR}*$`);
// RFC 3339 date-time
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** An RFC 3986 URI (scheme, then what that scheme's part may hold). */
export const isUri = (text: string): boolean => URI_RE.test(text);

function dateTime(text: string): Date | null {
  const m = DATE_TIME_RE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, oh, om] = m.map(Number) as number[];
  const days = new Date(Date.UTC(y as number, mo as number, 0)).getUTCDate();
  if (!mo || mo > 12 || !d || d > days || (h as number) > 23 || (mi as number) > 59 || (s as number) > 60)
    return null;
  if (oh !== undefined && !Number.isNaN(oh) && (oh > 23 || (om as number) > 59)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Parses an EIP-4361 message as the EIP's grammar reads it: the header line, an EIP-55 address, a
 * blank line, an optional ASCII statement followed by a blank line, then the fields in their order
 * and nothing after them (no trailing line break).
 */
export function parseSiweMessage(text: string): SiweMessage | SiweFormatError {
  const lines = text.split('\n');
  let at = 0;
  const fail = (problem: SiweProblem): SiweFormatError => ({ problem, line: at + 1 });

  const header = HEADER_RE.exec(lines[at] ?? '');
  if (!header) return fail('header');
  const [, scheme, domain] = header;
  if (!domain) return fail('header');
  at++;
  const address = lines[at] ?? '';
  if (!isAddress(address)) return fail('address');
  if (getAddress(address) !== address) return fail('checksum');
  at++;
  if (lines[at] !== '') return fail('blankLine');
  at++;
  let statement: string | undefined;
  if (lines[at] !== '') {
    statement = lines[at] ?? '';
    if (!STATEMENT_RE.test(statement)) return fail('statement');
    at++;
    if (lines[at] !== '') return fail('blankLine');
  }
  at++;

  /** The value of the line `title: value` at the cursor, or null when the line is another one. */
  const field = (title: string): string | null => {
    const line = lines[at];
    if (line === undefined || !line.startsWith(`${title}: `)) return null;
    at++;
    return line.slice(title.length + 2);
  };

  const uri = field('URI');
  if (uri === null || !isUri(uri)) return fail('uri');
  if (field('Version') !== '1') return fail('version');
  const chain = field('Chain ID');
  if (chain === null || !/^[0-9]+$/.test(chain) || !Number.isSafeInteger(Number(chain)))
    return fail('chainId');
  const nonce = field('Nonce');
  if (nonce === null || !NONCE_RE.test(nonce)) return fail('nonce');
  const issuedAt = dateTime(field('Issued At') ?? '');
  if (!issuedAt) return fail('issuedAt');
  const message: SiweMessage = {
    ...(scheme ? { scheme } : {}),
    domain,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version: '1',
    chainId: Number(chain),
    nonce,
    issuedAt,
    resources: [],
  };
  if (lines[at]?.startsWith('Expiration Time: ')) {
    const v = dateTime(field('Expiration Time') ?? '');
    if (!v) return fail('expirationTime');
    message.expirationTime = v;
  }
  if (lines[at]?.startsWith('Not Before: ')) {
    const v = dateTime(field('Not Before') ?? '');
    if (!v) return fail('notBefore');
    message.notBefore = v;
  }
  if (lines[at]?.startsWith('Request ID: ')) {
    const v = field('Request ID') ?? '';
    if (!REQUEST_ID_RE.test(v)) return fail('requestId');
    message.requestId = v;
  }
  if (lines[at] === 'Resources:') {
    at++;
    while (at < lines.length) {
      const line = lines[at] ?? '';
      if (!line.startsWith('- ') || !isUri(line.slice(2))) return fail('resource');
      message.resources.push(line.slice(2));
      at++;
    }
  }
  if (at !== lines.length) return fail('trailing');
  return message;
}

export type SiweInput = {
  domain: string;
  address: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
};

/** The message a wallet signs to sign in; throws when an input would not make a valid one. */
export function buildSiweMessage(input: SiweInput): string {
  const lines = [
    `${input.domain} wants you to sign in with your Ethereum account:`,
    /^0x[0-9a-fA-F]{40}$/.test(input.address) ? getAddress(input.address) : input.address,
    '',
    SIWE_STATEMENT,
    '',
    `URI: ${input.uri}`,
    'Version: 1',
    `Chain ID: ${input.chainId}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${input.issuedAt.toISOString()}`,
  ];
  if (input.expirationTime) lines.push(`Expiration Time: ${input.expirationTime.toISOString()}`);
  const text = lines.join('\n');
  const parsed = parseSiweMessage(text);
  if (isSiweFormatError(parsed)) throw new Error(`not an EIP-4361 message: ${parsed.problem}`);
  return text;
}
