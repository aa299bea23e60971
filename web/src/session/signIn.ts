// Sign-In with Ethereum (EIP-4361): nonce → message → wallet signature → POST login → session.
import type { NonceData } from '@free/protocol/api/index';
import { SIWE_NONCE_TTL_MS } from '@free/protocol/constants';
import { buildSiweMessage } from '@free/protocol/siwe';
import { call, routes } from '../api/client';
import { learnFromNonce } from '../api/serverClock';
import { storedInviter } from '../app/params';
import { sameAddress, session } from './store';

/** When the server issued the nonce, on the server's clock (its expiry less the nonce's lifetime). */
export const siweIssuedAt = (nonce: Pick<NonceData, 'expiresAt'>): Date =>
  new Date(Date.parse(nonce.expiresAt) - SIWE_NONCE_TTL_MS);

export async function signIn(opts: {
  address: `0x${string}`;
  chainId: number;
  signMessage: (message: string) => Promise<`0x${string}`>;
}): Promise<void> {
  const sentAt = Date.now();
  const nonce = await call(routes.getCommonNonce, { query: { address: opts.address } });
  // signed requests of this session carry the server's time
  learnFromNonce(nonce, sentAt, Date.now());
  // EIP-4361 wants an ASCII statement: the message is the same in every language (the page is not)
  const message = buildSiweMessage({
    domain: window.location.host,
    address: opts.address,
    uri: window.location.origin,
    chainId: nonce.chainId ?? opts.chainId,
    nonce: nonce.nonce,
    // the server checks the message's age by its own clock, which the device's may not match
    issuedAt: siweIssuedAt(nonce),
    expirationTime: new Date(nonce.expiresAt),
  });
  const signature = await opts.signMessage(message);
  const inviter = storedInviter();
  const data = await call(routes.postCommonLogin, {
    body: {
      message,
      signature,
      inviter: inviter && !sameAddress(inviter, opts.address) ? inviter : undefined,
    },
  });
  session.set({ token: data.token, user: data.user });
}
