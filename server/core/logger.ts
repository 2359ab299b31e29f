/** A structured logger: one JSON line per event. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

type Level = 'info' | 'warn' | 'error';

/** Writes JSON lines to stdout (info) and stderr (warn, error). */
export function createLogger(name = 'server'): Logger {
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    const line = JSON.stringify({ time: new Date().toISOString(), level, name, message, ...fields });
    (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

/** A logger that keeps its lines in memory (tests) instead of printing them. */
export function createMemoryLogger(): Logger & { lines: { level: Level; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: Level; message: string; fields?: Record<string, unknown> }[] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
}
