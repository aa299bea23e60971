import { HashRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../test-utils';
import { CatchUpWithHash, hashPath } from './hashSync';

/** Shows the router's path; on its first render moves the address as a browser does during a
 * sliced first render: after the router read it, with no event the router's listener will hear. */
function Page({ moveTo }: { moveTo?: string }) {
  const { pathname } = useLocation();
  if (moveTo && window.location.hash !== `#${moveTo}`) window.history.replaceState(null, '', `#${moveTo}`);
  return <p data-testid="route">{pathname}</p>;
}

function mount(catchUp: boolean, moveTo: string) {
  return render(
    <HashRouter>
      {catchUp && <CatchUpWithHash />}
      <Routes>
        <Route path="*" element={<Page moveTo={moveTo} />} />
      </Routes>
    </HashRouter>,
  ).container;
}

describe('the router and the address bar', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '#/');
  });

  it('reads hash paths as the router names them', () => {
    expect(hashPath('')).toBe('/');
    expect(hashPath('#')).toBe('/');
    expect(hashPath('#/pages/mine/extract?x=1')).toBe('/pages/mine/extract?x=1');
  });

  it('without catching up, a move before the router listens is lost (the failure it mends)', () => {
    window.history.replaceState(null, '', '#/pages/mine/mine');
    const el = mount(false, '/pages/mine/extract');
    expect(window.location.hash).toBe('#/pages/mine/extract');
    expect(el.textContent).toBe('/pages/mine/mine');
  });

  it('shows the page the address names when it moved before the router listened', () => {
    window.history.replaceState(null, '', '#/pages/mine/mine');
    const el = mount(true, '/pages/mine/extract');
    expect(el.textContent).toBe('/pages/mine/extract');
  });

  it('changes nothing when the address did not move', () => {
    window.history.replaceState(null, '', '#/pages/mine/mine');
    let pops = 0;
    const count = () => {
      pops++;
    };
    window.addEventListener('popstate', count);
    const el = mount(true, '/pages/mine/mine');
    window.removeEventListener('popstate', count);
    expect(el.textContent).toBe('/pages/mine/mine');
    expect(pops).toBe(0);
  });
});
