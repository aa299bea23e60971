// The public answers: the sign-in nonce and session, and the public config (settings in token
// units, the deployment's addresses checksummed).
import type { ConfigData, LoginData, NonceData } from '@free/protocol/api/common';
import type { Deployment } from '@free/protocol/deployment';
import { amt, checksum, iso } from '../lib/format.ts';
import type { LoginResult } from '../services/auth.ts';
import { type Settings, wei } from '../services/settings.ts';
import { withdrawLimitsByCoin } from '../services/withdraw.ts';
import { toWithdrawLimitsView } from './withdraw-limits.ts';

export const toNonceView = (n: {
  nonce: string;
  address: string;
  chainId: number;
  expiresAt: Date;
}): NonceData => ({
  nonce: n.nonce,
  address: checksum(n.address),
  chainId: n.chainId,
  expiresAt: iso(n.expiresAt),
});

export const toLoginView = (r: LoginResult): LoginData => ({
  token: r.token,
  expiresAt: iso(r.expiresAt),
  user: {
    id: r.user.id,
    address: checksum(r.user.address),
    inviter: r.inviterAddress ? checksum(r.inviterAddress) : null,
    ignited: r.user.ignited,
    createdAt: iso(r.user.createdAt),
  },
});

/** The part of the config fixed for the life of the process: the chain and the deployment. */
export const toDeploymentView = (
  chainId: number,
  d: Deployment | null,
): Pick<ConfigData, 'chain_id' | 'contracts'> => ({
  chain_id: chainId,
  contracts: d
    ? {
        usdt: checksum(d.usdt),
        free: checksum(d.free),
        fcc: checksum(d.fcc),
        staking: checksum(d.staking),
        payment: checksum(d.payment),
        factory: checksum(d.factory),
        router: checksum(d.router),
        pair: checksum(d.pair),
      }
    : null,
});

export const toConfigView = (
  s: Settings,
  deployment: Pick<ConfigData, 'chain_id' | 'contracts'>,
): ConfigData => ({
  twitter_url: s.twitter_url,
  telegram_url: s.telegram_url,
  min_investment: amt(wei(s.min_investment_free_wei)),
  max_investment: amt(wei(s.max_investment_wei)),
  ...deployment,
  cycles: s.cycles.map((c, index) => ({ index, ...c })),
  limits: {
    min_amount: amt(wei(s.min_amount_wei)),
    max_amount: amt(wei(s.max_amount_wei)),
    max_recharge: amt(wei(s.max_recharge_wei)),
    withdraw: toWithdrawLimitsView(withdrawLimitsByCoin(s)),
  },
  ignition_free: amt(wei(s.ignition_free_wei)),
  fomo_floor: amt(wei(s.fomo_floor_wei)),
  market_maker: {
    turnover_usdt: amt(wei(s.market_maker.turnover_wei)),
    principal_share_bps: s.market_maker.principal_share_bps,
    fcc_multiplier: s.market_maker.fcc_multiplier,
  },
  modules: s.modules,
});
