// Names index.html's shell script shares, apart from its code (which the config and the app's entry
// would otherwise pull in): the catalogue keys of its texts, which vite.config.ts picks out of each
// catalogue, and where it leaves the promise of its drawn figures for src/main.tsx.
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

/** The global under which the shell leaves the promise of its drawn FOMO figures. */
export const SHELL_DRAWN = '__freeShellDrawn';
