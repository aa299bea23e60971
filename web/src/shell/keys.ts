// The catalogue keys of index.html's shell texts, apart from its code: vite.config.ts imports them
// to pick the texts out of each catalogue (with nothing else, so the config loads them in Node).
/**
 * The catalogue keys of the texts the shell shows: the home page's title and tagline, its call to
 * sign in, and the labels of its price and FOMO cards (index.html names each element's key in
 * `data-t`).
 */
export const SHELL_KEYS = [
  'tab.home',
  'home.tagline',
  'auth.signInPrompt',
  'home.price',
  'home.fomoTitle',
  'home.fomoBalance',
  'home.fomoCountdown',
  'home.fomoParticipants',
  'home.fomoFloor',
] as const;
export type ShellKey = (typeof SHELL_KEYS)[number];
