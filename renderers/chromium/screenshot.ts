/**
 * A PNG of an HTML page as a visitor first sees it (artifact previews). The page is loaded into a fresh browser
 * context with the network cut off (offline, and every request refused), so a page can neither reach anything nor
 * wait on anything; its clock is fast-forwarded past entry animations (charts draw at once), and the shot is the
 * page's top, `width` pixels wide and as tall as its content up to `maxHeight`. Each shot has a time limit: a page
 * that hangs (an endless script) is closed and the call fails.
 */
import type { BrowserContext } from "playwright-core";
import { chromiumBrowser } from "./browser.ts";
import type { Screenshot, ScreenshotOptions } from "../../core/contracts/engines.ts";

export type { Screenshot, ScreenshotOptions };

/** The first measure is taken this tall, so a page that fills the screen (`min-height: 100vh`) is shot at this height. */
const MIN_HEIGHT = 600;

class ShotTimeout extends Error {}

const shoot = async (context: BrowserContext, html: string, width: number, maxHeight: number, settleMs: number, initScript?: string): Promise<Screenshot> => {
  await context.route("**/*", (route) => route.abort("blockedbyclient"));
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  // Installed before the page's scripts run, so animations read the fake clock and finish when it is run forward.
  await page.clock.install();
  await page.setContent(html, { waitUntil: "load" });
  await page.clock.runFor(settleMs);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const contentHeight = await page.evaluate(() => Math.ceil(Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0)));
  const height = Math.max(MIN_HEIGHT, Math.min(maxHeight, contentHeight));
  await page.setViewportSize({ width, height });
  // A resize makes charts redraw; let that finish too.
  await page.clock.runFor(settleMs);
  const png = await page.screenshot({ type: "png", animations: "disabled", caret: "hide" });
  return { png: new Uint8Array(png), width, height };
};

export const screenshotHtml = async (html: string, options: ScreenshotOptions = {}): Promise<Screenshot> => {
  const { width = 800, maxHeight = 2000, timeoutMs = 20_000, settleMs = 2_000, initScript, signal } = options;
  signal?.throwIfAborted();
  const browser = await chromiumBrowser();
  const context = await browser.newContext({
    viewport: { width, height: MIN_HEIGHT },
    deviceScaleFactor: 1,
    offline: true,
    serviceWorkers: "block",
    reducedMotion: "reduce",
    colorScheme: "light",
  });
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ShotTimeout(`the page did not settle within ${timeoutMs} ms`)), timeoutMs);
      onAbort = () => reject(signal!.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
    return await Promise.race([shoot(context, html, width, maxHeight, settleMs, initScript), stopped]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    // Closing the context ends whatever the page was still doing (and a shot the race left behind fails quietly).
    await context.close().catch(() => undefined);
  }
};
