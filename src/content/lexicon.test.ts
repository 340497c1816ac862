import { describe, expect, test } from 'bun:test';
import { validateContent } from './importer';
import { spellingKey } from './second-spellings';
import { contentPlugins } from '../modules';
import { contentSandbox, lettersFile as letters, verbFile } from '../../tests/support/content';

const { fixture } = contentSandbox();

/** A topic file of the given word cards, one batch each. */
function topic(name: string, words: { english: string; arabizi: string; arabic: string }[]) {
  const entries = words.map((w) => `  - english: "${w.english}"\n    arabizi: "${w.arabizi}"\n    arabic: "${w.arabic}"\n    batch: 1\n`);
  return `topic: ${name}\npremium: false\norder: 1\nwords:\n${entries.join('')}`;
}

/** A dialogue between a man, Georges, and a woman, Rima, who speak the given lines in turn, then say yes to the six lines a dialogue needs. */
function dialogue(given: { arabizi: string; arabic: string; english: string }[]) {
  const lines = [
    ...given,
    ...Array.from({ length: Math.max(0, 6 - given.length) }, () => ({ arabizi: 'Eh.', arabic: 'إيه.', english: 'Yes.' })),
  ];
  const body = lines.map(
    (l, i) =>
      `  - speaker: "${i % 2 === 0 ? 'Georges' : 'Rima'}"\n    arabizi: "${l.arabizi}"\n    arabic: "${l.arabic}"\n    english: "${l.english}"\n`,
  );
  return `key: asking-the-way\ntitle: "Asking the way"\nsetting: "A street in Achrafieh."\npremium: false\nspeakers:\n  - { name: "Georges", gender: male }\n  - { name: "Rima", gender: female }\nlines:\n${body.join('')}`;
}

/** A lesson of one vocabulary step, whose Lebanese carries no Arabic. */
function lesson(components: { lebanese: string; english: string }[]) {
  const list = components.map((c) => `      - { lebanese: "${c.lebanese}", english: "${c.english}" }`).join('\n');
  return `---\nkey: going\nname: Going\norder: 1\ndifficulty: beginner\nsteps:\n  - type: vocabulary\n    components:\n${list}\n---\nWhere to.\n`;
}

const errorsOf = (files: Record<string, string>) =>
  validateContent(fixture({ 'letters/letters.yaml': letters, ...files }), contentPlugins).errors.map(
    (e) => `${e.file}:${e.line}: ${e.field}: ${e.message}`,
  );

const straight = { english: 'straight ahead', arabizi: 'do8ri', arabic: 'دغري' };
const going = { english: 'going (of a man)', arabizi: 'rayi7', arabic: 'رايح' };
const thanks = { english: 'Thanks, and you? (to a man)', arabizi: 'Merci, w enta?', arabic: 'ميرسي، وإنت؟' };

describe('one lexicon of spellings', () => {
  test('a word card spelled otherwise in a dialogue line is an error at the line, naming the card', () => {
    const file = dialogue([{ english: 'Carry on straight.', arabizi: 'Kammel dou8ri.', arabic: 'كمّل دغري.' }, thanks]);
    expect(errorsOf({ 'words/directions.yaml': topic('Directions', [straight]), 'dialogues/08-asking-the-way.yaml': file })).toEqual([
      'dialogues/08-asking-the-way.yaml:10: lines[0].arabizi: "dou8ri" is a second spelling of "do8ri" (words/directions.yaml:6): one spelling per word (list "dou8ri" as a variant of "do8ri" in spelling.yaml, or both under homographs if they are different words)',
    ]);
  });

  test("a lesson's Lebanese, which has no Arabic, is read by its letters: raye7 is rayi7 written twice", () => {
    expect(spellingKey('raye7')).toBe(spellingKey('rayi7'));
    expect(spellingKey('e2ra')).not.toBe(spellingKey('e2ro'));
    expect(
      errorsOf({
        'words/directions.yaml': topic('Directions', [going]),
        'lessons/01-going.md': lesson([{ lebanese: 'ana raye7', english: 'I am going (a man)' }]),
      }),
    ).toEqual([
      'lessons/01-going.md:9: steps[0].components[0].lebanese: "raye7" is a second spelling of "rayi7" (words/directions.yaml:6): one spelling per word (list "raye7" as a variant of "rayi7" in spelling.yaml, or both under homographs if they are different words)',
    ]);
  });

  test('two spellings with one Arabic word and the same consonants are one word, whichever vowels they take', () => {
    const price = { english: 'price', arabizi: 'se3r', arabic: 'سعر' };
    const file = dialogue([{ english: 'At the new rate.', arabizi: '3al sa3r el jdid.', arabic: 'عالسعر الجديد.' }, thanks]);
    expect(errorsOf({ 'words/money.yaml': topic('Money', [price]), 'dialogues/15-bank.yaml': file })).toEqual([
      'dialogues/15-bank.yaml:10: lines[0].arabizi: "sa3r" is a second spelling of "se3r" (words/money.yaml:6): one spelling per word (list "sa3r" as a variant of "se3r" in spelling.yaml, or both under homographs if they are different words)',
    ]);
  });

  test('different words that look alike stand apart: each beside its own Arabic, or listed as homographs', () => {
    // fade (empty) and Fadi (a name) share their letters but not their Arabic.
    const empty = topic('Adjectives', [
      { english: 'empty', arabizi: 'fade', arabic: 'فاضي' },
      { english: 'Fadi (a name)', arabizi: 'fadi', arabic: 'فادي' },
    ]);
    expect(errorsOf({ 'words/adjectives.yaml': empty })).toEqual([]);
    // 3ale (high) and 3alei (on it, in a proverb) are told apart only by the table.
    const heels = topic('Clothing', [{ english: 'high heels', arabizi: 'ka3b 3ale', arabic: 'كعب عالي' }]);
    const proverb = lesson([{ lebanese: 'ma 3alei rbat', english: 'there is no rope on it' }]);
    const files = { 'words/clothing.yaml': heels, 'lessons/01-going.md': proverb };
    expect(errorsOf(files)).toHaveLength(1);
    expect(errorsOf({ ...files, 'spelling.yaml': 'words: []\nhomographs:\n  - [3ale, 3alei]\n' })).toEqual([]);
  });
});

describe('the Arabic beside the arabizi', () => {
  test('a word whose number-letters run otherwise than its Arabic letters is an error', () => {
    const file = dialogue([{ english: 'Sit down (to a woman).', arabizi: 'Tfaddale, o32ode.', arabic: 'تفضّلي، اقعدي.' }, thanks]);
    expect(errorsOf({ 'dialogues/04-meeting-the-family.yaml': file })).toEqual([
      'dialogues/04-meeting-the-family.yaml:10: lines[0].arabizi: o32ode (اقعدي): its number-letters (3, 2) are not in the order of its Arabic letters',
    ]);
    const right = dialogue([{ english: 'Sit down (to a woman).', arabizi: 'Tfaddale, o23de.', arabic: 'تفضّلي، اقعدي.' }, thanks]);
    expect(errorsOf({ 'dialogues/04-meeting-the-family.yaml': right })).toEqual([]);
  });

  test("-kon written كم, the his ending written ه, the future's I with إ and آ after another person's prefix are errors", () => {
    const file = dialogue([
      { english: 'God give you patience (to a group).', arabizi: 'Allah yesabberkon.', arabic: 'الله يصبّركم.' },
      { english: 'He had a kind heart.', arabizi: 'Ken 2albo tayyeb.', arabic: 'كان قلبه طيّب.' },
      { english: 'I will write you a prescription (to a woman).', arabizi: 'Ra7 ekteblik dawa.', arabic: 'رح إكتبلك دوا.' },
      { english: 'We eat foul.', arabizi: 'Mnekol foul.', arabic: 'منآكل فول.' },
    ]);
    expect(errorsOf({ 'dialogues/12-condolence-visit.yaml': file })).toEqual([
      'dialogues/12-condolence-visit.yaml:10: lines[0].arabizi: يصبركم (yesabberkon): Lebanese -kon is written كن (يصبركن), not كم',
      'dialogues/12-condolence-visit.yaml:14: lines[1].arabizi: قلبه (2albo): the "his" ending -o is written و (قلبو), not ه',
      'dialogues/12-condolence-visit.yaml:18: lines[2].arabizi: إكتبلك: after رح the "I" form starts with ا (اكتبلك), not إ',
      'dialogues/12-condolence-visit.yaml:22: lines[3].arabizi: منآكل: the hamza of آ is the "I" prefix\'s (بآكل); after another person\'s prefix write ا (مناكل)',
    ]);
  });

  test('the I form and the command of a verb table keep its bare ا in running text', () => {
    const file = dialogue([{ english: 'I have to eat.', arabizi: 'Lazem ekol.', arabic: 'لازم أكل.' }, thanks]);
    expect(errorsOf({ 'verbs/eat.yaml': verbFile(), 'dialogues/07-doctor.yaml': file })).toEqual([
      'dialogues/07-doctor.yaml:10: lines[0].arabizi: أكل (ekol): the "I" form and the command start as the verb tables write them, with ا (آ where the hamza is said long), not أ',
    ]);
  });
});

describe('whom the Lebanese speaks to', () => {
  test('a dialogue line that speaks to someone says to whom, even when its English has no "you"', () => {
    const file = dialogue([
      { english: 'Good evening! How are things?', arabizi: 'Masa el 5er! Kifik?', arabic: 'مسا الخير! كيفك؟' },
      thanks,
    ]);
    expect(errorsOf({ 'dialogues/16-neighbour.yaml': file })).toEqual([
      'dialogues/16-neighbour.yaml:12: lines[0].english: "Masa el 5er! Kifik?" speaks to someone ("kifik"): say to whom in its English ("Good evening! How are things?"), "(to a man)", "(to a woman)" or "(to a group)"',
    ]);
  });

  test('a word card whose English says "you" says to whom; a card whose -ak is its own word needs nothing', () => {
    const cards = topic('Greetings', [
      { english: 'see you later', arabizi: 'mnshoufak ba3dein', arabic: 'منشوفك بعدين' },
      { english: 'fish', arabizi: 'samak', arabic: 'سمك' },
    ]);
    expect(errorsOf({ 'words/greetings.yaml': cards })).toEqual([
      'words/greetings.yaml:5: words[0].english: "mnshoufak ba3dein" speaks to someone ("mnshoufak"): say to whom in its English ("see you later"), "(to a man)", "(to a woman)" or "(to a group)"',
    ]);
    expect(errorsOf({ 'words/greetings.yaml': cards.replace('see you later', 'see you later (to a man)') })).toEqual([]);
  });
});
