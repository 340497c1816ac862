import { createHash, randomBytes } from 'node:crypto';

/** Tokens mailed or set in cookies are random; only their SHA-256 is stored. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

/** OWASP's Argon2id profile (19 MiB, t=2): about 35 ms a hash here, against ~140 ms for Bun's default. */
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 } as const;

export const hashPassword = (password: string) => Bun.password.hash(password, ARGON2);

let dummy: Promise<string> | undefined;
/** A hash to check unknown e-mails' guesses against, so timing does not tell which addresses have accounts. */
export const dummyHash = () => (dummy ??= hashPassword(randomToken()));
