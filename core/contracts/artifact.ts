/**
 * What the artifact plugin and the service agree on about a page: the page builder puts CONFIG_MARKER in `<head>`
 * before any script, and the service puts the page's settings there when it serves or previews it (`withConfig`).
 */
export const CONFIG_MARKER = "<!--quire:config-->";
