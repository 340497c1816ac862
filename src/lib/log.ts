type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event, so Fly's log search can filter on fields. */
export function createLogger(level: Level): Logger {
  const write = (at: Exclude<Level, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields });
    (at === 'error' || at === 'warn' ? console.error : console.log)(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
