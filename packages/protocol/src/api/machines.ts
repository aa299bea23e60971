// Mining machines: the catalogue, buying one, my machines (server: routes/product/machines.ts).
import { z } from 'zod';
import { amountText, asset, isoTime, pageOf, pageQuery, rowId } from './common.ts';

// ---- mining machines ----
export const machine = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  asset,
  price: amountText,
  /** H/s granted while the machine runs */
  hashrate: z.string(),
  days: z.number().int(),
  stock: z.number().int().nullable(),
  soldOut: z.boolean(),
});
export const machinesData = z.object({ list: z.array(machine) });
export const machineDetailQuery = z.object({ id: rowId });
export const machineBuyBody = z.object({ id: rowId });
export const machineOrder = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  name: z.string(),
  asset,
  price: amountText,
  hashrate: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  state: z.enum(['active', 'expired']),
});
export const myMachinesQuery = pageQuery;
export const myMachinesData = pageOf(machineOrder).extend({
  hashrate: z.string().describe('the user hashrate in force, H/s as a decimal string'),
});
