// The event stream's request schemas (GET /api/stream and its ticket); what its events carry is
// ../stream.ts.
import { z } from 'zod';

export const streamQuery = z.object({
  ticket: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .describe('a one-use ticket of POST /api/user/stream_ticket: adds the `user` events of its user'),
});
export const streamData = z.string().describe('the event stream');
export const streamTicketData = z.object({ ticket: z.string(), expiresAt: z.string() });
