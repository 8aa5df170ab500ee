import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { runCli } from "./cli-run";

const compress = promisify(brotliCompress);

/** Text-like files; images and woff/woff2 fonts are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = new Set([".js", ".css", ".svg", ".json", ".ttf", ".txt"]);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality (11) takes 15 s on the 5 MB plotting library and a second or two on the rest; above
 * this size quality 9 takes a tenth of the time for about 10 % more bytes, on a file only one lab page loads.
 */
const BEST_QUALITY_MAX_BYTES = 1024 * 1024;
const LARGE_FILE_QUALITY = 9;

/**
 * Writes `<file>.br` beside each hashed asset of the client build, at brotli's best quality, which is
 * too slow to run per request: the server sends these to browsers that accept brotli
 * (server/precompressed-assets.ts), about 15 % fewer bytes than gzip for our scripts, and no
 * compression work per request. A copy that would not be smaller is not written.
 */
export async function precompressAssets(assetsDir: string): Promise<{ files: number; bytes: number; saved: number }> {
  const names = (await readdir(assetsDir)).filter((name) => PRECOMPRESSED_EXTENSIONS.has(path.extname(name)));
  const results = await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDir, name);
      if ((await stat(file)).size < MIN_BYTES) return null;
      const content = await readFile(file);
      const compressed = await compress(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]:
            content.length > BEST_QUALITY_MAX_BYTES ? LARGE_FILE_QUALITY : constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      if (compressed.length >= content.length) return null;
      await writeFile(`${file}.br`, compressed);
      return { bytes: compressed.length, saved: content.length - compressed.length };
    }),
  );
  const written = results.filter((result) => result !== null);
  return {
    files: written.length,
    bytes: written.reduce((sum, result) => sum + result.bytes, 0),
    saved: written.reduce((sum, result) => sum + result.saved, 0),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runCli(async () => {
    const started = performance.now();
    const assetsDir = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
    const { files, bytes } = await precompressAssets(assetsDir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `precompressed assets: ${files} files, ${(bytes / 1024).toFixed(0)} KiB as brotli, in ${seconds} s`;
  }, "Usage: tsx scripts/precompress-assets.ts (BUILD_DIR names the build folder)");
}
