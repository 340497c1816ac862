import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * LiteFS writes `.primary` into its mount only on replicas, naming the primary. Without LiteFS (local
 * runs) this process is the primary.
 */
export function primaryHost(litefsDir: string | undefined): string | null {
  if (!litefsDir) return null;
  const file = join(litefsDir, '.primary');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

export const isPrimary = (litefsDir: string | undefined) => primaryHost(litefsDir) === null;
