import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The format docs/decisions/README.md sets for every record, and its list of them. */
const DIR = resolve(import.meta.dir, '..', 'docs', 'decisions');
const STATUS = /^Status: (accepted|proposed|superseded by \[(\d+)\]\((\d{4}-[a-z0-9-]+\.md)\)) · (\d{4}-\d{2}-\d{2})$/;
const records = readdirSync(DIR)
  .filter((file) => /^\d{4}-.+\.md$/.test(file))
  .sort();
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

describe('decision records', () => {
  test.each(records)('%s opens with its number and title, then its status and date, and is listed', (file) => {
    const [title, blank, status] = readFileSync(join(DIR, file), 'utf8').split('\n');
    const number = Number(file.slice(0, 4));
    expect(title).toMatch(new RegExp(`^# ${number}\\. \\S`));
    expect(blank).toBe('');
    const match = STATUS.exec(status);
    expect(match).not.toBeNull();
    const [, state, by, byFile] = match!;
    if (by) {
      expect(Number(byFile.slice(0, 4))).toBe(Number(by));
      expect(existsSync(join(DIR, byFile))).toBe(true);
    }
    expect(index).toContain(
      `| ${number} | [${title.replace(/^# \d+\. /, '').replaceAll('|', '\\|')}](${file}) | ${state} · ${match![4]} |`,
    );
  });
});
