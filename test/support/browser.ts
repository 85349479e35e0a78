import { type Browser, chromium } from 'playwright-core';

/** Debian's headless Chromium, as the e2e tests drive it: no sandbox (root in CI), no GPU, no background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
