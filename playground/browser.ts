// Headless Chromium for the playground's test and screenshot: Debian's `chromium` (never a browser
// downloaded by the automation library), with a fresh empty profile and nothing phoning home.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** The browser used: `CHROMIUM_PATH`, else Debian's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser cannot be used (to print as a notice), or undefined when it is installed. */
export function missingBrowser(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}: install Debian's chromium package (.ci/run does) or set CHROMIUM_PATH`;
}

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A running browser and how to close it (the profile folder is removed too). */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts headless Chromium with a new empty profile folder. */
export async function launchChromium(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'jsonmend-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      colorScheme: options.colorScheme ?? 'light',
    });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
