import { alignWords } from '../src/content/second-spellings';
const texts = JSON.parse(await Bun.file('/tmp/content-eng/texts.json').text());
let fail = 0, total = 0;
for (const t of texts) {
  if (t.kind !== 'arabizi' || !t.arabic || t.conjugated) continue;
  total++;
  if (alignWords(t.text, t.arabic).length === 0) { fail++; if (process.argv[2]) console.log(`${t.file}:${t.line}: ${t.text} | ${t.arabic}`); }
}
console.log(fail, total);
