import { useState } from 'react';

/** What Listen shows and how fast it plays, remembered in this browser (docs/product-rules.md#dialogues). */
export interface DialogueView {
  arabizi: boolean;
  arabic: boolean;
  english: boolean;
  slow: boolean;
}

export const DIALOGUE_VIEW_KEY = 'dialogueView';
const SHOWN: DialogueView = { arabizi: true, arabic: true, english: true, slow: false };

/** The stored choices, each read on its own: anything unreadable falls back to showing everything at full speed. */
export function parseDialogueView(raw: string | null): DialogueView {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? '{}');
  } catch {
    stored = {};
  }
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const pick = (key: keyof DialogueView) => (typeof value[key] === 'boolean' ? (value[key] as boolean) : SHOWN[key]);
  return { arabizi: pick('arabizi'), arabic: pick('arabic'), english: pick('english'), slow: pick('slow') };
}

export function useDialogueView(): [DialogueView, (change: Partial<DialogueView>) => void] {
  const [view, setView] = useState(() => parseDialogueView(localStorage.getItem(DIALOGUE_VIEW_KEY)));
  const change = (next: Partial<DialogueView>) =>
    setView((current) => {
      const updated = { ...current, ...next };
      localStorage.setItem(DIALOGUE_VIEW_KEY, JSON.stringify(updated));
      return updated;
    });
  return [view, change];
}
