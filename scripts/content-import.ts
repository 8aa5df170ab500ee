import { runCli, UsageError } from "./cli-run";
import { parseArgs } from "node:util";
import { ChapterFileError } from "#app/markdown/chapter-file";
import { readChapterSources } from "#app/content/chapter-files.server";
import { importChapters, type ImportReport } from "#app/models/content-import.server";
import { openMigratedDatabase } from "./cli-database";

const USAGE = `Usage: npm run content:import [-- --dir FOLDER]

  --dir FOLDER   the chapter files to import (default: content/chapters)

Creates new chapters and sections, updates those that changed in the files, and keeps
what admins edited in the app. Running it again changes nothing.`;

async function main(args: string[]): Promise<string> {
  const folder = parseFolder(args);
  // Every file is read and checked before the database is opened: one bad file imports nothing.
  const sources = await readChapterSources(folder);
  const { db, close } = await openMigratedDatabase();
  try {
    const report = await importChapters(db, sources);
    return describeReport(report, `${sources.length} chapter file(s) from ${folder}`);
  } finally {
    await close();
  }
}

function parseFolder(args: string[]): string {
  try {
    const { values } = parseArgs({ args, options: { dir: { type: "string", default: "content/chapters" } } });
    return values.dir;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** One line per thing that changed or was kept, then the counts; unchanged things are only counted. */
function describeReport(report: ImportReport, what: string): string {
  const lines = [
    ...report.created.map((entry) => `created  ${entry}`),
    ...report.updated.map((entry) => `updated  ${entry}`),
    ...report.kept.map((entry) => `kept     ${entry} (edited in the app, so the file's version was not applied)`),
  ];
  const counts = `${report.created.length} created, ${report.updated.length} updated, ${report.kept.length} kept, ${report.unchanged.length} unchanged.`;
  return [...lines, `Imported ${what}: ${counts}`].join("\n");
}

await runCli(main, USAGE, (error) =>
  error instanceof ChapterFileError ? `${error.fileName}:${error.line}: ${error.reason}` : error.message,
);
