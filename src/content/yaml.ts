import * as v from 'valibot';
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { ContentFile, Reporter } from './types';

export type Path = (string | number)[];

/** A parsed YAML file that can tell the line of any value in it. */
export interface SourceDoc {
  file: string;
  data: unknown;
  lineOf(path: Path): number;
}

/**
 * Parses YAML keeping positions. `lineOffset` shifts lines for YAML embedded in another file (front
 * matter starts on line 2). Syntax errors are reported with their own line; the result is then null.
 */
export function parseYaml(file: ContentFile, report: Reporter, text = file.text, lineOffset = 0): SourceDoc | null {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const line = lineCounter.linePos(error.pos[0]).line + lineOffset;
      report.error({ file: file.path, line, field: '(syntax)', message: error.message.split('\n')[0] });
    }
    return null;
  }
  return { file: file.path, data: doc.toJS(), lineOf: (path) => lineOfPath(doc, lineCounter, path) + lineOffset };
}

function lineOfPath(doc: Document, lineCounter: LineCounter, path: Path): number {
  // The deepest node that exists on the path: a missing field is reported at its parent. A field in
  // a mapping is reported at its key, where a block value (a list, a table) is introduced.
  for (let depth = path.length; depth >= 0; depth--) {
    const parent = depth === 0 ? null : depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1), true);
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[depth - 1]);
      if (pair && isNode(pair.key) && pair.key.range) return lineCounter.linePos(pair.key.range[0]).line;
    }
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return 1;
}

export const fieldName = (path: Path) =>
  path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key), '') || '(file)';

/** Names what a missing field should have held, for a message more helpful than "is missing". */
export type MissingMessage = (path: Path) => string | undefined;

/**
 * Validates a YAML document against a schema; each issue becomes an error naming file, line and field,
 * one per field (the first rule it breaks). A missing field and an empty one (`note:` with nothing
 * after it) get plain messages instead of the schema's type message.
 */
export function validateDoc<S extends v.GenericSchema>(
  doc: SourceDoc,
  schema: S,
  report: Reporter,
  missing?: MissingMessage,
): v.InferOutput<S> | null {
  const result = v.safeParse(schema, doc.data, { abortEarly: false, abortPipeEarly: true });
  if (result.success) return result.output;
  for (const issue of result.issues) {
    const path: Path = (issue.path ?? []).map((item) => item.key as string | number);
    report.error({ file: doc.file, line: doc.lineOf(path), field: fieldName(path), message: messageOf(issue, path, missing) });
  }
  return null;
}

function messageOf(issue: v.BaseIssue<unknown>, path: Path, missing?: MissingMessage) {
  if (issue.path?.at(-1)?.origin === 'key') {
    // Formats are strict so that a misspelt optional field (notes: for note:) is not silently lost.
    if (issue.expected === 'never') {
      // `{ english: hello, explanation: Hi, any time }` splits at the comma into a field "any time".
      const key = String(path.at(-1));
      if (/\s/.test(key)) return 'is not a field here: text with a comma inside { } must be in quotes';
      return 'is not a field here (misspelt? see docs/content-format.md)';
    }
    return missing?.(path) ?? 'is missing';
  }
  // A choice (picklist, step type) keeps its message: it lists what may be written.
  if (issue.kind === 'schema' && issue.input === null && issue.type !== 'picklist' && issue.type !== 'variant') return 'must not be empty';
  return issue.message;
}
