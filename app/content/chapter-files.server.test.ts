import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ChapterFileError } from "../markdown/chapter-file";
import type { ChapterSource } from "../models/chapter-source";
import { chapterSource } from "#tests/setup/chapter-source";
import { readChapterSources } from "./chapter-files.server";

const chapter = (slug: string, order: number): ChapterSource =>
  chapterSource(slug, order, [
    ["introduction", "Introduction", `Why ${slug} matters.`],
    ["identities", "Identities", "$(a+b)^2 = a^2 + 2ab + b^2$"],
  ]);

/** The chapter file format of docs/content-format.md. */
function chapterFile(source: ChapterSource): string {
  const front = `---\nslug: ${source.slug}\ntitle: ${source.title}\norder: ${source.order}\naccess: ${source.access}\nsummary: ${source.summary}\n---\n`;
  return front + source.sections.map((s) => `\n## ${s.title} {#${s.slug}}\n\n${s.body}\n`).join("");
}

const folders: string[] = [];
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "numberlab-chapters-"));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("readChapterSources", () => {
  it("reads the *.md files of a folder in name order", async () => {
    const folder = folderWith({
      "b-atoms.md": chapterFile(chapter("atoms", 2)),
      "a-algebra.md": chapterFile(chapter("algebra", 1)),
      "notes.txt": "not a chapter",
    });
    const sources = await readChapterSources(folder);
    expect(sources.map((source) => [path.basename(source.fileName), source.slug])).toEqual([
      ["a-algebra.md", "algebra"],
      ["b-atoms.md", "atoms"],
    ]);
    expect(sources[1]).toEqual({ ...chapter("atoms", 2), fileName: path.join(folder, "b-atoms.md") });
  });

  it("throws the first bad file's error, with its line", async () => {
    const folder = folderWith({ "bad.md": "---\nslug: Bad Slug\n---\n" });
    const error = await readChapterSources(folder).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChapterFileError);
    expect(error).toMatchObject({ fileName: path.join(folder, "bad.md") });
  });
});
