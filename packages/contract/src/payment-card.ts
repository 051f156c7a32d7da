import { z } from 'zod';

/*
 * Kept apart from subscription.ts so the card form can validate with it without pulling the
 * rest of the subscription schemas (and the zod features only they use) into the web app's
 * shared zod chunk, which the sign-in page downloads.
 */

/** A card as the sandbox form sends it; never stored, only its brand, last 4 and expiry. */
export const ZCardInput = z.object({
  number: z
    .string({ error: 'Enter the card number.' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (12 to 19 digits).')),
  expMonth: z.coerce
    .number({ error: 'Enter the expiry month.' })
    .int('Enter the expiry month.')
    .min(1, 'The expiry month must be 1 to 12.')
    .max(12, 'The expiry month must be 1 to 12.'),
  expYear: z.coerce
    .number({ error: 'Enter the expiry year.' })
    .int('Enter the expiry year.')
    .min(2000, 'Enter the expiry year with four digits.')
    .max(2100, 'Enter the expiry year with four digits.'),
  cvc: z
    .string({ error: 'Enter the security code.' })
    .regex(/^\d{3,4}$/, 'The security code is 3 or 4 digits.'),
  name: z
    .string({ error: 'Enter the name on the card.' })
    .trim()
    .min(1, 'Enter the name on the card.')
    .max(200),
});
export type TCardInput = z.infer<typeof ZCardInput>;
export type TCardInputIn = z.input<typeof ZCardInput>;
