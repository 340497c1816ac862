/**
 * What the full corpus must hold (docs/product-rules.md#topics, #content): `bun run content:stats` marks
 * what falls short, and the corpus test fails on it.
 */
// Food merged into Food and Drink, and Fashion became Style and Beauty: learners met two topics on one subject (docs/content-format.md).
export const FREE_TOPICS = ['Colors', 'Numbers', 'Greetings', 'Basic Phrases', 'Family', 'Food and Drink', 'Phone and Internet', 'Transportation', 'Places', 'Weather', 'Clothing', 'Health and Emergencies', 'Adjectives'];
export const PREMIUM_TOPICS = ['Emotions', 'Body Parts', 'Time', 'Animals', 'Work', 'School', 'Style and Beauty', 'Home and Electricity', 'Directions', 'Money and Shopping'];
/** The first 14 verbs, the 13 of docs/decisions/0007 and 14 more for a learner's first months (ken, sar ...), by their English ('Verb: to eat' is the topic of 'to eat'). */
export const VERBS = [
  'to eat', 'to drink', 'to go', 'to love', 'to work', 'to play', 'to see', 'to know', 'to write', 'to speak', 'to sleep', 'to call', 'to do', 'to have',
  'to come', 'to take', 'to give', 'to buy', 'to say', 'to wait', 'to sit', 'to understand', 'to be able to', 'to come back', 'to bring', 'to open', 'to pay',
  'to be', 'to become', 'to arrive', 'to forget', 'to live (somewhere)', 'to hear',
  'to go up, to go out', 'to go down', 'to wake up', 'to read', 'to wear, to get dressed', 'to put', 'to send', 'to close',
];
/** Verbs with no command (docs/decisions/0007): 3and (to have) is a preposition, 2eder (can) a modal. */
export const VERBS_WITHOUT_COMMAND = ['have', 'can'];
/** The first five sentence topics (also the client's fallback list), five more for life in Lebanon, and three for asking the way, the bank and the police. */
export const SENTENCE_TOPICS = ['food_and_drink', 'work', 'general_conversation', 'daily_routine', 'shopping', 'transport', 'phone_calls', 'health', 'visiting', 'home_and_neighbours', 'directions', 'bank', 'police'];
export const LETTER_NUMBERS = [2, 3, 5, 7, 8];

export const MINIMUMS = {
  wordsPerTopic: 25,
  /** At least this share of the words carries a cultural note. */
  noteShare: 1 / 3,
  formsPerVerb: 24,
  sentencesPerTopic: 12,
  contextsPerSentence: 2,
  lessons: 24,
  stepsPerLesson: { min: 5, max: 10 },
  /** Dialogues of everyday situations (docs/product-rules.md#dialogues). */
  dialogues: 16,
  grammarPages: 10,
};
