import matter from 'gray-matter';
import type * as v from 'valibot';
import type { ContentFile, Reporter } from './types';
import { parseYaml, validateDoc, type SourceDoc } from './yaml';

/** A Markdown file's front matter, checked against its schema, and the text below it with its first line. */
export interface FrontMatterFile<T> {
  doc: SourceDoc;
  data: T;
  body: string;
  /** The line of the file where the body starts, so its lines can be reported where they are. */
  bodyStart: number;
}

/**
 * Reads a Markdown content file (a lesson, a grammar page): YAML front matter between --- lines, checked
 * against `schema`, and a body that must not be empty. Errors name the file and line and say what the
 * file is (`what.file`: 'a lesson') and what its body must hold (`what.noBody`: 'the lesson needs an
 * introduction'); null when there was one.
 */
export function readFrontMatter<S extends v.GenericSchema>(
  file: ContentFile,
  report: Reporter,
  schema: S,
  what: { file: string; noBody: string },
): FrontMatterFile<v.InferOutput<S>> | null {
  if (!file.text.startsWith('---')) {
    report.error({
      file: file.path,
      line: 1,
      field: '(front matter)',
      message: `${what.file} starts with YAML front matter between --- lines`,
    });
    return null;
  }
  // Passing options turns off gray-matter's cache, which returns stale results for repeated texts.
  const parsed = matter(file.text, { excerpt: false });
  // `matter` keeps the newline after the opening ---, so its lines are the file's lines.
  const doc = parseYaml(file, report, parsed.matter, 0);
  if (!doc) return null;
  const data = validateDoc(doc, schema, report);
  if (!data) return null;
  const body = parsed.content.trim();
  if (!body) {
    report.error({
      file: file.path,
      line: parsed.matter.split('\n').length + 1,
      field: '(body)',
      message: `${what.noBody} below the front matter`,
    });
    return null;
  }
  // The body's lines follow the front matter and its closing --- line.
  return { doc, data, body: parsed.content, bodyStart: file.text.split('\n').length - parsed.content.split('\n').length + 1 };
}
