// The one Chromium the browser tests, the rehearsal and the web benchmark drive (Debian's package,
// through playwright-core), and the flags they all launch it with.

/** Debian's Chromium (`apt-get install -y chromium`), or the one the `CHROMIUM` variable names. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless on a CI machine: no sandbox (root in a container) and no GPU; none of the browser's own
 * background traffic (component updates, sync, QUIC probes), which would add noise to a measured page
 * load and requests no test expects.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
