/**
 * What the full corpus must hold (docs/product-rules.md#topics, #content): `bun run content:stats` marks
 * what falls short, and the corpus test fails on it.
 */
// Food merged into Food and Drink, and Fashion became Style and Beauty: learners met two topics on one subject (docs/content-format.md).
export const FREE_TOPICS = ['Colors', 'Numbers', 'Greetings', 'Basic Phrases', 'Family', 'Food and Drink', 'Phone and Internet', 'Transportation', 'Places', 'Weather', 'Clothing', 'Health and Emergencies', 'Adjectives', 'Courtesies', 'Small Talk'];
export const PREMIUM_TOPICS = ['Emotions', 'Body Parts', 'Time', 'Animals', 'Work', 'School', 'Style and Beauty', 'Home and Electricity', 'Directions', 'Money and Shopping',
  'How Often and When', 'Comparisons', 'Linking Words', 'Plurals', 'Cars and Repairs', 'Paperwork and Offices', 'Eating Out'];
/** The first 14 verbs, the 13 of docs/decisions/0007, 14 more for a learner's first months (ken, sar ...) and 14 of the first year (badd, rekeb, sa2al ...), by their English ('Verb: to eat' is the topic of 'to eat'). */
export const VERBS = [
  'to eat', 'to drink', 'to go', 'to love', 'to work', 'to play', 'to see', 'to know', 'to write', 'to speak', 'to sleep', 'to call', 'to do', 'to have',
  'to come', 'to take', 'to give', 'to buy', 'to say', 'to wait', 'to sit', 'to understand', 'to be able to', 'to come back', 'to bring', 'to open', 'to pay',
  'to be', 'to become', 'to arrive', 'to forget', 'to live (somewhere)', 'to hear',
  'to go up, to go out', 'to go down', 'to wake up', 'to read', 'to wear, to get dressed', 'to put', 'to send', 'to close',
  'to want', 'to ride, to get in (a car, a bus)', 'to ask', 'to help', 'to finish', 'to start, to begin', 'to walk', 'to like (to please)', 'to visit',
  'to stay, to keep on', 'to feel', 'to book, to reserve', 'to wash', 'to learn',
];
/** Verbs with no command (docs/decisions/0007): 3and (to have) and badd (to want) are prepositions with an ending, 2eder (can) a modal, 3ajab (to like) is said of who likes. */
export const VERBS_WITHOUT_COMMAND = ['have', 'can', 'want', 'like'];
/** The first five sentence topics (also the client's fallback list), five more for life in Lebanon, three for asking the way, the bank and the police, and three of the first year: small talk, eating out, paperwork. */
export const SENTENCE_TOPICS = ['food_and_drink', 'work', 'general_conversation', 'daily_routine', 'shopping', 'transport', 'phone_calls', 'health', 'visiting', 'home_and_neighbours', 'directions', 'bank', 'police', 'small_talk', 'eating_out', 'paperwork'];
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
