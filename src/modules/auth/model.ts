import * as v from 'valibot';

/** Shared by the client forms and the server (docs/product-rules.md#accounts). */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;
/** The trial's length (docs/product-rules.md#tiers); the progress bars are the trial days left out of this. */
export const TRIAL_DAYS = 7;

/** A well-formed e-mail address, trimmed and lower-cased; `message` is the wording of the form it is typed in. */
export const emailAddress = (message?: string) =>
  v.pipe(v.string(message), v.trim(), v.maxLength(EMAIL_MAX, message), v.email(message), v.toLowerCase());

export const Email = emailAddress('Invalid email format');
/** The support and password-reset forms' wording. */
export const ContactEmail = emailAddress('Please enter a valid email address');

/** The client's rule; the server adds ServerPassword on top. */
export const ClientPassword = v.pipe(
  v.string('Password must be at least 6 characters'),
  v.minLength(6, 'Password must be at least 6 characters'),
);

export const SERVER_PASSWORD_MESSAGE = 'Password must be at least 8 characters and contain a number.';
export const ServerPassword = v.pipe(
  v.string(SERVER_PASSWORD_MESSAGE),
  v.minLength(8, SERVER_PASSWORD_MESSAGE),
  v.maxLength(PASSWORD_MAX, 'Password must not exceed 128 characters.'),
  v.regex(/\d/, SERVER_PASSWORD_MESSAGE),
);

/** A username of 3 to `max` characters: letters of any script, digits, dots, dashes and underscores. */
const username = (max: number) =>
  v.pipe(
    v.string('Username must be at least 3 characters'),
    v.trim(),
    // An accent typed as a separate mark (e + ◌́) is the same letter as é.
    v.transform((s) => s.normalize('NFC')),
    v.minLength(3, 'Username must be at least 3 characters'),
    v.maxLength(max, `Username must not exceed ${max} characters`),
    v.regex(/^[\p{L}\p{N}_.-]+$/u, 'Username may only contain letters, numbers, dots, dashes and underscores.'),
  );

export const RegistrationUsername = username(20);

export const Name = v.pipe(
  v.string('Name must be at least 2 characters'),
  v.trim(),
  v.minLength(2, 'Name must be at least 2 characters'),
  v.maxLength(100, 'Name must not exceed 100 characters.'),
  // Names are shown in pages and mails: no markup characters, no control characters.
  v.regex(/^[^<>\p{Cc}]*$/u, 'Name may not contain < or > or control characters.'),
);

export const RegisterBody = v.object({
  email: Email,
  username: RegistrationUsername,
  password: ServerPassword,
  name: Name,
});
export type RegisterInput = v.InferOutput<typeof RegisterBody>;

export const LoginBody = v.object({
  email: v.pipe(v.string('Invalid email format'), v.trim(), v.maxLength(EMAIL_MAX, 'Invalid email format'), v.toLowerCase()),
  password: v.pipe(
    v.string('Password is required.'),
    v.minLength(1, 'Password is required.'),
    v.maxLength(PASSWORD_MAX, 'Invalid email or password.'),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginBody>;

/** Profile: 3 to 50 characters when edited. */
export const ProfileUsername = username(50);

export const ProfileBody = v.object({ username: ProfileUsername });

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect.';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/**
 * Change password. `currentPassword` may be left out only by an account that has no password yet
 * (signed up with Google); the route checks that against the account.
 */
export const ChangePasswordBody = v.pipe(
  v.object({
    currentPassword: v.optional(v.pipe(v.string(CURRENT_PASSWORD_REQUIRED), v.maxLength(PASSWORD_MAX, CURRENT_PASSWORD_INCORRECT))),
    newPassword: ServerPassword,
    // Left out, it is empty, so the check below answers "Passwords don't match" for it.
    confirmNewPassword: v.optional(v.string(PASSWORDS_DONT_MATCH), ''),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmNewPassword']],
      (input) => input.newPassword === input.confirmNewPassword,
      PASSWORDS_DONT_MATCH,
    ),
    ['confirmNewPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordBody>;

export const ISSUE_TOO_SHORT = 'Please describe your issue in more detail';

/** Support ticket: the issue is 10 to 1000 characters. */
export const SupportTicketBody = v.object({
  email: ContactEmail,
  username: v.pipe(
    v.string('Username must be at least 3 characters'),
    v.trim(),
    v.minLength(3, 'Username must be at least 3 characters'),
    v.maxLength(50, 'Username must not exceed 50 characters'),
    v.regex(/^[^<>\p{Cc}]*$/u, 'Username may not contain < or > or control characters.'),
  ),
  issue: v.pipe(
    v.string(ISSUE_TOO_SHORT),
    v.trim(),
    v.minLength(10, ISSUE_TOO_SHORT),
    v.maxLength(1000, 'Please keep your issue under 1000 characters.'),
    // Line breaks and tabs are part of a description; other control characters are not.
    v.regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, 'The issue may not contain control characters.'),
  ),
});
export type SupportTicketInput = v.InferOutput<typeof SupportTicketBody>;

/** Reset request. */
export const ResetRequestBody = v.object({ email: ContactEmail });

export const INVALID_RESET_LINK = 'The password reset link is invalid or has expired.';
/** Tokens are 43 base64url characters; anything else cannot be one. */
export const Token = v.pipe(v.string(INVALID_RESET_LINK), v.regex(/^[\w-]{20,100}$/, INVALID_RESET_LINK));

export const ResetPasswordBody = v.object({ token: Token, password: ServerPassword });
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordBody>;

/** Limits on what the browser may report (docs/product-rules.md#validation-and-errors); longer texts are cut, never refused. */
export const CLIENT_ERROR_LIMITS = { error: 2000, stack: 8000, timestamp: 64, url: 2000 } as const;
