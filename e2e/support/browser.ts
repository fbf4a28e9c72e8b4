import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, with nothing reaching out to the network by itself; `extraArgs`
 * add switches (a fake camera playing a file, for instance).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
