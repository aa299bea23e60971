// Payment cards: apply, my applications (server: routes/product/cards.ts).
import { z } from 'zod';
import { isoTime } from './common.ts';

// ---- payment cards ----
export const CARD_STATES = ['submitted', 'reviewed', 'issued', 'rejected'] as const;
export type CardState = (typeof CARD_STATES)[number];
/** How an operator moves an application; issued and rejected are final. */
export const CARD_TRANSITIONS: Record<CardState, readonly CardState[]> = {
  submitted: ['reviewed', 'rejected'],
  reviewed: ['issued', 'rejected'],
  issued: [],
  rejected: [],
};
export const cardApplyBody = z.object({
  kind: z.enum(['virtual', 'physical']),
  name: z.string().trim().min(1).max(80),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,24}$/, 'must be a phone number'),
  /** required for a physical card */
  address: z.string().trim().max(300).optional(),
});
export const card = z.object({
  id: z.number().int(),
  kind: z.enum(['virtual', 'physical']),
  name: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  state: z.enum(CARD_STATES),
  note: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export const cardsData = z.object({ list: z.array(card) });
