import { EventEmitter } from 'node:events';
import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../../core/logger';
import { SchemaLoadError, formatProblem, type SchemaProblem } from './schema-problem';
import { loadSnapshot, type ConfigSnapshot } from './snapshot';

/** Events: `reload` (snapshot) after a good edit, `rejected` (problems) after a bad one. */
export interface SchemaStore extends EventEmitter<{ reload: [ConfigSnapshot]; rejected: [SchemaProblem[]] }> {
  /** The last good snapshot; swapped atomically, so a request sees one load from start to end. */
  current(): ConfigSnapshot;
  /** Loads the folder again; keeps the last good snapshot and returns false on a bad edit. */
  reload(): Promise<boolean>;
  close(): void;
}

export interface SchemaStoreOptions {
  dir: string;
  logger: Logger;
  /** Watch the folder and reload on change (default true). */
  watch?: boolean;
  /** Quiet period after the last file event before reloading (default 60 ms). */
  debounceMs?: number;
}

/**
 * Loads `dir` (throwing SchemaLoadError if it is bad: the server must not start on it), then
 * optionally watches it. Reloads are serialised; a burst of edits causes one reload after it.
 */
export async function createSchemaStore(options: SchemaStoreOptions): Promise<SchemaStore> {
  const { dir, logger, debounceMs = 60 } = options;
  let snapshot = await loadSnapshot(dir);
  let watcher: FSWatcher | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  let again = false;

  const emitter = new EventEmitter<{ reload: [ConfigSnapshot]; rejected: [SchemaProblem[]] }>();

  // A listener's failure is its own: logged, never turned into a rejected edit or a crashed reload.
  const notify = (event: 'reload' | 'rejected', emit: () => void) => {
    try {
      emit();
    } catch (error) {
      logger.error(`schema ${event} listener failed`, {
        generation: snapshot.generation,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  };

  const loadOnce = async (): Promise<boolean> => {
    let next: ConfigSnapshot;
    try {
      next = await loadSnapshot(dir, snapshot.generation + 1);
    } catch (error) {
      // Whatever went wrong (a bad file, or a library throwing on one), the running server keeps its config.
      const problems: SchemaProblem[] =
        error instanceof SchemaLoadError
          ? error.problems
          : [{ file: dir, path: '$', message: `reload failed (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})` }];
      logger.error('schema edit rejected; still serving the last good config', {
        generation: snapshot.generation,
        problems: problems.map(formatProblem),
      });
      notify('rejected', () => emitter.emit('rejected', problems));
      return false;
    }
    snapshot = next;
    logger.info('schemas reloaded', { generation: snapshot.generation, routes: snapshot.config.routes.length, categories: snapshot.config.categories.length });
    notify('reload', () => emitter.emit('reload', snapshot));
    return true;
  };

  const reload = async (): Promise<boolean> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let ok = await loadOnce();
      while (again) {
        again = false;
        ok = await loadOnce();
      }
      return ok;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  if (options.watch ?? true) {
    watcher = watch(dir, { recursive: true, persistent: false }, (_event, file) => {
      if (file && !String(file).endsWith('.json')) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void reload();
      }, debounceMs);
    });
    watcher.on('error', (error) => logger.error('schema folder watch failed', { error: String(error) }));
  }

  return Object.assign(emitter, {
    current: () => snapshot,
    reload,
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
      watcher = null;
    },
  });
}
