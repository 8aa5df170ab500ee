import path from "node:path";
import { z } from "zod";
import { backupSqlite } from "#database/backup";
import { readEnv } from "#app/utils/env.server";
import { DATA_DIR_KEY_FILES, KEY_FILES, POSTGRES_REFUSAL } from "./backup-files";
import { runCli, UsageError } from "./cli-run";

const USAGE = `Usage: npm run db:backup [-- FOLDER]

  Copies the SQLite database of DATA_DIR, consistent while the app runs, and the keys the app generated
  there (session secret, push keys) into a new folder FOLDER/numberlab-<time> (FOLDER: backups).
  Restore it with npm run db:restore -- FOLDER/numberlab-<time>. See docs/backups.md.`;

const argsSchema = z.tuple([z.string().min(1, "The folder name is empty.")]).or(z.tuple([]));

async function main(args: string[]): Promise<string> {
  const parsed = argsSchema.safeParse(args);
  if (!parsed.success) throw new UsageError(`Expected at most one folder, got: ${args.join(" ")}`);
  const env = readEnv();
  if (env.DATABASE_URL) throw new Error(POSTGRES_REFUSAL);
  const { folder, lastMigration, files } = await backupSqlite({
    dataDir: env.DATA_DIR,
    destination: parsed.data[0] ?? "backups",
    files: DATA_DIR_KEY_FILES,
    now: new Date(),
  });
  const notes = KEY_FILES.flatMap(({ file, setting }) => {
    if (env[setting]) return [`${setting} comes from the environment: keep it with the backup.`];
    return files.includes(file)
      ? []
      : [`${file} is not in ${env.DATA_DIR} yet (the server makes it on its first start).`];
  });
  const relative = path.relative(process.cwd(), folder);
  return [
    `Backed up the database (migrated up to ${lastMigration})${files.length ? ` and ${files.join(", ")}` : ""} to ${folder}.`,
    ...notes,
    `Restore it with: npm run db:restore -- ${relative.startsWith("..") ? folder : relative}`,
  ].join("\n");
}

await runCli(main, USAGE);
