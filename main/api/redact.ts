/**
 * Redaction of what the client keeps for diagnosis (docs/architecture.md §7: logs redact secrets and signatures).
 * Errors end up in logs and in the history database, so they only ever hold redacted text.
 */

export const REDACTED = '***';

/** JSON members that carry secrets anywhere in this vendor family's payloads. */
const SECRET_MEMBERS = ['appSecret', 'AppSecret', 'Sign', 'sign', 'identityPwd', 'taxPwd', 'password'];
const SECRET_MEMBER_PATTERN = new RegExp(`("(?:${SECRET_MEMBERS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g');

/** How much of a body is kept: enough to diagnose, not enough to fill a log with a whole PDF. */
export const MAX_KEPT_BODY_CHARS = 64 * 1024;

/** Replaces every known secret value and every secret JSON member's value, then truncates. */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text.replace(SECRET_MEMBER_PATTERN, `$1"${REDACTED}"`);
  for (const secret of secrets) {
    // Short values would blank out innocent text; real secrets and signatures are long.
    if (secret.length >= 8) result = result.split(secret).join(REDACTED);
  }
  return result.length > MAX_KEPT_BODY_CHARS ? `${result.slice(0, MAX_KEPT_BODY_CHARS)}…[truncated]` : result;
}

/**
 * The values of secret members anywhere in a request body (taxUser.identityPwd, taxPwd…), so that a
 * service echoing one back in free text (a message, an HTML page) has it removed too, not only where it
 * sits in a JSON member of that name.
 */
export function secretValuesIn(json: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [name, member] of Object.entries(value)) {
      if (SECRET_MEMBERS.includes(name) && typeof member === 'string') found.push(member);
      else visit(member);
    }
  };
  visit(json);
  return found;
}

/** A copy of the headers with the values of sensitive ones replaced. */
export function redactHeaders(headers: Record<string, string>, sensitive: readonly string[]): Record<string, string> {
  const lower = new Set(sensitive.map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, lower.has(name.toLowerCase()) ? REDACTED : value]));
}
