/**
 * Headless Chromium for page screenshots (artifact previews): Debian's `/usr/bin/chromium`, driven by playwright-core,
 * never a downloaded browser. One browser per process, started on first use (a start costs about half a second, so
 * a service that never makes an artifact never pays it) and shared by every job; each screenshot gets its own
 * browser context, so pages never see each other. `closeChromium` ends it at shutdown; a browser that crashed is
 * forgotten and the next use starts a fresh one.
 */
import type { Browser } from "playwright-core";

export const CHROMIUM_EXECUTABLE = "/usr/bin/chromium";
/** How long a start may take before it counts as failed. */
const LAUNCH_TIMEOUT_MS = 30_000;

let browser: Promise<Browser> | null = null;
let current: Browser | null = null;

const launch = async (): Promise<Browser> => {
  // Loaded here, not with the module: playwright-core costs about 0.4 s of CPU to load, which every service start and
  // every process that only imports the renderers paid, most of them never taking a screenshot.
  const { chromium } = await import("playwright-core");
  const started = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    // The service runs as an ordinary user inside its own container; Chromium's sandbox needs privileges it lacks.
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--font-render-hinting=none"],
    timeout: LAUNCH_TIMEOUT_MS,
    // The service's own signal handlers shut it down in order (closeChromium among them); Playwright must not race them.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  started.on("disconnected", () => {
    if (current === started) {
      browser = null;
      current = null;
    }
  });
  current = started;
  return started;
};

/** The process's browser, started on first use; a failed start is forgotten so the next call tries again. */
export const chromiumBrowser = (): Promise<Browser> =>
  (browser ??= launch().catch((error) => {
    browser = null;
    throw error;
  }));

/** Closes the browser if one was started (shutdown); the next use would start another. */
export const closeChromium = async (): Promise<void> => {
  const running = browser;
  browser = null;
  current = null;
  if (!running) return;
  try {
    await (await running).close();
  } catch {
    // It never started, or it already died: nothing is left to close.
  }
};

/** "Chromium 131.0…", for `versions.renderer`. */
export const chromiumVersion = async (): Promise<string> => `Chromium ${(await chromiumBrowser()).version()}`;
