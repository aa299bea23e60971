// Without a network the app says so once (a notice above the tab bar) instead of a toast per failed
// request, and the notice goes when the network comes back.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, routes } from '../api/client';
import { showToast } from '../components/toast';
import { i18n, initI18n } from '../i18n';
import { cleanup, render } from '../test-utils';
import { AppNotices } from './AppNotices';

vi.mock('../components/toast', () => ({ showToast: vi.fn() }));

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};
const notice = () => document.querySelector('[data-testid="offline-notice"]');

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

describe('offline', () => {
  it('shows the offline notice while the phone has no network', () => {
    render(<AppNotices />);
    expect(notice()).toBeNull();
    setOnline(false);
    expect(notice()?.textContent).toBe(i18n.t('pwa.offline'));
    setOnline(true);
    expect(notice()).toBeNull();
  });

  it('a request failing for want of a network shows no toast (the notice says it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    setOnline(false);
    await expect(call(routes.getCommonConfig)).rejects.toThrow();
    expect(showToast).not.toHaveBeenCalled();
    setOnline(true);
    await expect(call(routes.getCommonConfig)).rejects.toThrow();
    expect(showToast).toHaveBeenCalledTimes(1);
  });
});
