/**
 * Artifact pages in Debian's Chromium (playwright-core), served from loopback on `*.localhost` hosts as artifact
 * origins are. Local mode: a form saves to IndexedDB, the list shows it, it survives a reload, another tab hears of
 * it, and the page never calls the network. Shared mode, against the in-memory protocol stand-in (stand-in.ts):
 * two visitors (two browser contexts), one writes and the other's subscription fires; a change made while a stream
 * was cut arrives after the reconnect; a 17 KB record is refused before any request; every request stays on the
 * page's origin. Then a screenshot of each example, with some data in it (into examples/artifacts/screenshots/ with UPDATE=1).
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { buildExample, examplesDir, exampleNames } from "./build.ts";
import { serveShared, serveStatic, type SharedServer } from "./stand-in.ts";

const SLUG = "01jabcdefghjkmnpqrstvwxyz0";
/**
 * A helper for code run in the page, given as text: functions declared inside `page.evaluate` callbacks are
 * rewritten by the TypeScript loader with a helper the page does not have.
 */
const CODE = `const code = (p) => p.then(() => "ok", (e) => e.code);`;
/**
 * Polls `expression` in the page until it gives `want` (or fails after `ms`): expect-like waiting for a value. Not
 * page.waitForFunction: it runs its predicate with eval, which the artifact's own CSP (no 'unsafe-eval') refuses;
 * page.evaluate goes through the debugger protocol, which the CSP does not govern, and awaits promises.
 */
async function pollFor(page: Page, expression: string, want: unknown, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  let got: unknown;
  for (;;) {
    got = await page.evaluate(expression);
    if (JSON.stringify(got) === JSON.stringify(want)) return;
    if (Date.now() > deadline) assert.fail(`${expression} was ${JSON.stringify(got)} after ${ms} ms, not ${JSON.stringify(want)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Watched {
  page: Page;
  requests: string[];
  errors: string[];
}

async function open(context: BrowserContext, url: string): Promise<Watched> {
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // Chromium logs every 4xx answer; a 404 for a missing record is the protocol, not a fault of the page.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  await page.goto(url);
  return { page, requests, errors };
}

/** Classes in the live DOM (the runtime's included) that the page's CSS has no rule for. */
const classesWithoutCss = (page: Page) =>
  page.evaluate(() => {
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent ?? "").join("\n");
    const classes = new Set<string>();
    document.querySelectorAll("[class]").forEach((el) => el.classList.forEach((c) => classes.add(c)));
    return [...classes].filter((c) => !css.includes(`.${CSS.escape(c)}`));
  });

describe("artifact pages in Chromium", { timeout: 180_000 }, () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  });
  after(async () => {
    await browser?.close();
  });

  describe("local mode", () => {
    it("saves a form entry in the browser, lists it, keeps it across a reload, tells another tab, and never calls the network", async () => {
      const { html } = await buildExample("signup", { artifact: { storage: "local" } });
      const server = await serveStatic(html);
      const context = await browser.newContext();
      try {
        const url = server.url(SLUG);
        const a = await open(context, url);
        const b = await open(context, url);
        await a.page.getByText("Saved in this browser only").waitFor();
        await a.page.getByLabel("Name").fill("Ada Lovelace");
        await a.page.getByLabel("Email").fill("ada@example.com");
        await a.page.getByLabel("Team").selectOption("Planting");
        await a.page.getByRole("button", { name: "Count me in" }).click();
        await a.page.getByText("You are on the list").waitFor();
        await a.page.locator('[data-widget="list"] td', { hasText: "Ada Lovelace" }).waitFor();
        // The other tab hears of it through BroadcastChannel.
        await b.page.locator('[data-widget="list"] td', { hasText: "Ada Lovelace" }).waitFor({ timeout: 5000 });
        await a.page.reload();
        await a.page.locator('[data-widget="list"] td', { hasText: "Ada Lovelace" }).waitFor();
        const stored = await a.page.evaluate(() => window.service.db.list("volunteers"));
        assert.equal(stored.length, 1);
        assert.deepEqual(stored[0]!.data, { Name: "Ada Lovelace", Email: "ada@example.com", Team: "Planting", "Bringing a friend": false });

        assert.deepEqual([...new Set([...a.requests, ...b.requests])], [url]);
        assert.ok(server.log.every((r) => r.method === "GET" && r.url === "/"), JSON.stringify(server.log));
        assert.deepEqual([...a.errors, ...b.errors], []);
      } finally {
        await context.close();
        await server.close();
      }
    });

    it("works from disk as a downloaded artifact.html: local storage with no settings given", async () => {
      const { html } = await buildExample("tracker", { artifact: { storage: "local" } });
      const dir = mkdtempSync(path.join(tmpdir(), "artifact-"));
      const file = path.join(dir, "artifact.html");
      writeFileSync(file, html);
      const context = await browser.newContext();
      try {
        const { page, requests, errors } = await open(context, pathToFileURL(file).href);
        await page.getByText("Saved in this browser only").waitFor();
        await page.getByPlaceholder("Add a task…").fill("Pack the banners");
        await page.getByRole("button", { name: "Add" }).click();
        await page.getByText("Pack the banners").waitFor();
        await page.getByRole("button", { name: "More" }).click();
        // The counter shows the new value at once and saves it after; a reload before the save lands would lose it.
        await pollFor(page, `window.service.db.get("coffee", "count").then((data) => data && data.value)`, 1);
        await page.reload();
        await page.getByText("Pack the banners").waitFor();
        // After a reload the counter reads the store on its own time, so its value is waited for, not read once.
        await page.locator('[data-widget="counter"] .text-5xl', { hasText: /^1$/ }).waitFor();
        assert.deepEqual([...new Set(requests)], [pathToFileURL(file).href]);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("answers the storage API with its codes and falls back to memory in a sandbox without same-origin", async () => {
      const { html } = await buildExample("tracker", { artifact: { storage: "local" } });
      const server = await serveStatic(html);
      const context = await browser.newContext();
      try {
        const { page, requests } = await open(context, server.url(SLUG));
        const codes = await page.evaluate(`(async () => {
          const db = window.service.db;
          ${CODE}
          await db.set("c", "a", { n: 1 });
          await db.set("c", "b", { n: 2 });
          return {
            big: await code(db.set("c", "big", "x".repeat(17 * 1024))),
            name: await code(db.set("bad name", "k", 1)),
            key: await code(db.get("c", "")),
            missing: await db.get("c", "nope"),
            order: (await db.list("c")).map((r) => r.key),
            afterDelete: await db.delete("c", "a").then(() => db.list("c")).then((l) => l.map((r) => r.key)),
          };
        })()`);
        assert.deepEqual(codes, { big: "record_too_large", name: "input_invalid", key: "input_invalid", missing: null, order: ["b", "a"], afterDelete: ["b"] });

        // An iframe sandboxed without allow-same-origin has an opaque origin: no IndexedDB, so memory.
        // The host is another origin's plain page (the artifact's own CSP would forbid frames in it).
        const host = await open(context, `${server.url("host")}embed`);
        await host.page.setContent(`<iframe sandbox="allow-scripts allow-forms" src="${server.url(SLUG)}" style="width:800px;height:900px"></iframe>`);
        const frame = host.page.frameLocator("iframe");
        await frame.getByPlaceholder("Add a task…").fill("Water the plants");
        await frame.getByRole("button", { name: "Add" }).click();
        await frame.getByText("Water the plants").waitFor();
        assert.ok(requests.every((u) => u === server.url(SLUG)));
      } finally {
        await context.close();
        await server.close();
      }
    });
  });

  describe("shared mode against the protocol stand-in", () => {
    let server: SharedServer;
    let url: string;
    const contexts: BrowserContext[] = [];
    const watched: Watched[] = [];
    const visitor = async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const w = await open(context, url);
      watched.push(w);
      return w;
    };
    before(async () => {
      const { html } = await buildExample("signup");
      server = await serveShared(html);
      url = server.url(SLUG);
    });
    after(async () => {
      for (const c of contexts) await c.close();
      await server.close();
    });

    it("shows one visitor's form entry in another visitor's list", async () => {
      const a = await visitor();
      const b = await visitor();
      await b.page.getByText("Live · shared").waitFor();
      await a.page.getByLabel("Name").fill("Grace Hopper");
      await a.page.getByLabel("Email").fill("grace@example.com");
      await a.page.getByLabel("Team").selectOption("Photos");
      await a.page.getByRole("button", { name: "Count me in" }).click();
      await b.page.locator('[data-widget="list"] td', { hasText: "Grace Hopper" }).waitFor({ timeout: 2000 });
      const [record] = [...server.collections.get("volunteers")!.values()];
      assert.deepEqual(record!.data, { Name: "Grace Hopper", Email: "grace@example.com", Team: "Photos", "Bringing a friend": false });
    });

    it("fires the other visitor's subscription on every write and delete, within 100 ms on loopback", async (t) => {
      const [a, b] = [watched[0]!, watched[1]!];
      await b.page.evaluate(() => {
        const seen: Record<string, number> = {};
        (window as unknown as { seen: typeof seen }).seen = seen;
        (window as unknown as { calls: unknown[][] }).calls = [];
        window.service.db.subscribe("latency", (list) => {
          (window as unknown as { calls: unknown[][] }).calls.push(list.map((r) => r.key));
          for (const r of list) seen[r.key] ??= Date.now();
        });
      });
      await b.page.waitForFunction(() => (window as unknown as { calls: unknown[] }).calls.length >= 1);
      const sent: Record<string, number> = {};
      for (let i = 0; i < 20; i += 1) {
        sent[`k${i}`] = Date.now();
        await a.page.evaluate((key) => window.service.db.set("latency", key, { i: key }), `k${i}`);
      }
      await b.page.waitForFunction(() => Object.keys((window as unknown as { seen: object }).seen).length === 20);
      const seen = await b.page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
      const delays = Object.keys(sent).map((k) => seen[k]! - sent[k]!).sort((x, y) => x - y);
      const median = delays[10]!;
      t.diagnostic(`write → other page's callback: median ${median} ms, max ${delays.at(-1)} ms (20 writes)`);
      // 10× the figure (under 100 ms, which bench/artifacts holds): catches a change that is not pushed live.
      assert.ok(median < 1_000, `median ${median} ms`);

      await a.page.evaluate(() => window.service.db.delete("latency", "k0"));
      await b.page.waitForFunction(() => {
        const calls = (window as unknown as { calls: string[][] }).calls;
        return calls.length > 0 && !calls.at(-1)!.includes("k0");
      });
      const last = await b.page.evaluate(() => (window as unknown as { calls: string[][] }).calls.at(-1)!);
      assert.deepEqual(last, Array.from({ length: 19 }, (_, i) => `k${19 - i}`), "most recent first");
    });

    it("gets a change made while its stream was cut once the stream reconnects", async () => {
      const b = watched[1]!;
      const before = server.log.filter((r) => r.url.includes("/_db/volunteers/events")).length;
      server.dropStreams();
      // Written while the stream is down; EventSource reconnects with Last-Event-ID and the stand-in replays it.
      server.put("volunteers", "offline-1", { Name: "Katherine Johnson", Team: "Planting" });
      await b.page.locator('[data-widget="list"] td', { hasText: "Katherine Johnson" }).waitFor({ timeout: 5000 });
      assert.ok(server.log.filter((r) => r.url.includes("/_db/volunteers/events")).length > before, "the stream was opened again");
    });

    it("refuses a 17 KB record and bad names before sending anything", async () => {
      const a = watched[0]!;
      const writes = () => server.log.filter((r) => r.method !== "GET").length;
      const before = writes();
      const codes = await a.page.evaluate(`(async () => {
        const db = window.service.db;
        ${CODE}
        return [
          await code(db.set("volunteers", "big", { notes: "x".repeat(17 * 1024) })),
          await code(db.set("volunteers", "a/b", 1)),
          await code(db.set("x".repeat(65), "k", 1)),
          await code(db.set("volunteers", "fine", { ok: true })),
        ];
      })()`);
      assert.deepEqual(codes, ["record_too_large", "input_invalid", "input_invalid", "ok"]);
      assert.equal(writes(), before + 1, "only the valid record was sent");
    });

    it("rejects with the service's code and resolves a missing record as null", async () => {
      const a = watched[0]!;
      const result = await a.page.evaluate(async () => {
        const db = window.service.db;
        return { missing: await db.get("volunteers", "nobody"), found: await db.get("volunteers", "fine") };
      });
      assert.deepEqual(result, { missing: null, found: { ok: true } });
    });

    it("kept every request on the page's own origin", () => {
      const origin = new URL(url).origin;
      const all = watched.flatMap((w) => w.requests);
      assert.ok(all.length > 4);
      assert.deepEqual(all.filter((u) => new URL(u).origin !== origin), []);
      assert.deepEqual(watched.flatMap((w) => w.errors), []);
    });
  });

  it("says when its link has expired, stops reconnecting, and rejects writes with link_expired", async () => {
    const { html } = await buildExample("poll");
    const server = await serveShared(html);
    const context = await browser.newContext();
    try {
      const { page } = await open(context, server.url(SLUG));
      await page.getByText("Live · shared").waitFor();
      server.expire();
      server.dropStreams();
      await page.getByText("This link has expired").waitFor({ timeout: 5000 });
      const code = await page.evaluate(`window.service.db.set("lunch", "v1", { option: "Taco Stand" }).then(() => "ok", (e) => e.code)`);
      assert.equal(code, "link_expired");
      const streams = () => server.log.filter((r) => r.url.includes("/events")).length;
      const opened = streams();
      await page.waitForTimeout(2500);
      assert.equal(streams(), opened, "no reconnect after the link died");
    } finally {
      await context.close();
      await server.close();
    }
  });

  it("counts every click of a counter when the writes are slow and land out of order, on both visitors' pages", async () => {
    const { html } = await buildExample("tracker");
    const server = await serveShared(html);
    const contexts = [await browser.newContext(), await browser.newContext()];
    try {
      const [a, b] = [await open(contexts[0]!, server.url(SLUG)), await open(contexts[1]!, server.url(SLUG))];
      await a.page.getByText("Live · shared").waitFor();
      await b.page.getByText("Live · shared").waitFor();
      // 0–120 ms per write, as a loaded store would: two writes in flight at once would land in either order.
      server.slowWrites(() => Math.random() * 120);
      for (let cup = 0; cup < 9; cup++) await a.page.getByRole("button", { name: "More" }).click();
      const shown = (p: Page) => p.locator('[data-widget="counter"] .text-5xl', { hasText: /^9$/ });
      await shown(a.page).waitFor({ timeout: 10_000 });
      await pollFor(a.page, `window.service.db.get("coffee", "count").then((data) => data && data.value)`, 9);
      await shown(b.page).waitFor({ timeout: 10_000 });
      // Settled: no late echo of an earlier write takes the count back.
      await a.page.waitForTimeout(500);
      assert.equal(await a.page.locator('[data-widget="counter"] .text-5xl').textContent(), "9");
      assert.deepEqual(server.collections.get("coffee")?.get("count")?.data, { value: 9 });
      assert.deepEqual([...a.errors, ...b.errors], []);
    } finally {
      for (const c of contexts) await c.close();
      await server.close();
    }
  });

  it("keeps what a visitor types while the last entry is still saving, in a form and in a task list", async () => {
    const dashboard = await serveShared((await buildExample("dashboard")).html);
    const tracker = await serveShared((await buildExample("tracker")).html);
    const context = await browser.newContext();
    try {
      const a = await open(context, dashboard.url(SLUG));
      await a.page.getByText("Live · shared").first().waitFor();
      // Long enough that the next entry is typed while the first is saving, also on a loaded machine.
      dashboard.slowWrites(() => 2_500);
      await a.page.getByLabel("Customer").fill("Northwind");
      await a.page.getByLabel("Amount").fill("12000");
      await a.page.getByLabel("Stage").selectOption("Won");
      await a.page.getByRole("button", { name: "Add deal" }).click();
      await a.page.getByText("Saving…").waitFor();
      await a.page.getByLabel("Customer").fill("Tailspin");
      await a.page.getByLabel("Stage").selectOption("Lead");
      await a.page.getByText("Saved. Thank you!").waitFor({ timeout: 10_000 });
      const form = async () => ({
        customer: await a.page.getByLabel("Customer").inputValue(),
        amount: await a.page.getByLabel("Amount").inputValue(),
        stage: await a.page.getByLabel("Stage").inputValue(),
      });
      // Typed during the save: kept. Left as it was sent: cleared.
      assert.deepEqual(await form(), { customer: "Tailspin", amount: "", stage: "Lead" });
      await a.page.getByLabel("Amount").fill("4000");
      await a.page.getByRole("button", { name: "Add deal" }).click();
      await a.page.locator('[data-widget="list"] td', { hasText: "Tailspin" }).waitFor({ timeout: 10_000 });
      assert.deepEqual([...dashboard.collections.get("deals")!.values()].map((r) => r.data as Record<string, unknown>).sort((x, y) => String(x.Customer).localeCompare(String(y.Customer))), [
        { Customer: "Northwind", Amount: 12000, Stage: "Won" },
        { Customer: "Tailspin", Amount: 4000, Stage: "Lead" },
      ]);

      const b = await open(context, tracker.url(SLUG));
      await b.page.getByText("Live · shared").first().waitFor();
      tracker.slowWrites(() => 2_500);
      const task = b.page.getByPlaceholder("Add a task…");
      await task.fill("Book the room");
      await b.page.getByRole("button", { name: "Add", exact: true }).click();
      await task.fill("Send the invites");
      await b.page.getByText("Book the room").waitFor({ timeout: 10_000 });
      await pollFor(b.page, `document.querySelector('[data-widget="todo"] button[type="submit"]').disabled`, false);
      assert.equal(await task.inputValue(), "Send the invites");
      assert.deepEqual([...a.errors, ...b.errors], []);
    } finally {
      await context.close();
      await dashboard.close();
      await tracker.close();
    }
  });

  it("keeps a record written while the list is being read afresh, though the read began before the write", async () => {
    const { html } = await buildExample("signup");
    const server = await serveShared(html);
    const context = await browser.newContext();
    try {
      const a = await open(context, server.url(SLUG));
      await a.page.getByText("Live · shared").waitFor();
      // The list is read at once and answered 800 ms later: the write below lands in between.
      server.slowLists(800);
      server.resync();
      await a.page.waitForTimeout(100);
      await a.page.evaluate(() => (window as unknown as { service: { db: { set: (c: string, k: string, d: unknown) => Promise<unknown> } } }).service.db.set("volunteers", "late", { Name: "Late Writer" }));
      await a.page.waitForTimeout(1_200);
      assert.equal(await a.page.getByText("Late Writer").count(), 1, "the record written during the read is still shown");
      assert.deepEqual(a.errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });

  describe("screenshots of the examples", () => {
    // Kept in the repository only with UPDATE=1 (as the golden fixtures); a plain test run leaves the tree clean.
    const dir = process.env.UPDATE ? path.join(examplesDir, "screenshots") : mkdtempSync(path.join(tmpdir(), "artifact-shots-"));
    after(() => {
      if (!process.env.UPDATE) rmSync(dir, { recursive: true, force: true });
    });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const day = (back: number) => {
      const d = new Date();
      d.setDate(d.getDate() - back);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    };
    const seeds: Record<string, (s: SharedServer) => void> = {
      poll: (s) => {
        const votes: Array<[string, number]> = [["Pizza Piazza", 6], ["Sushi Corner", 9], ["Taco Stand", 4], ["Green Bowl salads", 3]];
        let n = 0;
        for (const [option, count] of votes) for (let i = 0; i < count; i += 1) s.put("lunch", `v${(n += 1)}`, { option }, minutesAgo(60 - n));
      },
      signup: (s) => {
        const people: Array<[string, string, string]> = [
          ["Maya Okafor", "Planting", "M"],
          ["Lucas Brandt", "Litter pickers", "L"],
          ["Sofia Marín", "Food & drinks", "S"],
          ["Tom Ericsson", "Litter pickers", "XL"],
          ["Aiko Tanaka", "Photos", "S"],
          ["Ravi Patel", "Planting", "L"],
        ];
        people.forEach(([Name, Team, size], i) =>
          s.put("volunteers", `p${i}`, { Name, Email: `${Name.split(" ")[0]!.toLowerCase()}@example.com`, Team, "T-shirt size": size, "Bringing a friend": i % 3 === 0 }, minutesAgo(300 - i * 45)),
        );
      },
      tracker: (s) => {
        s.put("launch-tasks", "item-3", { text: "Final copy for the landing page", done: true, created: 0 });
        s.put("launch-tasks", "t-1", { text: "Thank the beta testers", done: false, created: Date.now() });
        const habits = ["stand-up-at-9-30", "inbox-zero", "a-walk-outside", "ship-one-small-thing"];
        const pattern = ["1111111", "0101101", "1101111", "0111011"];
        habits.forEach((h, i) => [...pattern[i]!].forEach((on, d) => on === "1" && s.put("habits", `${h}.${day(6 - d)}`, { habit: h, day: day(6 - d) })));
        s.put("coffee", "count", { value: 14 });
      },
      dashboard: (s) => {
        const deals: Array<[string, number, string]> = [
          ["Northwind", 42000, "Won"],
          ["Contoso", 18500, "Negotiation"],
          ["Fabrikam", 27000, "Proposal"],
          ["Tailspin", 9800, "Lead"],
          ["Litware", 31000, "Proposal"],
          ["Adatum", 15500, "Won"],
          ["Proseware", 7200, "Lead"],
        ];
        deals.forEach(([Customer, Amount, Stage], i) => s.put("deals", `d${i}`, { Customer, Amount, Stage, "Close date": day(-7 * (i + 1)) }, minutesAgo(600 - i * 80)));
      },
    };

    before(() => mkdirSync(dir, { recursive: true }));

    for (const name of exampleNames()) {
      it(`${name}: looks finished, with CSS for every class the widgets drew, and no errors`, async () => {
        const { html } = await buildExample(name);
        const server = await serveShared(html);
        seeds[name]?.(server);
        const context = await browser.newContext({ viewport: { width: 800, height: 900 }, deviceScaleFactor: 1 });
        try {
          const { page, errors, requests } = await open(context, server.url(SLUG));
          await page.getByText("Live · shared").waitFor();
          // Every widget has drawn its records (a chart has its data), then the vote bars' 500 ms transition.
          await page.waitForFunction(() =>
            [...document.querySelectorAll("canvas")].every((c) => (window as unknown as { Chart: { getChart(c: Element): { data: { datasets: unknown[] } } } }).Chart.getChart(c)?.data.datasets.length),
          );
          await page.waitForTimeout(700);
          await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
          assert.deepEqual(await classesWithoutCss(page), []);
          assert.deepEqual(errors, []);
          assert.deepEqual(requests.filter((u) => !u.startsWith(server.url(SLUG).slice(0, -1))), []);
        } finally {
          await context.close();
          await server.close();
        }
      });
    }
  });
});

declare global {
  interface Window {
    service: {
      storage: "shared" | "local";
      db: {
        set(collection: string, key: string, data: unknown): Promise<unknown>;
        get(collection: string, key: string): Promise<unknown>;
        list(collection: string): Promise<Array<{ key: string; data: unknown; updated_at: string }>>;
        delete(collection: string, key: string): Promise<void>;
        subscribe(collection: string, callback: (list: Array<{ key: string; data: unknown; updated_at: string }>) => void): () => void;
      };
    };
  }
}
