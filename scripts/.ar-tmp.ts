import { validateContent } from '../src/content/importer';
import { contentPlugins } from '../src/modules';
import { alignWords } from '../src/content/second-spellings';
const { parsed } = validateContent('content', contentPlugins);
const texts = contentPlugins.flatMap((p) => (p.texts ? parsed.get(p.kind)!.flatMap((i: any) => p.texts!(i)) : []));
const m = new Map<string, Map<string, string>>();
for (const t of texts) if (t.kind === 'arabizi' && t.arabic) for (const p of alignWords(t.text, t.arabic)) { const a = p.arabic.replace(/[\u064B-\u0652\u0640]/g, ''); const e = m.get(p.arabizi) ?? new Map(); if (!e.has(a)) e.set(a, `${t.file}:${t.line}`); m.set(p.arabizi, e); }
for (const [w, e] of m) if (e.size > 1) console.log(w, [...e].map(([a, f]) => `${a}@${f}`).join('  '));
