// Column helpers shared by the schema files: money is numeric(78,0) wei mapped to bigint.
import { ASSET_CODES } from '@free/protocol/api/common';
import { numeric, text, timestamp } from 'drizzle-orm/pg-core';

export const wei = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** A token: 'USDT' | 'FREE' | 'FCC' (protocol's list), typed as such in every row read. */
export const assetColumn = () => text('asset', { enum: ASSET_CODES });
