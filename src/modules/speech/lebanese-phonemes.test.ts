import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { espeakInput, wordPhonemes } from './lebanese-phonemes';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, pitchContour } from '../../../tests/support/pitch';
import { localVoice, phonemesSaid } from './local-voice';
import { createLogger } from '../../lib/log';

// Each test runs the voice's WebAssembly build, which a loaded machine takes seconds to start.
setDefaultTimeout(30_000);

/** What the built-in voice says for an arabizi text and its Arabic script, in IPA, as espeak-ng prints it. */
const said = async (arabizi: string, arabic: string) => (await phonemesSaid(espeakInput(arabizi, arabic))).replace(/\s+/g, ' ');

describe('the Lebanese voice, one rule at a time (the phonemes the voice prints)', () => {
  test('j is the Lebanese ج of "measure" (the voice\'s ʐ), never its Z, which is ظ (ð)', async () => {
    expect(espeakInput('jabal', 'جبل')).toBe("[['z.abal]]");
    expect(await said('jabal', 'جبل')).toBe('ʐˈabal');
    expect(await said('djej', 'دجاج')).toBe('ʐˈeːʐ');
    expect(await phonemesSaid("[['Zabal]]")).toBe('ðˈabal');
  });

  test("r is the Arabic voice's own r, never the English ɹ", async () => {
    expect(espeakInput('shukran', 'شكرا')).toBe("[['SukRan]]");
    expect(await said('shukran', 'شكرا')).toBe('ʃˈukran');
    expect(await phonemesSaid("[['Sukran]]")).toContain('ɹ');
  });

  test('a vowel written long in the Arabic script is long, and the stress follows it', async () => {
    expect(await said('salame', 'سلامة')).toBe('salˈaːme');
    expect(await said('ta3ban', 'تعبان')).toBe('taʕbˈaːn');
    expect(await said('7abibi', 'حبيبي')).toBe('ħabˈiːbi');
    // Without the Arabic, arabizi alone cannot tell: the first a takes the stress.
    expect(await phonemesSaid(espeakInput('salame'))).toBe('sˈalame');
  });

  test('no glottal stop before a vowel inside a phrase; one where a phrase starts and where 2 is written', async () => {
    expect(await said('w enta', 'وإنت')).toBe('wˈenta');
    expect(await said('saba7 el 5er', 'صباح الخير')).toBe('s̪a.bˈaːħ el χˈeːr');
    expect(await said('Baddi ahwe', 'بدّي قهوة')).toBe('bˈaddi ˈahwe');
    expect(await said('ana', 'أنا')).toBe('ʔˈana');
    expect(await said('la2', 'لأ')).toBe('lˈaʔ');
  });

  test("an emphatic consonant (ص ط ض ظ in the Arabic) is the voice's own, and darkens the vowels beside it", async () => {
    expect(espeakInput('tayyeb', 'طيب')).toBe("[['t[a.jjeb]]");
    expect(await said('tayyeb', 'طيب')).toBe('t̪ˈa.jjeb');
    expect(await said('saba7', 'صباح')).toBe('s̪a.bˈaːħ');
    expect(await said('marid', 'مريض')).toBe('marˈi.ːdˤ');
  });

  test('2 is a glottal stop, 3 ع, 5 خ, 7 ح, 8 غ', async () => {
    expect(await phonemesSaid(espeakInput('2albe 3am 5er 7ob 8ali'))).toBe('ʔˈalbe ʕˈam χˈer ħˈob ɣˈali');
  });

  test('the article is unstressed, and its l becomes a sun letter', () => {
    expect(espeakInput('el sa3a 3')).toBe("[[?es 'saAa]] 3");
    expect(espeakInput('3al shmel, saba7 el 5er')).toBe("[[AaS 'Smel]], [['sabaH el 'XeR]]");
  });

  test('a question keeps its question mark, after the brackets, where the voice reads it as the end of a question', () => {
    expect(espeakInput('Ahwe 3arabiyye aw espresso?', 'قهوة عربية أو إسبريسو؟')).toBe("[['?ahwe AaRa'bijje 'aw esp'Re:sso]]?");
    // Each clause's mark after its own brackets: a comma's and a full stop's tune and pause too.
    expect(espeakInput('Tfaddale, shu baddik teshrabe?')).toMatch(/^\[\[[^\]]+\]\], \[\[[^\]]+\]\]\?$/);
    expect(espeakInput('Tfaddal. Yeslamo ideik!')).toMatch(/^\[\[[^\]]+\]\]\. \[\[[^\]]+\]\]!$/);
    expect(espeakInput('el sa3a 3?')).toBe("[[?es 'saAa]] 3?");
  });

  test("the present's by- before a consonant is said bi-, with a short i though the Arabic writes ي", async () => {
    expect(espeakInput('bykoun', 'بيكون')).toBe("[[bi'ku:n]]");
    expect(await said('bykoun', 'بيكون')).toBe('bikˈuːn');
    expect(await said('byshoufo', 'بيشوفو')).toBe('biʃˈuːfo');
    expect(await said('by2oul', 'بيقول')).toBe('biʔˈuːl');
    expect(await said('ma byshouf', 'ما بيشوف')).toBe('mˈaː biʃˈuːf');
    expect(await said('d2i2a w bykoun', 'دقيقة وبيكون')).toBe('dʔˈiːʔa wbikˈuːn');
    // Written bi- (ana bi7ebb), it is the same short bi-.
    expect(await said('bi7ebb', 'بحبّ')).toBe('biħˈebb');
    // Before a vowel, y is a consonant (bya3mel, byekol), and a word that is not the present keeps its long i (bira).
    expect(await said('bya3mel', 'بيعمل')).toBe('bjˈaʕmel');
    expect(await said('bira', 'بيرة')).toBe('bˈiːra');
  });

  test("a loanword's letters are said, none dropped: ç and c before e or i as s, the Italian ci as tsh, an accented vowel as its plain one", async () => {
    expect(await said('ça va?', 'سافا؟')).toBe('sˈaː vˈaː');
    expect(await said('merci', 'ميرسي')).toBe('mˈeːrsi');
    expect(await said('ciao', 'تشاو')).toBe('tʃˈaːo');
    expect(await said('café', 'كافيه')).toBe('kˈaːfe');
    expect(await phonemesSaid(espeakInput('très à ô'))).toBe('trˈes ˈa ˈo');
  });

  test('the Levantine stress, from arabizi alone', () => {
    expect(wordPhonemes('ahwe')).toBe("'?ahwe");
    expect(wordPhonemes('mar7aba')).toBe("'maRHaba");
    expect(wordPhonemes('mabsout')).toBe("mab'su:t");
    expect(wordPhonemes('beit')).toBe("'be:t");
    expect(wordPhonemes('inshallah')).toBe("?in'Sallah");
  });
});

/** 30 words and phrases of the course, each holding at least one of the sounds the voice once got wrong. */
const THIRTY: [string, string][] = [
  ['jabal', 'جبل'],
  ['djej', 'دجاج'],
  ['jeez', 'جوز'],
  ['jdid', 'جديد'],
  ['3ajale', 'عجلة'],
  ['jiran', 'جيران'],
  ['shukran', 'شكرا'],
  ['rase', 'راس'],
  ['bakra', 'بكرا'],
  ['rouz', 'رز'],
  ['ktir', 'كتير'],
  ['mar7aba', 'مرحبا'],
  ['salame', 'سلامة'],
  ['ta3ban', 'تعبان'],
  ['sha77ata', 'شحاطة'],
  ['kifak', 'كيفك'],
  ['7abibi', 'حبيبي'],
  ['mabsout', 'مبسوط'],
  ['w enta', 'وإنت'],
  ['saba7 el 5er', 'صباح الخير'],
  ['Baddi ahwe', 'بدّي قهوة'],
  ['ma3 el ahl', 'مع الأهل'],
  ['kif el 2ahl', 'كيف الأهل'],
  ['ana w enti', 'أنا وإنتي'],
  ['tayyeb', 'طيب'],
  ['saba7', 'صباح'],
  ['marid', 'مريض'],
  ['tawle', 'طاولة'],
  ['sa7en', 'صحن'],
  ['batata', 'بطاطا'],
];

test('30 words: none of the five defects in what the voice says', async () => {
  const defects: string[] = [];
  for (const [arabizi, arabic] of THIRTY) {
    const ipa = await said(arabizi, arabic);
    if (ipa.includes('ð')) defects.push(`${arabizi}: ð (j as ظ) in ${ipa}`);
    if (/j/i.test(arabizi) && !ipa.includes('ʐ')) defects.push(`${arabizi}: no ʐ for j in ${ipa}`);
    if (ipa.includes('ɹ')) defects.push(`${arabizi}: English ɹ in ${ipa}`);
    // An alif inside a word is always a long a (و and ي may be consonants).
    if (arabic.split(' ').some((word) => /.ا./.test(word.replace(/^ال/, ''))) && !ipa.includes('ː'))
      defects.push(`${arabizi}: no long vowel in ${ipa}`);
    const stops = (ipa.match(/ʔ/g) ?? []).length;
    const expected = (arabizi.match(/2/g) ?? []).length + (/^[aeiou]/i.test(arabizi) ? 1 : 0);
    if (stops !== expected) defects.push(`${arabizi}: ${stops} glottal stops, ${expected} expected, in ${ipa}`);
    if (/[صطض]/.test(arabic) && !/[t̪s̪]|dˤ/.test(ipa)) defects.push(`${arabizi}: emphatic said plain in ${ipa}`);
  }
  expect(defects).toEqual([]);
}, 30_000);

/** Every text of the course with its Arabic script beside it (a verb form, a dialogue line, a sentence). */
function courseTexts(): [string, string][] {
  const texts: [string, string][] = [];
  for (const file of readdirSync('content', { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.yaml')) continue;
    const yaml = readFileSync(join('content', file), 'utf8');
    const field = (name: string) => `${name}:\\s*(?:"([^"]+)"|([^"\\n,}]+))`;
    for (const found of yaml.matchAll(new RegExp(`${field('arabizi')}\\s*,?\\s*${field('arabic')}`, 'g'))) {
      texts.push([(found[1] ?? found[2])!.trim(), (found[3] ?? found[4])!.trim()]);
    }
  }
  return texts;
}

test('every by- form of the course (about 50) is said bi-, never b-y- before a consonant', async () => {
  const byForms = courseTexts().filter(([arabizi]) => /(^|\s)by[^aeiouy\s]/i.test(arabizi));
  expect(byForms.length).toBeGreaterThanOrEqual(40);
  const wrong: string[] = [];
  for (const [arabizi, arabic] of byForms) {
    const ipa = await said(arabizi, arabic);
    if (/bjˈ?[^aeiouˈ]/.test(ipa) || !/bˈ?i/.test(ipa)) wrong.push(`${arabizi}: ${ipa}`);
  }
  expect(wrong).toEqual([]);
}, 60_000);

test('a question ends on a rising tune: its last pitch is well above the same words said as a statement', async () => {
  const voice = localVoice(undefined, createLogger('silent'));
  const lines: [string, string][] = [
    ['Ahwe 3arabiyye aw espresso', 'قهوة عربية أو إسبريسو'],
    ['Addeh el 7seb', 'قدّيه الحساب'],
    ['Tfaddale, shu baddik teshrabe', 'تفضّلي، شو بدّك تشربي'],
  ];
  const flat: string[] = [];
  for (const [arabizi, arabic] of lines) {
    for (const gender of ['male', 'female'] as const) {
      const lastPitch = async (mark: string) =>
        median(pitchContour(await voice.synthesize(espeakInput(arabizi + mark, arabic), gender)).slice(-8));
      const [question, statement] = [await lastPitch('?'), await lastPitch('.')];
      // 1.15 is about two and a half semitones.
      if (question < statement * 1.15)
        flat.push(`${arabizi}? (${gender}): ends at ${Math.round(question)} Hz, as a statement at ${Math.round(statement)} Hz`);
    }
  }
  expect(flat).toEqual([]);
}, 60_000);
