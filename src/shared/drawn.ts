/** How the server and its drawer of a learner's first screen talk (src/lib/screens.ts, src/web/server-draw.tsx), and the page they make. */
import type { DehydratedState } from '@tanstack/react-query';
import type { Kept } from './kept';

/** The id of the page's script holding what the screen was drawn from (read by src/web/main.tsx). */
export const DRAWN_STATE = 'drawn-state';

/** What the server asks the drawer (src/web/server-draw.tsx). */
export interface DrawRequest {
  id: number;
  /** The screen's address: path and query. */
  url: string;
  /** Each read made for it, by its URL (its query's key). */
  reads: Record<string, unknown>;
  /** What the browser keeps that the drawing depends on (src/shared/kept.ts). */
  kept: Kept;
}

/** The drawer's answer: the screen (null when the router did not end on it), or why it failed. */
export type DrawAnswer =
  | { id: number; html: string | null; cache: DehydratedState; decisions: Record<string, unknown>; missing: string[] }
  | { id: number; error: string };

