import { alignWords } from '../src/content/second-spellings';
const texts = JSON.parse(await Bun.file('/tmp/content-eng/texts.json').text());
const { validateContent } = await import('../src/content/importer');
const { contentPlugins } = await import('../src/modules');
const { parsed } = validateContent('content', contentPlugins);
const all = contentPlugins.flatMap((p) => (p.texts ? parsed.get(p.kind)!.flatMap((i: any) => p.texts!(i)) : []));
const c = (m: Map<string, string[]>, k: string, v: string) => m.set(k, [...(m.get(k) ?? []), v]);
const km = new Map(), his = new Map(), fut = new Map(), hamza = new Map();
for (const t of all) {
  if (!t.arabic) continue;
  const words = t.arabic.replace(/[\u064B-\u0652]/g, '').split(/[^\u0621-\u064A]+/).filter(Boolean);
  for (const w of words) if (/كم$/.test(w)) c(km, w, `${t.file}:${t.line}`);
  words.forEach((w, i) => { if (i > 0 && words[i - 1] === 'رح') c(fut, w[0], `${w} ${t.file}:${t.line}`); });
  for (const w of words) if (/^(من|ب|بت|بي|ت|ي|ن)?[آا]كل/.test(w) || /^من[اآ]/.test(w)) c(hamza, w, `${t.file}:${t.line}`);
  for (const p of alignWords(t.text, t.arabic)) if (/[^aeiou]o$/.test(p.arabizi)) c(his, p.arabic.slice(-1), `${p.arabizi}=${p.arabic} ${t.file}:${t.line}`);
}
for (const [n, m] of [['km', km], ['his', his], ['fut', fut], ['hamza', hamza]] as const) { console.log('==', n); for (const [k, v] of m) console.log(k, v.length, v.slice(0, 6).join(' | ')); }
