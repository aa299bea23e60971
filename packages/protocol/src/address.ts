// Address display and comparison: addresses are compared case-insensitively (docs/business-rules.md "Accounts and income"; checksum
// case is presentation), and shown shortened as `0x12ab…9f3c`.

export function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** `0x12ab…9f3c`: the first `head` and last `tail` hex digits; anything not an address is returned as is. */
export function shortAddress(address: string | null | undefined, head = 4, tail = 4): string {
  if (!address) return '';
  if (!isAddress(address)) return address;
  return `${address.slice(0, 2 + head)}…${address.slice(-tail)}`;
}

/** True when both are addresses and equal ignoring case; a missing side is never equal. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return isAddress(a) && isAddress(b) && a.toLowerCase() === b.toLowerCase();
}
