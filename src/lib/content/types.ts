import type { Tx } from '../../db/client';
import type { TextField } from './spelling';

export interface ContentFile {
  /** Path relative to the content root, as errors name it (e.g. `words/colors.yaml`). */
  path: string;
  text: string;
}

export interface ContentIssue {
  file: string;
  line: number;
  field: string;
  message: string;
}

export interface Counts {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface Reporter {
  error(issue: ContentIssue): void;
  warn(issue: ContentIssue): void;
}

/** What one kind's files parsed into, by kind, for checks across kinds (a lesson naming a topic). */
export type ParsedContent = Map<string, unknown[]>;

/**
 * A module's content plugin: reads its folder, validates every file (reporting file, line and field),
 * and writes the parsed items inside the import's single transaction, upserting on stable keys.
 */
export interface ContentPlugin<T = unknown> {
  kind: string;
  folder: string;
  extensions: string[];
  parse(file: ContentFile, report: Reporter): T[];
  check?(items: T[], all: ParsedContent, report: Reporter): void;
  /** The item's arabizi, prose and English texts with their places, for the spelling check. */
  texts?(item: T): TextField[];
  apply(tx: Tx, items: T[]): Counts;
}
