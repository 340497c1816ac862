/** How the server and its drawer of a learner's first screen talk (src/lib/screens.ts, src/web/server-draw.tsx). */
import type { Kept } from './kept';

/** The id of the page's script holding what the screen was drawn from (read by src/web/main.tsx). */
export const DRAWN_STATE = 'drawn-state';

/** What the server asks the drawer (src/web/server-draw.tsx). */
export interface DrawRequest {
  id: number;
  /** The screen's address: path and query. */
  url: string;
  /** The page the build made for the screen (dist/pages/signed-in/<screen>.html), to draw into. */
  page: string;
  /** Each read made for it, by its URL (its query's key): the route's JSON as it was sent. */
  reads: Record<string, string>;
  /** What the browser keeps that the drawing depends on (src/shared/kept.ts). */
  kept: Kept;
  /** The browser's Accept-Encoding. */
  acceptEncoding: string | null;
  /** Draw with what there is: no more reads will be made (the rest failed, or the rounds are over). */
  lastRound: boolean;
}

/**
 * What the drawer makes of a request: the page, compressed as `encoding` says; or the reads the screen
 * asked for that it was not given; or null when the router did not end on the screen; or why it failed.
 */
export type Drawing =
  | { body: Uint8Array<ArrayBuffer>; encoding: 'br' | 'gzip' | null }
  | { missing: string[] }
  | { body: null }
  | { error: string };

/** The drawer's answer to the request of the same id. */
export type DrawAnswer = Drawing & { id: number };
