// Debian's headless Chromium as every browser check runs it (Lighthouse and the browser tests):
// as root, without background traffic, updates or sync that would add requests or time to a run.
import { existsSync } from 'node:fs';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromeFlags: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Exposes WebMCP's document.modelContext to the page, for the checks that read form tools. */
export const webMcpFlag = '--enable-blink-features=WebMCP';

/** A browser test's skip reason on a machine without Chromium, else false. */
export const chromeMissing: string | false = existsSync(chromePath) ? false : `${chromePath} is not installed`;
