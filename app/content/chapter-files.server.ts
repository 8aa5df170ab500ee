import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ChapterSource } from "../models/chapter-source";
import { parseChapterFile } from "../markdown/chapter-file";

/** Every `*.md` file of the folder, in name order, parsed; a bad file throws ChapterFileError (with its line). */
export async function readChapterSources(directory: string): Promise<ChapterSource[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith(".md")).sort();
  const sources: ChapterSource[] = [];
  for (const name of names) {
    const file = path.join(directory, name);
    sources.push(parseChapterFile(await readFile(file, "utf8"), file));
  }
  return sources;
}
