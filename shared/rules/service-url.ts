/**
 * Which addresses the app may talk to for a live invoice service or download an invoice file from
 * (issue 10 points 5 and 7): https only, plain http only for loopback (127.0.0.0/8, ::1, localhost),
 * which is where the embedded sandbox runs. No user name or password in the address.
 */

/** True for 127.0.0.0/8, ::1 and localhost (host as WHATWG URL gives it: IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const parts = host.split('.');
  if (parts.length !== 4 || parts[0] !== '127') return false;
  return parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

export type ServiceUrlProblem = 'not-a-url' | 'not-http' | 'credentials' | 'plain-http';

/** Why an address is refused, or null when it is fine. */
export function serviceUrlProblem(value: string): ServiceUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not-a-url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-http';
  if (url.username !== '' || url.password !== '') return 'credentials';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'plain-http';
  return null;
}
