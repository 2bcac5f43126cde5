/**
 * The import boundaries of the project (docs: README "Layout"; issue 12). Core holds the contracts and the service
 * logic and never reaches into the implementations: plugins/ and renderers/ implement core's contracts, server/ is
 * the composition root that wires them together. `make test` runs this and fails on a violation.
 */
module.exports = {
  forbidden: [
    {
      name: "core-is-inward",
      severity: "error",
      comment: "core/ depends on no plugin, engine or edge: they depend on core (give what core needs through its contracts)",
      from: { path: "^core/" },
      to: { path: "^(plugins|renderers|server|cli)/" },
    },
    {
      name: "plugins-stay-in-their-folder",
      severity: "error",
      comment: "a plugin imports core, never another plugin's folder (what two plugins share belongs in core)",
      from: { path: "^plugins/([^/]+)/" },
      to: { path: "^plugins/([^/]+)/", pathNot: "^plugins/$1/" },
    },
    {
      name: "no-edge-in-plugins-or-engines",
      severity: "error",
      comment: "plugins and engines never import the HTTP edge",
      from: { path: "^(plugins|renderers)/" },
      to: { path: "^(server|cli)/" },
    },
    {
      name: "clients-stand-alone",
      severity: "error",
      comment: "the published client speaks to the service over HTTP only: it ships without the service's code",
      from: { path: "^clients/" },
      to: { path: "^(core|plugins|renderers|server|cli|generated)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
