// Card applications as the API answers them: to the applicant (GET /api/user/cards, the apply and
// the operator's review command) and to the operator's list (GET /api/admin/cards).
import type { adminCardsData } from '@free/protocol/api/admin';
import type { card } from '@free/protocol/api/cards';
import type { z } from 'zod';
import { iso } from '../lib/format.ts';
import type { CardApplication } from '../services/cards.ts';

/**
 * Only the last four digits of the phone are shown back. The masking is a rule about who is shown
 * the number, not about the application: the service keeps it whole because the operator's list
 * shows it whole, so it is applied here, in the view of the answers that mask it.
 */
const maskPhone = (phone: string) => (phone.length > 4 ? `***${phone.slice(-4)}` : phone);

/** A card application as the API answers it, the phone masked. */
export const toCardView = (c: CardApplication): z.infer<typeof card> => ({
  id: c.id,
  kind: c.kind,
  name: c.name,
  phone: maskPhone(c.phone),
  address: c.address,
  state: c.state,
  note: c.note,
  createdAt: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
});

/** A card application in the operator's list: the phone whole, and whose it is. */
export const toAdminCardView = (c: CardApplication): z.infer<typeof adminCardsData>['list'][number] => ({
  ...toCardView(c),
  phone: c.phone,
  userId: c.userId,
});
