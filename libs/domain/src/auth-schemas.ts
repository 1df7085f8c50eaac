import { z } from 'zod';
import { isValidEmail, normalizeEmail } from './email';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';
import { MSG } from './messages';

/** Sign-in form and `POST login` body. */
export const loginSchema = z.object({
  email: z
    .string({ error: MSG.login.emailRequired })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, MSG.login.emailRequired).refine(isValidEmail, MSG.login.emailInvalid)),
  password: z
    .string({ error: MSG.login.passwordRequired })
    .min(1, MSG.login.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, MSG.login.passwordMin)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
});

export type LoginInput = z.infer<typeof loginSchema>;
