// JSON forms of values: amounts as exact decimal strings, times as ISO, addresses checksummed.
import { type Address, parseAddress } from '@free/protocol/address';
import { toDecimalString } from '@free/protocol/amount';
import { getAddress } from 'viem';

export const amt = (wei: bigint | null | undefined): string => toDecimalString(wei ?? 0n);
export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
export const isoOrNull = (d: Date | string | null | undefined): string | null => (d ? iso(d) : null);
/** The checksummed form of an address (protocol's `Address`, as the API schemas answer it). */
export const checksum = (a: string): Address => parseAddress(getAddress(a));
