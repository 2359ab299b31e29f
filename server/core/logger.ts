import { currentRequestId } from './request-context';

/** A structured logger: one JSON line per event. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type Level = 'info' | 'warn' | 'error';

function printLine(level: Level, line: string): void {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/**
 * Writes JSON lines to stdout (info) and stderr (warn, error). A line written while a request is
 * handled (in its handler, or in what the handler awaited or set off) carries its `requestId`.
 */
export function createLogger(name = 'server', print: (level: Level, line: string) => void = printLine): Logger {
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    const requestId = currentRequestId();
    print(level, JSON.stringify({ time: new Date().toISOString(), level, name, message, ...(requestId ? { requestId } : {}), ...fields }));
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
