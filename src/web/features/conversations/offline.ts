import type { SpellingLexicon } from '../../../shared/arabizi';
import { scriptEnded, scriptedStep, turnAt, type LearnerLine } from '../../../modules/conversations/rules';
import type { Scenario, Talk } from './queries';

/**
 * A conversation with the scripted partner held in the browser, without a network
 * (docs/decisions/0072-conversation-partner.md): the scenario's graph, read while online and kept by the
 * service worker, answers each line with the rules the server uses (`scriptedStep`); the lines said are
 * sent, once the network is back, for the server to go through again and keep.
 */
export interface OfflineTalk {
  talk: Talk;
  /** The partner's turn the conversation is at. */
  at: string;
  said: LearnerLine[];
}

/** A conversation just begun: the partner's opening line. */
export function startOffline(scenario: Scenario): OfflineTalk {
  const first = scenario.turns[0]!;
  return {
    at: first.key,
    said: [],
    talk: {
      id: 0,
      scenarioId: scenario.id,
      title: scenario.title,
      setting: scenario.setting,
      partner: 'scripted',
      person: scenario.partner,
      checklist: scenario.checklist.map((item) => ({ item, done: false })),
      lines: [{ who: 'partner', arabizi: first.arabizi, arabic: first.arabic, english: first.english, by: 'scripted' }],
      corrections: [],
      hint: first.hint,
      ended: scriptEnded(scenario.turns, first.key, 0),
      finished: false,
      pointsAwarded: 0,
      words: scenario.words,
      startedAt: new Date().toISOString(),
    },
  };
}

/** The learner's line and the scripted partner's answer, as the server would give them. */
export function sayOffline(held: OfflineTalk, scenario: Scenario, line: LearnerLine, lexicon: SpellingLexicon) {
  const step = scriptedStep(scenario.turns, held.at, line, lexicon);
  const said = [...held.said, line];
  const ended = scriptEnded(scenario.turns, step.next, said.length);
  const { talk } = held;
  const next: OfflineTalk = {
    at: step.next,
    said,
    talk: {
      ...talk,
      checklist: talk.checklist.map((c, i) => (step.ticks.includes(i) ? { ...c, done: true } : c)),
      lines: [...talk.lines, step.learner, { who: 'partner', ...step.partner, by: 'scripted' }],
      corrections: step.correction ? [...talk.corrections, step.correction] : talk.corrections,
      hint: ended ? null : turnAt(scenario.turns, step.next).hint,
      ended,
    },
  };
  return { held: next, understood: step.learner.understood };
}
