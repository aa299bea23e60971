// Query parameters for pages: those after the hash (react-router) win over those before it.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

export function usePageParams(): URLSearchParams {
  const [hashParams] = useSearchParams();
  return useMemo(() => {
    const merged = new URLSearchParams(window.location.search);
    for (const [k, v] of hashParams) merged.set(k, v);
    return merged;
  }, [hashParams]);
}

const INVITER_KEY = 'free.inviter';
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Remembers `?inviter=0x…` (before or after the hash) for the first sign-in (docs/business-rules.md "Team"). */
export function captureInviter(href: string = window.location.href) {
  const url = new URL(href);
  const afterHash = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?')) : '';
  const inviter = new URLSearchParams(afterHash).get('inviter') ?? url.searchParams.get('inviter');
  if (inviter && ADDRESS.test(inviter)) {
    try {
      localStorage.setItem(INVITER_KEY, inviter);
    } catch {
      // not remembered
    }
  }
}

export function storedInviter(): string | undefined {
  try {
    return localStorage.getItem(INVITER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
