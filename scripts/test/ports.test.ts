import { createServer, type Server } from 'node:net';
import { freePort, freePortOr, portFree } from '@free/devchain/anvil';
import { afterEach, describe, expect, it } from 'vitest';

let held: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve())));

const hold = (port: number) =>
  new Promise<Server>((resolve) => {
    const srv = createServer();
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });

describe('port helpers (the browser tests and the stack scripts share them)', () => {
  it('a port someone listens on is not free, and freePortOr moves to another one', async () => {
    const port = await freePort();
    held = await hold(port);
    expect(await portFree(port)).toBe(false);
    const other = await freePortOr(port);
    expect(other).not.toBe(port);
    expect(await portFree(other)).toBe(true);
  });

  it('freePortOr keeps the wanted port while it is free', async () => {
    const port = await freePort();
    expect(await portFree(port)).toBe(true);
    expect(await freePortOr(port)).toBe(port);
  });
});
