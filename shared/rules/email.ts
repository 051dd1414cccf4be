/**
 * The one e-mail address check of the app (customer library and the issuance form's push target).
 *
 * Linear on any input: a local part, "@", then dot-separated labels that cannot contain a dot themselves,
 * so no two quantifiers can trade characters. The earlier /^[^\s@]+@[^\s@]+\.[^\s@]+$/ let both sides of
 * the last dot take the same characters and backtracked quadratically: one 128 k address held main ~7 s.
 * Addresses longer than EMAIL_MAX_LENGTH are refused before the pattern runs at all.
 */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}
