// Vitest calls each global setup once per project (vitest.config.ts: the suite is two projects), in
// the one main process: what a setup makes is made once per run and handed to both.
const made = new Map<string, Promise<unknown>>();
const shared = globalThis as typeof globalThis & { __freeOncePerRun?: typeof made };

export function oncePerRun<T>(key: string, make: () => Promise<T>): Promise<T> {
  shared.__freeOncePerRun ??= made;
  const runs = shared.__freeOncePerRun;
  if (!runs.has(key)) runs.set(key, make());
  return runs.get(key) as Promise<T>;
}
