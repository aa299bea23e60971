// Mining machine answers: a catalogue entry and an order.
import type * as admin from '@free/protocol/api/admin';
import type * as api from '@free/protocol/api/machines';
import type { z } from 'zod';
import { amt, iso } from '../lib/format.ts';
import type { Machine, MachineOrder, myMachines, StoredMachine } from '../services/machines.ts';
import { toAdminProductView } from './shop.ts';

/** A machine order as the API answers it: active until its end. */
export const toMachineOrderView = (o: MachineOrder, now: Date): z.infer<typeof api.machineOrder> => ({
  id: o.id,
  machineId: o.machineId,
  name: o.name,
  asset: o.asset,
  price: amt(o.price),
  hashrate: o.hashrate.toString(),
  startsAt: iso(o.startsAt),
  endsAt: iso(o.endsAt),
  state: now.getTime() < o.endsAt.getTime() ? 'active' : 'expired',
});

/** A catalogue machine as the API answers it: sold out once its stock (when limited) is gone. */
export const toMachineView = (m: Machine): z.infer<typeof api.machine> => ({
  id: m.id,
  code: m.code,
  name: m.name,
  description: m.description,
  image: m.image,
  asset: m.asset,
  price: amt(m.price),
  hashrate: m.hashrate.toString(),
  days: m.days,
  stock: m.stock,
  soldOut: m.stock !== null && m.stock <= 0,
});

/** A catalogue machine as stored, names in every language (operator console). */
export const toAdminMachineView = (m: StoredMachine): z.infer<typeof admin.adminMachine> => ({
  ...toAdminProductView(m),
  hashrate: m.hashrate.toString(),
  days: m.days,
});

/** The user's machine orders with the hashrate they hold now. */
export const toMyMachinesView = (
  r: Awaited<ReturnType<typeof myMachines>>,
  now: Date,
): z.infer<typeof api.myMachinesData> => ({
  ...r,
  hashrate: amt(r.hashrate),
  list: r.list.map((o) => toMachineOrderView(o, now)),
});
