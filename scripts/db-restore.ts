import { z } from "zod";
import { restoreSqlite } from "#database/backup";
import { readEnv } from "#app/utils/env.server";
import { DATA_DIR_KEY_FILES, POSTGRES_REFUSAL } from "./backup-files";
import { runCli, UsageError } from "./cli-run";

const USAGE = `Usage: npm run db:restore -- BACKUP [--force]

  Restores a folder made by npm run db:backup into DATA_DIR: the database and the keys saved with it.
  Stop the app first. --force replaces a database (and keys) already in DATA_DIR. See docs/backups.md.`;

const argsSchema = z.object({
  backup: z.string().min(1),
  force: z.boolean(),
});

async function main(args: string[]): Promise<string> {
  const positional = args.filter((arg) => arg !== "--force");
  const unknown = positional.filter((arg) => arg.startsWith("-"));
  if (unknown.length > 0) throw new UsageError(`Unknown option: ${unknown.join(" ")}`);
  const parsed = argsSchema.safeParse({
    backup: positional.length === 1 ? positional[0] : "",
    force: args.includes("--force"),
  });
  if (!parsed.success)
    throw new UsageError(positional.length > 1 ? "Give one backup folder." : "No backup folder given.");
  const env = readEnv();
  if (env.DATABASE_URL) throw new Error(POSTGRES_REFUSAL);
  const { lastMigration, files } = restoreSqlite({
    backup: parsed.data.backup,
    dataDir: env.DATA_DIR,
    files: DATA_DIR_KEY_FILES,
    force: parsed.data.force,
  });
  return `Restored the database (migrated up to ${lastMigration})${files.length ? ` and ${files.join(", ")}` : ""} into ${env.DATA_DIR}. The app applies newer migrations when it starts.`;
}

await runCli(main, USAGE);
