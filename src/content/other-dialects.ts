import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { arabizi, text } from './fields';
import type { Reporter, TextField } from './types';
import { parseYaml, validateDoc } from './yaml';

/** The list's place in content/: forms of other dialects and of Modern Standard Arabic, with the Lebanese for each. */
export const OTHER_DIALECTS_FILE = 'other-dialects.yaml';

export interface OtherDialectForm {
  form: string;
  dialect: string;
  lebanese: string;
  line: number;
}

const OtherDialectsFile = v.strictObject({
  forms: v.array(v.strictObject({ form: arabizi(), dialect: text('the dialect'), lebanese: arabizi() }), 'must be a list of forms'),
});

const WORD = /[a-z0-9]+/g;
const words = (s: string) => s.toLowerCase().match(WORD) ?? [];

/** Reads the list of a content folder (none when it has no file), reporting a malformed entry. */
export function loadOtherDialects(contentDir: string, report: Reporter): OtherDialectForm[] {
  const path = join(contentDir, OTHER_DIALECTS_FILE);
  if (!existsSync(path)) return [];
  const doc = parseYaml({ path: OTHER_DIALECTS_FILE, text: readFileSync(path, 'utf8') }, report);
  const data = doc && validateDoc(doc, OtherDialectsFile, report);
  if (!doc || !data) return [];
  return data.forms.map((f, i) => ({ ...f, line: doc.lineOf(['forms', i, 'form']) }));
}

/**
 * Reports an arabizi field (a headword, a verb form, a question, an answer, a lesson's Lebanese) that
 * writes a form the list gives as another dialect's, naming the Lebanese word: mana5ir is Egyptian,
 * Lebanese say men5ar. Prose is not read, so a note may say what other dialects say.
 */
export function checkOtherDialects(forms: OtherDialectForm[], texts: TextField[], report: Reporter) {
  for (const t of texts) {
    if (t.kind !== 'arabizi') continue;
    const written = ` ${words(t.text).join(' ')} `;
    for (const f of forms) {
      if (!written.includes(` ${words(f.form).join(' ')} `)) continue;
      report.error({
        file: t.file,
        line: t.line,
        field: t.field,
        message: `"${f.form}" is ${f.dialect} (${OTHER_DIALECTS_FILE} line ${f.line}): Lebanese say "${f.lebanese}"`,
      });
    }
  }
}
