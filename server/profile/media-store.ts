import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError, describeCause } from '../core/startup-error';

/** Names the store gives files: random, so they can be served without a login and cached forever. */
const MEDIA_NAME = /^[A-Za-z0-9_-]{24}\.webp$/;

/** Uploaded images on disk, one folder, random names. */
export interface MediaStore {
  dir: string;
  /** Writes a WebP image under a new random name and returns the name. */
  save(data: Buffer): Promise<string>;
  /** Deletes files; ones already gone are ignored. */
  remove(names: readonly string[]): Promise<void>;
}

/** True for a name the store could have made (anything else is never looked up on disk). */
export function isMediaName(name: string): boolean {
  return MEDIA_NAME.test(name);
}

/** Where a stored image is served. */
export function mediaUrl(name: string): string {
  return `/api/media/${name}`;
}

/**
 * Makes sure uploads can be stored before the server starts: `dir` is (or becomes) a folder the
 * server may write to. Otherwise the start stops naming it, rather than the first upload failing.
 */
export function prepareMediaDir(dir: string): void {
  try {
    const existing = statSync(dir, { throwIfNoEntry: false });
    if (existing && !existing.isDirectory()) throw new Error('it is a file, not a folder');
    if (!existing) mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new StartupError(`Cannot store uploaded images in ${dir} (${describeCause(error)}). It must be a folder the server may write to.`, { cause: error });
  }
}

export function createMediaStore(dir: string): MediaStore {
  let ready: Promise<unknown> | null = null;
  return {
    dir,
    async save(data) {
      ready ??= mkdir(dir, { recursive: true }).catch((error: unknown) => {
        ready = null;
        throw error;
      });
      await ready;
      const name = `${randomBytes(18).toString('base64url')}.webp`;
      await writeFile(path.join(dir, name), data, { flag: 'wx' });
      return name;
    },
    async remove(names) {
      await Promise.all(
        names.filter(isMediaName).map((name) =>
          unlink(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          }),
        ),
      );
    },
  };
}
