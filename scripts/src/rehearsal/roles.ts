// The production shape of the rehearsal (docs/deploy.md "Process roles"): two api processes behind
// nginx, without the hot wallet's key, and two jobs processes, the only ones holding it, which
// answer only the health probes and metrics.
import { GaveUp } from '@free/devchain/wait';
import { type ApiProcess, apiProcess } from './services.ts';

/** The settings of an api process: PROCESS_ROLE=api and no hot-wallet key (it would refuse one). */
export function apiRoleEnv(env: Record<string, string>): Record<string, string> {
  const { HOT_WALLET_KEY: _key, HOT_WALLET_KEY_FILE: _file, ...rest } = env;
  return { ...rest, PROCESS_ROLE: 'api' };
}

/** The settings of a jobs process: PROCESS_ROLE=jobs, with everything given (the hot wallet's key). */
function jobsRoleEnv(env: Record<string, string>): Record<string, string> {
  return { ...env, PROCESS_ROLE: 'jobs' };
}

/** Whether a jobs process is up: it answers its health probe (every API path answers 404 there). */
async function jobsAnswers(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) });
  const api = await fetch(`${url}/api/common/config`, {
    headers: { platform: 'h5' },
    signal: AbortSignal.timeout(3_000),
  });
  if (res.status === 200 && api.status !== 404)
    throw new GaveUp(`${url} is a jobs process but answers /api/common/config with HTTP ${api.status}`);
  return res.status === 200;
}

/** A jobs process of the build (`PROCESS_ROLE=jobs node server/dist/main.js`). */
export function jobsProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  dir: string,
): ApiProcess {
  return apiProcess(name, port, jobsRoleEnv(env), dir, jobsAnswers);
}
