/**
 * Security decisions of the Electron adapter as pure functions (docs/architecture.md §11.3). Nothing here imports
 * `electron`, so every rule is unit-tested in plain Node and the browser harness can reuse them.
 *
 * All checks work on the raw string first and parse second: WHATWG URL parsing "helpfully" normalises
 * `..`, `%2e%2e` and backslashes away, which would hide exactly the tricks we want to refuse.
 */
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../security/csp.js';

export { CONTENT_SECURITY_POLICY };

/** The custom scheme and host the renderer is served from: `app://fapiao-desk/index.html`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'fapiao-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/**
 * Hosts a clerk may open in the system browser from the app: the State Taxation Administration and its
 * subdomains (e.g. inv-veri.chinatax.gov.cn, the national invoice verification platform). Anything else
 * is refused: links in invoice remarks or service messages are data, not navigation targets.
 */
const EXTERNAL_HOST_SUFFIXES: readonly string[] = ['chinatax.gov.cn'];
const EXTERNAL_EXACT_HOSTS: readonly string[] = ['inv-veri.chinatax.gov.cn'];
const MAX_URL_LENGTH = 2048;

// Whitespace, C0/C1 controls, backslash: the URL parser strips or rewrites these silently.
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
const SUSPICIOUS_CHARS = /[\s\u0000-\u001f\u007f-\u009f\\]/u;

function isAllowedHost(hostname: string): boolean {
  if (EXTERNAL_EXACT_HOSTS.includes(hostname)) return true;
  return EXTERNAL_HOST_SUFFIXES.some((suffix) => hostname === suffix || hostname.endsWith(`.${suffix}`));
}

/** Whether `url` may be handed to `shell.openExternal`. Only https to allow-listed hosts, default port. */
export function isAllowedExternalUrl(url: unknown): boolean {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  if (SUSPICIOUS_CHARS.test(url)) return false;
  // The raw text must start with the scheme and an authority we can see: refuses "https:chinatax.gov.cn"
  // and "https:/\\…" forms that the parser would repair.
  if (!/^https:\/\/[a-z0-9.-]+(?:[/?#]|$)/iu.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return false;
  // hostname is lower-cased and IDNs are punycoded by the parser, so Unicode lookalikes cannot match.
  return isAllowedHost(parsed.hostname);
}

/** Whether an IPC sender frame or navigation target is the app's own page. */
export function isTrustedSenderUrl(url: unknown): boolean {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH || SUSPICIOUS_CHARS.test(url)) return false;
  // Chromium hands us canonical URLs for a standard scheme: lower-case scheme and host, no userinfo.
  if (!url.startsWith(`${APP_ORIGIN}/`)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

// Names Windows maps to devices in any folder ("CON", "nul.txt", "COM1.js"): reading them would block.
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(?:\..*)?$/iu;

function isSafeSegment(segment: string): boolean {
  if (segment === '' || segment === '.' || segment === '..') return false;
  // Decoded separators, NUL and other controls, drive letters / NTFS streams (":"), characters Windows
  // forbids in names, and a second layer of percent-encoding.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
  if (/[/\\\u0000-\u001f\u007f:%*?"<>|]/u.test(segment)) return false;
  // Windows ignores trailing dots and spaces ("index.html." is index.html), so names stay unambiguous.
  if (/[. ]$/u.test(segment)) return false;
  return !WINDOWS_DEVICE_NAME.test(segment);
}

/**
 * Maps `app://fapiao-desk/<path>` to a file under `rootDir`, or `null` when the request must be refused
 * (wrong scheme or host, traversal in any spelling, absolute paths, NUL, encoded separators). `/` is
 * index.html. The query and fragment are ignored.
 */
export function resolveAppAssetPath(rootDir: string, requestUrl: unknown): string | null {
  if (typeof requestUrl !== 'string' || requestUrl.length > MAX_URL_LENGTH || SUSPICIOUS_CHARS.test(requestUrl)) return null;
  const match = /^app:\/\/fapiao-desk(\/[^?#]*)?(?:[?#].*)?$/u.exec(requestUrl);
  if (!match) return null;
  const rawPath = match[1] ?? '/';
  if (rawPath === '/') return path.join(path.resolve(rootDir), 'index.html');

  const segments: string[] = [];
  for (const raw of rawPath.slice(1).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null; // malformed percent-encoding
    }
    if (!isSafeSegment(decoded)) return null;
    segments.push(decoded);
  }

  // Belt and braces: whatever the rules above missed, the result must stay strictly inside rootDir.
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, ...segments);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}
