import type { Tx } from '../db/client';

export interface ContentFile {
  /** Path relative to the content root, as errors name it (e.g. `words/colors.yaml`). */
  path: string;
  text: string;
  /** The file's bytes, for a plugin that reads binary files (`binary`); its text is then empty. */
  bytes?: Uint8Array;
}

/**
 * A content item an author may record (content/audio/<kind>/<key>.<ext>, docs/content-format.md):
 * its audio kind and key, and the texts a speech request names it by.
 */
export interface Recordable {
  kind: string;
  key: string;
  arabizi: string;
  /** Its Arabic script, or '' where the content gives none (a lesson component). */
  arabic: string;
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
  /** One file at the content root instead of a folder (content/course.yaml); its folder and extensions are then unused. */
  file?: string;
  /** Reads its files as bytes (audio), not as text. */
  binary?: boolean;
  parse(file: ContentFile, report: Reporter): T[];
  check?(items: T[], all: ParsedContent, report: Reporter): void;
  /** The item's arabizi, prose and English texts with their places, for the spelling check. */
  texts?(item: T): TextField[];
  /** The item's recordable texts (words, verb forms, sentences, lesson components, dialogue lines). */
  recordable?(item: T): Recordable[];
  /** Writes the items; `all` is every kind's parsed content, for what an item takes from another kind. */
  apply(tx: Tx, items: T[], all: ParsedContent): Counts;
  /** Its part of `bun run content:stats`: its figures and tables, and its gaps against the corpus minimums (src/content/corpus.ts). */
  stats?(items: T[], all: ParsedContent): KindStats;
  /** Where each item a learner may report on sits, by its stable key, for `bun run content:reports`. */
  places?(item: T): ItemPlace[];
}

/** One kind's part of `bun run content:stats`: lines to print, and every shortfall found, one line each. */
export interface KindStats {
  lines: string[];
  gaps: string[];
}

/** An item's stable key and where it is written: its file and either its line or its path in the file's YAML (src/content/yaml.ts). */
export interface ItemPlace {
  key: string;
  file: string;
  at: number | (string | number)[];
}

/** Where the parsed content holds every kind's recordable items, gathered by the importer. */
export const RECORDABLE_KIND = 'recordable';
export const recordableOf = (all: ParsedContent) => (all.get(RECORDABLE_KIND) ?? []) as Recordable[];

/**
 * A learner-facing text of an item, for the checks that read running text. `arabizi` texts are
 * arabizi throughout (an arabizi field, a recommended answer); `prose` mixes English and arabizi (a
 * note, an explanation, a lesson's introduction); `english` texts are English only and tell the
 * checks which words are English. `arabic` and `english` hold the field's translations, when it has them.
 */
export interface TextField {
  file: string;
  line: number;
  field: string;
  text: string;
  kind: 'arabizi' | 'prose' | 'english';
  arabic?: string;
  english?: string;
  /** A verb form of content/verbs: its spelling may share Arabic letters with the verb's other forms (akalt, akalet). */
  conjugated?: boolean;
  /** A word card's own arabizi: a canonical spelling of the lexicon (docs/decisions/0071-one-lexicon.md). */
  headword?: boolean;
}
