/**
 * The artifact page builder without a browser: every example page is one file under 900 KB that loads nothing from
 * elsewhere, carries the config marker before any script, inlines Chart.js and dayjs only when a block needs them,
 * has CSS for every class its markup uses, and reports its plan; pictures are kept while they fit and the rest are
 * dropped with a warning; a page too big without pictures fails with `page_too_large`.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { MAX_PAGE_BYTES } from "../../../plugins/artifact/index.ts";
import type { ImageData } from "../../../core/contracts/format-plugin.ts";
import { buildExample, buildMarkdown, exampleNames } from "./build.ts";

/** The page's markup and CSS, scripts left out (their text is code, not things the browser loads). */
const withoutScripts = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, "<script></script>");

/** Everything in markup or CSS that would make the browser fetch something, with its address. */
function loads(html: string): string[] {
  const page = withoutScripts(html);
  const found: string[] = [];
  for (const m of page.matchAll(/\s(?:src|srcset|poster|data|action|formaction)\s*=\s*"([^"]*)"/gi)) found.push(m[1]!);
  for (const m of page.matchAll(/<link\b[^>]*\bhref\s*=\s*"([^"]*)"/gi)) found.push(m[1]!);
  for (const m of page.matchAll(/<(?:script|iframe|embed|object|base)\b[^>]*>/gi)) if (m[0] !== "<script>") found.push(m[0]);
  for (const m of page.matchAll(/url\(\s*['"]?([^'")]*)/gi)) found.push(m[1]!);
  for (const m of page.matchAll(/@import\s+(?:url\()?\s*['"]?([^'");]*)/gi)) found.push(m[1]!);
  return found;
}

const cssEscape = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
const classesOf = (html: string) => [...new Set([...withoutScripts(html).matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter(Boolean))];

const chartBanner = /Chart\.js v\d/;
const dayjsBanner = /\$isDayjsObject/;

describe("artifact example pages", () => {
  const want: Record<string, { kinds: string[]; collections: string[]; chart: boolean; dayjs: boolean }> = {
    dashboard: { kinds: ["stat", "stat", "chart", "chart", "form", "list"], collections: ["deals"], chart: true, dayjs: true },
    poll: { kinds: ["vote", "chart"], collections: ["lunch"], chart: true, dayjs: false },
    signup: { kinds: ["form", "list", "chart"], collections: ["volunteers"], chart: true, dayjs: true },
    tracker: { kinds: ["todo", "habits", "counter"], collections: ["launch-tasks", "habits", "coffee"], chart: false, dayjs: true },
  };

  it("has the four examples", () => assert.deepEqual(exampleNames(), Object.keys(want).sort()));

  for (const [name, expected] of Object.entries(want)) {
    describe(name, () => {
      const built = buildExample(name);

      it("is one HTML file under 900 KB", async () => {
        const { html, bytes } = await built;
        assert.ok(bytes.byteLength < MAX_PAGE_BYTES, `${bytes.byteLength} bytes`);
        assert.match(html, /^<!doctype html>/);
        assert.match(html, /<\/html>\n$/);
      });

      it("loads nothing from anywhere (no src, link, url() or @import but data:)", async () => {
        const { html } = await built;
        const external = loads(html).filter((address) => !address.startsWith("data:"));
        assert.deepEqual(external, []);
        assert.doesNotMatch(withoutScripts(html), /<script\s+src/i);
      });

      it("has the config marker in <head> before any script", async () => {
        const { html } = await built;
        const marker = html.indexOf("<!--quire:config-->");
        assert.ok(marker > 0 && marker < html.indexOf("</head>"));
        assert.ok(marker < html.indexOf("<script"));
        assert.equal(html.split("<!--quire:config-->").length, 2, "exactly one marker");
      });

      it(`inlines Chart.js ${expected.chart ? "(it has a chart)" : "not at all (no chart)"} and dayjs only when a list or tracker needs it`, async () => {
        const { html } = await built;
        assert.equal(chartBanner.test(html), expected.chart);
        assert.equal(dayjsBanner.test(html), expected.dayjs);
      });

      it("has Tailwind CSS for every class of its markup", async () => {
        const { html } = await built;
        const css = styleOf(html);
        const missing = classesOf(html).filter((c) => !css.includes(`.${cssEscape(c)}`));
        assert.deepEqual(missing, []);
        // Compiled, not a runtime: no Tailwind browser script, and the CSS holds only what is used.
        assert.doesNotMatch(html, /@tailwindcss\/browser|tailwindcss\.com\/?["']/);
        assert.ok(css.length < 60_000, `${css.length} bytes of CSS`);
      });

      it("reports its plan", async () => {
        const { plan, bytes, diagnostics } = await built;
        assert.ok(plan);
        assert.equal(plan.storage, "shared");
        assert.equal(typeof plan.title, "string");
        assert.deepEqual((plan.blocks as Array<{ kind: string }>).map((b) => b.kind), expected.kinds);
        assert.deepEqual(plan.collections, expected.collections);
        assert.deepEqual(plan.libraries, ["tailwindcss", ...(expected.chart ? ["chart.js"] : []), ...(expected.dayjs ? ["dayjs"] : [])]);
        assert.equal(plan.bytes, bytes.byteLength);
        assert.deepEqual(diagnostics, []);
      });
    });
  }

  it("says which storage the page was built for", async () => {
    const { plan } = await buildExample("tracker", { artifact: { storage: "local" } });
    assert.equal(plan?.storage, "local");
  });
});

describe("artifact page content", () => {
  it("writes the Markdown's text escaped and form settings only as attribute JSON", async () => {
    const { html } = await buildMarkdown(
      '# Tom & Jerry <3\n\nFish & chips < 5 "quoted"\n\n```form\nName"><img src=x onerror=alert(1)>: text\n```\n\n[bad](javascript:alert(1)) and [good](https://example.com)\n',
    );
    assert.match(html, /<title>Tom &amp; Jerry &lt;3<\/title>/);
    assert.match(html, /Fish &amp; chips &lt; 5 &quot;quoted&quot;/);
    assert.doesNotMatch(html, /<img src=x/);
    assert.match(html, /data-config="[^"]*&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.doesNotMatch(html, /javascript:alert/);
    assert.match(html, /href="https:\/\/example\.com" target="_blank" rel="noopener noreferrer"/);
  });

  it("keeps unknown code languages as code blocks", async () => {
    const { html, plan } = await buildMarkdown("# T\n\n```python\nprint('<hi>')\n```\n");
    assert.match(html, /<pre[^>]*><code>print\(&#39;&lt;hi&gt;&#39;\)<\/code><\/pre>/);
    assert.deepEqual(plan?.blocks, []);
  });

  it("takes the accent colour from a style that chose one", async () => {
    const style = { ...defaultStyle("artifact"), colors: { ...defaultStyle("artifact").colors, accent: "#0F766E" } };
    const { ir } = await import("../../../core/markdown/read.ts").then((m) => m.readMarkdown("# T\n\n```chart\n```\n\n| a | b |\n|---|---|\n| x | 1 |\n"));
    const { artifactPlugin } = await import("../../../plugins/artifact/index.ts");
    const result = await artifactPlugin.render!(ir, style, { type: "artifact" });
    const html = new TextDecoder().decode(result.bytes);
    assert.match(styleOf(html), /--color-accent-600: #0f766e/);
    assert.match(html, /&quot;palette&quot;:\[&quot;#0f766e&quot;/);
  });

  it("warns about blocks it cannot use as written", async () => {
    const { diagnostics } = await buildMarkdown("# T\n\n```vote\nOnly one\n```\n\n```chart\ntype: radar\ncollection: bad name!\n```\n");
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity]),
      [
        ["artifact.block_invalid", "warning"],
        ["artifact.block_invalid", "warning"],
        ["artifact.block_invalid", "warning"],
      ],
    );
  });
});

describe("artifact pictures and size", () => {
  const picture = (kb: number): ImageData => ({ data: new Uint8Array(kb * 1000).fill(7), width: 400, height: 300, type: "png" });
  const markdown = "# Photos\n\n![first](img:1)\n\n![too big](img:2)\n\n![small](img:3)\n\n![missing](img:4)\n\n```counter\n```\n";
  const sizes: Record<string, number> = { "img:1": 300, "img:2": 500, "img:3": 100 };
  const images = async (src: string) => (sizes[src] ? picture(sizes[src]!) : null);

  it("inlines pictures while they fit and leaves out the one that does not, with a warning", async () => {
    const { html, bytes, plan, diagnostics } = await buildMarkdown(markdown, { images });
    assert.ok(bytes.byteLength <= MAX_PAGE_BYTES, `${bytes.byteLength} bytes`);
    assert.equal(html.match(/<img [^>]*src="data:image\/png;base64,/g)?.length, 2);
    assert.match(html, /alt="first"/);
    assert.match(html, /alt="small"/);
    assert.doesNotMatch(html, /alt="too big"/);
    assert.deepEqual(plan?.images, { kept: 2, dropped: 1 });
    const dropped = diagnostics.filter((d) => d.code === "artifact.image_dropped");
    assert.equal(dropped.length, 1);
    assert.equal(dropped[0]!.severity, "warning");
    assert.match(dropped[0]!.message, /img:2/);
    assert.deepEqual(diagnostics.filter((d) => d.code === "image.unavailable").map((d) => d.message.includes("img:4")), [true]);
  });

  it("leaves every picture out as unavailable when there is no resolver", async () => {
    const { diagnostics, plan } = await buildMarkdown(markdown);
    assert.equal(diagnostics.filter((d) => d.code === "image.unavailable").length, 4);
    assert.deepEqual(plan?.images, { kept: 0, dropped: 0 });
  });

  it("fails with page_too_large when the page is over 900 KB without pictures", async () => {
    const paragraph = "All work and no play makes a very long page. ".repeat(20);
    const markdown = `# Long\n\n${Array.from({ length: 1100 }, () => paragraph).join("\n\n")}`;
    await assert.rejects(buildMarkdown(markdown), (error: { _tag?: string; code?: string }) => {
      assert.equal(error._tag, "ProcessingFailure");
      assert.equal(error.code, "page_too_large");
      return true;
    });
  });
});
