// The stream ticket as answered (POST /api/user/stream_ticket); its time as ISO.
import type { streamTicketData } from '@free/protocol/api/stream';
import type { z } from 'zod';
import { iso } from '../lib/format.ts';

export const toStreamTicketView = (t: {
  ticket: string;
  expiresAt: Date;
}): z.infer<typeof streamTicketData> => ({
  ticket: t.ticket,
  expiresAt: iso(t.expiresAt),
});
