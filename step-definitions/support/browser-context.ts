import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { SynapseWorld } from './world';

/** The system's Chromium (Debian's `chromium` package), or SYNAPSE_CHROMIUM; nothing is downloaded. */
export function chromiumPath(): string {
  return process.env.SYNAPSE_CHROMIUM || '/usr/bin/chromium';
}

/** Why no browser scenario can run here, or undefined when one can. */
export function browserUnavailable(): string | undefined {
  try {
    accessSync(chromiumPath(), constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${chromiumPath()} (Debian: apt-get install chromium; or set SYNAPSE_CHROMIUM to a Chromium executable)`;
  }
}

/**
 * Flags that keep a headless Chromium off the network and quiet: no background services, no component or
 * sync updates, no first-run work. As root it cannot use its sandbox (the scenario's pages are our own files).
 */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** One real browser per scenario (launched on first use, closed after it), one page, and every URL it requested. */
export class BrowserContextForScenario {
  private context?: BrowserContext;
  private current?: Page;
  /** Every request the page made, in order. */
  readonly requests: string[] = [];

  constructor(private readonly world: SynapseWorld) {}

  async page(): Promise<Page> {
    if (this.current) return this.current;
    // A fresh profile of its own (--user-data-dir), removed after the browser has closed. Not in the
    // scenario's directory, whose files the report lists.
    const profile = await mkdtemp(join(tmpdir(), 'synapse-chromium-'));
    this.world.onCleanup(() => rm(profile, { recursive: true, force: true }));
    this.context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });
    this.world.onCleanup(() => this.context?.close());
    this.current = this.context.pages()[0] ?? (await this.context.newPage());
    this.current.on('request', (request) => this.requests.push(request.url()));
    this.current.setDefaultTimeout(15_000);
    return this.current;
  }

  /** A PNG of what the page shows now, attached to the scenario in the report. */
  async attachScreenshot(name: string): Promise<void> {
    const png = await (await this.page()).screenshot({ fullPage: false });
    this.world.attach(png, { mediaType: 'image/png', fileName: name });
  }
}
