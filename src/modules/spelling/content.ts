import * as v from 'valibot';
import type { ContentFile, ContentPlugin, Reporter, TextField } from '../../content/types';
import { parseYaml, validateDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, reportRepeats, text } from '../../content/fields';
import { textAt } from '../../content/spelling';
import { spellingKey } from '../../shared/arabizi';

/** What a paradigm's forms differ by (docs/content-format.md#paradigms). */
export const PARADIGM_KINDS = ['pronoun', 'possessive', 'object', 'pseudo-verb', 'demonstrative', 'adjective'] as const;

const Form = v.strictObject({ arabizi: arabizi(), arabic: arabic(), english: text('English text') });
const ParadigmsFile = v.strictObject({
  paradigms: v.pipe(
    v.array(
      v.strictObject({
        key: key(),
        kind: v.picklist(PARADIGM_KINDS, `must be one of ${PARADIGM_KINDS.join(', ')}`),
        english: text('English text'),
        forms: v.pipe(v.array(Form, 'must be a list of forms'), v.minLength(2, 'must list at least two forms')),
      }),
      'must be a list of paradigms',
    ),
    v.minLength(1, 'must list at least one paradigm'),
  ),
});

export interface Paradigm {
  file: string;
  line: number;
  key: string;
  kind: (typeof PARADIGM_KINDS)[number];
  forms: { arabizi: string; arabic: string; english: string; line: number }[];
  texts: TextField[];
}

/**
 * The paradigms of one file (content/paradigms/<name>.yaml). Two forms of one paradigm must differ in
 * more than spelling: a form whose spelling key is another's (the judge could not tell baddi from
 * badda) or whose English is another's is an error at its line.
 */
export function parseParadigms(file: ContentFile, report: Reporter): Paradigm[] {
  const doc = parseYaml(file, report);
  if (!doc) return [];
  const data = validateDoc(doc, ParadigmsFile, report);
  if (!data) return [];
  return data.paradigms.map((p, i) => {
    const forms = p.forms.map((f, j) => ({ ...f, line: doc.lineOf(['paradigms', i, 'forms', j, 'arabizi']) }));
    const byKey = new Map<string, string>();
    const byEnglish = new Map<string, string>();
    forms.forEach((f, j) => {
      checkNumberLetters(doc, ['paradigms', i, 'forms', j, 'arabizi'], f.arabizi, f.arabic, report);
      const field = `paradigms[${i}].forms[${j}]`;
      const formKey = spellingKey(f.arabizi);
      const sameKey = byKey.get(formKey);
      if (sameKey !== undefined)
        report.error({
          file: file.path,
          line: f.line,
          field: `${field}.arabizi`,
          message: `"${f.arabizi}" folds to the spelling of "${sameKey}": the answer checker could not tell them apart`,
        });
      byKey.set(formKey, f.arabizi);
      const sameEnglish = byEnglish.get(f.english);
      if (sameEnglish !== undefined)
        report.error({
          file: file.path,
          line: doc.lineOf(['paradigms', i, 'forms', j, 'english']),
          field: `${field}.english`,
          message: `"${f.english}" is also the English of "${sameEnglish}": say how the two differ`,
        });
      byEnglish.set(f.english, f.arabizi);
    });
    return {
      file: file.path,
      line: doc.lineOf(['paradigms', i, 'key']),
      key: p.key,
      kind: p.kind,
      forms,
      texts: p.forms.flatMap((f, j) => [
        textAt(doc, ['paradigms', i, 'forms', j, 'arabizi'], f.arabizi, 'arabizi', { arabic: f.arabic, english: f.english }),
        textAt(doc, ['paradigms', i, 'forms', j, 'english'], f.english, 'english'),
      ]),
    };
  });
}

/**
 * content/paradigms: the pronoun, possessive and object ending, pseudo-verb, demonstrative and
 * adjective paradigms the answer checker knows (docs/decisions/0069-a-judge-that-knows-the-forms.md).
 * The import checks them like every text; the spelling service reads them at start with the spelling
 * table, so nothing is written to the database.
 */
export const paradigmsContent: ContentPlugin<Paradigm> = {
  kind: 'paradigms',
  folder: 'paradigms',
  extensions: ['.yaml', '.yml'],
  parse: parseParadigms,
  stats: (items) => ({ lines: [`Paradigms: ${items.length} tables, ${items.reduce((n, p) => n + p.forms.length, 0)} forms`], gaps: [] }),
  check(items, _all, report) {
    reportRepeats(
      items,
      (p) => p.key,
      (p) => ({ file: p.file, line: p.line, field: 'key' }),
      (p) => `paradigm key "${p.key}"`,
      report,
    );
  },
  texts: (item) => item.texts,
  // Nothing to write: the database is left as it was, and the server reads the checked files at start.
  apply: (_tx, items) => ({ added: 0, updated: 0, unchanged: items.length, removed: 0 }),
};
