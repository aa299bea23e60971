// Address display and comparison: addresses are compared case-insensitively (docs/business-rules.md "Accounts and income"; checksum
// case is presentation), and shown shortened as `0x12ab…9f3c`.

declare const addressBrand: unique symbol;
declare const hexBrand: unique symbol;
/** An address that was checked (`0x` + 40 hex digits): what `parseAddress` returns; viem takes it as is. */
export type Address = `0x${string}` & { readonly [addressBrand]: true };
/** Hex data that was checked (`0x` + whole bytes): what `parseHex` returns; viem takes it as is. */
export type Hex = `0x${string}` & { readonly [hexBrand]: true };

export function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
}

/**
 * The one parser of an address that comes from outside the type system (a database row, a request,
 * an API answer, a contract read): the value itself, typed, or a TypeError naming `what`.
 */
export function parseAddress(value: unknown, what = 'address'): Address {
  if (!isAddress(value)) throw new TypeError(`${what} is not an address: ${String(value)}`);
  return value as Address;
}

/** The one parser of hex data from outside (a signature, an order id, calldata); `bytes` fixes its length. */
export function parseHex(value: unknown, what = 'hex', bytes?: number): Hex {
  const ok =
    typeof value === 'string' &&
    /^0x([0-9a-fA-F]{2})*$/.test(value) &&
    (bytes === undefined || value.length === 2 + 2 * bytes);
  if (!ok)
    throw new TypeError(
      `${what} is not hex${bytes === undefined ? '' : ` of ${bytes} bytes`}: ${String(value)}`,
    );
  return value as Hex;
}

/**
 * A private key from the environment (`0x` + 32 bytes). Unlike parseHex its error never shows the
 * value: a mistyped key must not end up in a log.
 */
export function parsePrivateKey(value: unknown, what = 'private key'): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new TypeError(`${what} is not a 0x private key of 32 bytes (value not shown)`);
  return value as Hex;
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
