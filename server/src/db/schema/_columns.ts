// Column helpers shared by the schema files: money is numeric(78,0) wei mapped to bigint.
import { ASSET_CODES } from '@free/protocol/api/common';
import { numeric, pgEnum, timestamp } from 'drizzle-orm/pg-core';

export const wei = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * The PostgreSQL type `asset`, built from protocol's list of tokens: the database itself refuses a
 * token it does not know, and every row read is typed 'USDT' | 'FREE' | 'FCC'. (A new token is a
 * migration: `ALTER TYPE asset ADD VALUE`.)
 */
export const assetEnum = pgEnum('asset', ASSET_CODES);
export const assetColumn = () => assetEnum('asset');
