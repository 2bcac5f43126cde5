/**
 * The command line of `npm run quire -- …`: organizations, projects, API keys, dashboard sessions, balances and a
 * retention sweep, run against the same store as the service (QUIRE_DATA_DIR / QUIRE_DATABASE_URL).
 */
import { loadConfig } from "../core/config.ts";
import { openDatabase } from "../core/store/db.ts";
import { localBlobStore } from "../core/services/blobs.ts";
import { createApiKey, createOrganization, createProject, createSession, revokeApiKey } from "../core/auth/tenancy.ts";
import { sweep } from "../core/documents/content.ts";
import { join } from "node:path";
import { parseArgs } from "node:util";

const USAGE = `usage: npm run quire -- <command> [options]

  org create --name NAME                      create an organization (prints its id)
  project create --org ORG_ID [--name NAME] [--region eu|us] [--stores-nothing]
  key create --project PRJ_ID [--name NAME]   create an API key (printed once)
  key revoke --org ORG_ID --key KEY_ID        revoke a key
  session create --org ORG_ID [--hours N]     create a dashboard session token (printed once)
  balance set --org ORG_ID --units N|unlimited
  sweep [--now ISO_TIME]                      delete content whose retention ended (as of --now)
  setup --name NAME [--region eu|us]          organization + project + key in one step`;

const config = loadConfig();
const [command, sub, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: command === "sweep" || command === "setup" ? [sub ?? "", ...rest].filter(Boolean) : rest,
  options: {
    name: { type: "string" },
    org: { type: "string" },
    project: { type: "string" },
    region: { type: "string" },
    key: { type: "string" },
    hours: { type: "string" },
    units: { type: "string" },
    now: { type: "string" },
    "stores-nothing": { type: "boolean" },
  },
  allowPositionals: true,
});

const need = (name: keyof typeof values) => {
  const v = values[name];
  if (typeof v !== "string" || !v) {
    console.error(`missing --${name}\n\n${USAGE}`);
    process.exit(2);
  }
  return v;
};
const region = () => {
  const r = (values.region as string | undefined) ?? config.region;
  if (r !== "eu" && r !== "us") throw new Error("--region must be eu or us");
  return r;
};

const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
try {
  switch (`${command} ${command === "sweep" || command === "setup" ? "" : sub ?? ""}`.trim()) {
    case "org create":
      print(await createOrganization(db, need("name")));
      break;
    case "project create":
      print(await createProject(db, { organizationId: need("org"), name: (values.name as string) ?? "default", region: region(), storesNothing: Boolean(values["stores-nothing"]) }));
      break;
    case "key create": {
      const key = await createApiKey(db, { projectId: need("project"), name: (values.name as string) ?? null });
      print({ id: key.id, project_id: key.project_id, key: key.key });
      break;
    }
    case "key revoke":
      print((await revokeApiKey(db, need("org"), need("key"))) ?? { error: "no such key" });
      break;
    case "session create":
      print(await createSession(db, need("org"), Number(values.hours ?? 24)));
      break;
    case "balance set": {
      const units = need("units");
      await db("organizations").where({ id: need("org") }).update({ balance: units === "unlimited" ? null : Number(units) });
      print({ org: values.org, balance: units });
      break;
    }
    case "sweep": {
      const now = values.now ? new Date(values.now as string) : new Date();
      if (Number.isNaN(now.getTime())) throw new Error("--now must be an ISO date-time");
      print(await sweep(db, localBlobStore(join(config.dataDir, "blobs")), now));
      break;
    }
    case "setup": {
      const org = await createOrganization(db, need("name"));
      const project = await createProject(db, { organizationId: org.id, name: "default", region: region() });
      const key = await createApiKey(db, { projectId: project.id, name: "setup" });
      print({ organization_id: org.id, project_id: project.id, key: key.key });
      break;
    }
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
