/**
 * The server-sent event channels: each channel's name and what its events carry. A module that
 * publishes adds its channels where their payload type is declared, by declaration merging:
 *
 *   declare module '../../shared/channels' { interface Channels { leaderboard: Standings } }
 *
 * so the server's publish calls (src/lib/events.ts) and the browser's listeners check against this one
 * map while the shared layer names no feature.
 */
export interface Channels {}

export type Channel = keyof Channels & string;
