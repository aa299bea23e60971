// The one logger shape of the background jobs, the indexer and the hot wallet: a subset of pino's,
// so the server's Fastify logger is passed as is, and a test collects what was logged.
export type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/** Logs nothing: the default where no logger is given. */
export const noopLog: Logger = { info: () => {}, warn: () => {}, error: () => {} };
