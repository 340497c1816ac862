import * as v from 'valibot';

/** Shared by the client forms and the server (A §5, DECISIONS "Accounts"). */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

export const Email = v.pipe(
  v.string('Invalid email format'),
  v.trim(),
  v.maxLength(EMAIL_MAX, 'Invalid email format'),
  v.email('Invalid email format'),
  v.toLowerCase(),
);

/** The client's rule (A §5); the server adds ServerPassword on top. */
export const ClientPassword = v.pipe(v.string('Password must be at least 6 characters'), v.minLength(6, 'Password must be at least 6 characters'));

export const SERVER_PASSWORD_MESSAGE = 'Password must be at least 8 characters and contain a number.';
export const ServerPassword = v.pipe(
  v.string(SERVER_PASSWORD_MESSAGE),
  v.minLength(8, SERVER_PASSWORD_MESSAGE),
  v.maxLength(PASSWORD_MAX, 'Password must not exceed 128 characters.'),
  v.regex(/\d/, SERVER_PASSWORD_MESSAGE),
);

export const RegistrationUsername = v.pipe(
  v.string('Username must be at least 3 characters'),
  v.trim(),
  v.minLength(3, 'Username must be at least 3 characters'),
  v.maxLength(20, 'Username must not exceed 20 characters'),
  v.regex(/^[\p{L}\p{N}_.-]+$/u, 'Username may only contain letters, numbers, dots, dashes and underscores.'),
);

export const Name = v.pipe(
  v.string('Name must be at least 2 characters'),
  v.trim(),
  v.minLength(2, 'Name must be at least 2 characters'),
  v.maxLength(100, 'Name must not exceed 100 characters.'),
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
  password: v.pipe(v.string('Password is required.'), v.minLength(1, 'Password is required.'), v.maxLength(PASSWORD_MAX, 'Invalid email or password.')),
});
export type LoginInput = v.InferOutput<typeof LoginBody>;
