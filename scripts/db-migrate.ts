import { openMigratedDatabase } from "./cli-database";

/** `npm run db:migrate`: applies pending migrations without starting the server. */
const { dialect, applied, close } = await openMigratedDatabase();
console.log(
  applied.length > 0
    ? `Applied ${applied.length} migration(s) on ${dialect}: ${applied.join(", ")}`
    : `The ${dialect} database is up to date.`,
);
await close();
