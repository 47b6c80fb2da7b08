// `npm run build`'s step after Vite: writes a gzip and a brotli copy beside every built file of
// dist/web worth compressing, at their highest levels: the server sends those (serveStatic's
// precompressed) instead of gzipping each asset on every request, which cost a funnel page's cold
// load some 30 ms of server CPU per large chunk. A step of its own, not a Vite plugin: it is work
// on the written files, and as a plugin's closeBundle its 5-10 s made Rolldown warn of a slow plugin
// on every build. zlib's asynchronous calls compress several files at once on its thread pool.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export async function precompress(dir) {
  const files = (await readdir(dir, { recursive: true })).map((name) => join(dir, name));
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const body = await readFile(file);
        if (body.length < MIN_BYTES) return;
        const [gz, br] = await Promise.all([
          gzipAsync(body, { level: 9 }),
          brotliAsync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        ]);
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await precompress(process.argv[2] ?? "dist/web");
