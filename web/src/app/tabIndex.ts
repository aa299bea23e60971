// The last tab index, kept in sessionStorage (docs/business-rules.md "Languages and screens").
const KEY = 'free.tabIndex';

export function getTabIndex(): number {
  try {
    const n = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(n) && n >= 0 && n <= 4 ? n : 0;
  } catch {
    return 0;
  }
}

export function setTabIndex(index: number) {
  try {
    sessionStorage.setItem(KEY, String(index));
  } catch {
    // private mode: the tab bar still follows the route
  }
}
