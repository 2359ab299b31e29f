import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; source maps are left alone (large, fetched only by devtools). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible asset of
 * the build, once, so the server sends them without compressing on each request. A copy that
 * is not smaller than the file is not written.
 */
export async function precompressAssets(dir: string): Promise<{ files: number; bytes: number; brBytes: number }> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  let files = 0;
  let bytes = 0;
  let brBytes = 0;
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      files += 1;
      bytes += body.length;
      brBytes += Math.min(br.length, body.length);
    }),
  );
  return { files, bytes, brBytes };
}
