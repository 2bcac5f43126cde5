/** Headless Chromium (DESIGN.md, "renderers/"): the shared browser of the process and page screenshots. */
export { chromiumBrowser, closeChromium, chromiumVersion, CHROMIUM_EXECUTABLE } from "./browser.ts";
export { screenshotHtml, type Screenshot, type ScreenshotOptions } from "./screenshot.ts";
