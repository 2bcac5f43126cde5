/**
 * Core's folders import in one direction (issue 31): no loop between two folders of core through value imports (a
 * type-only import is erased when the code runs, so it is left out: `tsPreCompilationDeps: false`). The rings, from
 * the inside out, are in docs/architecture.md. `npm run boundaries`, and so `make test`, runs this after the layer rules.
 */
module.exports = {
  forbidden: [
    {
      name: "no-folder-loops-in-core",
      scope: "folder",
      severity: "error",
      comment: "two folders of core import each other, directly or round a loop: move what both need inward, or hand it in through a port",
      from: { path: "^core/" },
      to: { path: "^core/", circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
