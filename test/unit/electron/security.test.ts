import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_START_URL,
  CONTENT_SECURITY_POLICY,
  isAllowedExternalUrl,
  isTrustedSenderUrl,
  resolveAppAssetPath,
} from '../../../main/electron/security.js';
import { CONTENT_SECURITY_POLICY as HARNESS_CSP } from '../../../main/security/csp.js';

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://chinatax.gov.cn',
    'https://chinatax.gov.cn/',
    'https://www.chinatax.gov.cn/chinatax/n810341/index.html',
    'https://inv-veri.chinatax.gov.cn/',
    'https://inv-veri.chinatax.gov.cn/index.html?x=1#top',
    'https://etax.beijing.chinatax.gov.cn/',
    'https://INV-VERI.CHINATAX.GOV.CN/',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(true);
  });

  it.each([
    // wrong schemes
    'http://inv-veri.chinatax.gov.cn/',
    'javascript:alert(1)',
    'JavaScript://inv-veri.chinatax.gov.cn/%0aalert(1)',
    'file:///etc/passwd',
    'file://inv-veri.chinatax.gov.cn/etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'ftp://chinatax.gov.cn/',
    'app://fapiao-desk/index.html',
    'smb://chinatax.gov.cn/share',
    'ms-msdt:/id PCWDiagnostic',
    // userinfo and authority tricks
    'https://chinatax.gov.cn@evil.com/',
    'https://chinatax.gov.cn:pass@evil.com/',
    'https://user@inv-veri.chinatax.gov.cn/',
    'https://evil.com\\@chinatax.gov.cn/',
    'https://evil.com#@chinatax.gov.cn/',
    'https://evil.com?@chinatax.gov.cn/',
    'https://evil.com/.chinatax.gov.cn',
    'https://chinatax.gov.cn.evil.com/',
    'https://inv-veri.chinatax.gov.cn.evil.com/',
    'https://chinatax.gov.cn%2eevil.com/',
    'https://chinatax.gov.cn%40evil.com/',
    'https://chinatax.gov.cn:8443/',
    'https://chinatax.gov.cn:443/', // an explicit port, even the default one, is not how the sites link

    'https://chinatax.gov.cn./',
    // lookalikes
    'https://evilchinatax.gov.cn/',
    'https://chinatax.gov.cn-evil.com/',
    'https://chinatax-gov.cn/',
    'https://chinatax.gov.com/',
    'https://xn--chinatx-9ig.gov.cn/',
    'https://chinatаx.gov.cn/', // Cyrillic а
    'https://ｃｈｉｎａｔａｘ.gov.cn/', // full-width letters that the parser would fold
    // malformed, hidden characters, parser repairs
    'https:chinatax.gov.cn',
    'https:/chinatax.gov.cn',
    'https:\\\\chinatax.gov.cn',
    ' https://chinatax.gov.cn/',
    'https://chinatax.gov.cn/\n',
    'https://chinatax.gov.cn\t/',
    'https://chinatax.gov.cn\u0000/',
    'https://',
    '//chinatax.gov.cn/',
    'chinatax.gov.cn',
    '',
    `https://chinatax.gov.cn/${'a'.repeat(3000)}`,
    'https://127.0.0.1/',
    'https://[::1]/',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['https://chinatax.gov.cn/'], new URL('https://chinatax.gov.cn/')])('refuses non-strings (%s)', (value) => {
    expect(isAllowedExternalUrl(value)).toBe(false);
  });
});

describe('isTrustedSenderUrl', () => {
  it.each(['app://fapiao-desk/', 'app://fapiao-desk/index.html', 'app://fapiao-desk/index.html#/issuance', 'app://fapiao-desk/index.html?x=1', APP_START_URL])(
    'trusts %s',
    (url) => expect(isTrustedSenderUrl(url)).toBe(true),
  );

  it.each([
    'app://fapiao-desk',
    'app://evil/',
    'app://fapiao-desk.evil/',
    'app://fapiao-desk@evil/',
    'app://evil@fapiao-desk/',
    'app://fapiao-desk:1234/',
    'APP://FAPIAO-DESK/',
    'app://FAPIAO-DESK/',
    'apps://fapiao-desk/',
    'https://fapiao-desk/',
    'http://127.0.0.1:5173/',
    'file:///opt/Fapiao Desk/resources/app.asar/dist/renderer/index.html',
    'about:blank',
    'about:srcdoc',
    'devtools://devtools/bundled/inspector.html',
    'chrome-extension://abc/',
    'data:text/html,hi',
    '',
    ' app://fapiao-desk/',
    'app://fapiao-desk/\n',
    'app://fapiao-desk\\/',
  ])('does not trust %s', (url) => expect(isTrustedSenderUrl(url)).toBe(false));

  it.each([undefined, null, 1, {}])('does not trust non-strings (%s)', (value) => expect(isTrustedSenderUrl(value)).toBe(false));
});

describe('resolveAppAssetPath', () => {
  const root = path.resolve('/srv/fapiao/dist/renderer');
  const inRoot = (...parts: string[]) => path.join(root, ...parts);

  it.each([
    ['app://fapiao-desk/', inRoot('index.html')],
    ['app://fapiao-desk', inRoot('index.html')],
    ['app://fapiao-desk/?x=1', inRoot('index.html')],
    ['app://fapiao-desk/#/history', inRoot('index.html')],
    ['app://fapiao-desk/index.html', inRoot('index.html')],
    ['app://fapiao-desk/index.html?v=2#x', inRoot('index.html')],
    ['app://fapiao-desk/assets/index-B1c2D3.js', inRoot('assets', 'index-B1c2D3.js')],
    ['app://fapiao-desk/assets/fonts/%E5%AE%8B%E4%BD%93.woff2', inRoot('assets', 'fonts', '宋体.woff2')],
    ['app://fapiao-desk/assets/a%20b.png', inRoot('assets', 'a b.png')],
    ['app://fapiao-desk/.well-known', inRoot('.well-known')],
    ['app://fapiao-desk/a..b.js', inRoot('a..b.js')],
  ])('maps %s', (url, expected) => {
    expect(resolveAppAssetPath(root, url)).toBe(expected);
  });

  it('resolves a relative root', () => {
    expect(resolveAppAssetPath('dist/renderer', 'app://fapiao-desk/index.html')).toBe(path.resolve('dist/renderer/index.html'));
  });

  it.each([
    // traversal, plain and encoded
    'app://fapiao-desk/../secret.txt',
    'app://fapiao-desk/assets/../../secret.txt',
    'app://fapiao-desk/assets/..',
    'app://fapiao-desk/./index.html',
    'app://fapiao-desk/%2e%2e/secret.txt',
    'app://fapiao-desk/%2E%2E/secret.txt',
    'app://fapiao-desk/.%2e/secret.txt',
    'app://fapiao-desk/%2e./secret.txt',
    'app://fapiao-desk/%252e%252e/secret.txt',
    'app://fapiao-desk/%c0%ae%c0%ae/secret.txt',
    // encoded or literal separators
    'app://fapiao-desk/..%2fsecret.txt',
    'app://fapiao-desk/assets%2f..%2f..%2fsecret.txt',
    'app://fapiao-desk/%2F%2E%2E%2Fsecret.txt',
    'app://fapiao-desk/..%5csecret.txt',
    'app://fapiao-desk/assets%5C..%5C..%5Csecret.txt',
    'app://fapiao-desk/..\\secret.txt',
    'app://fapiao-desk\\..\\secret.txt',
    // absolute paths and drives
    'app://fapiao-desk//etc/passwd',
    'app://fapiao-desk/%2fetc/passwd',
    'app://fapiao-desk/C:/Windows/win.ini',
    'app://fapiao-desk/C%3A%5CWindows%5Cwin.ini',
    'app://fapiao-desk/index.html:$DATA',
    'app://fapiao-desk/\\\\server\\share\\x',
    // NUL and controls
    'app://fapiao-desk/index.html%00.png',
    'app://fapiao-desk/index.html\u0000',
    'app://fapiao-desk/a%0ab',
    'app://fapiao-desk/a\nb',
    'app://fapiao-desk/a%7Fb',
    'app://fapiao-desk/a%3Fb.js',
    'app://fapiao-desk/a%7Cb.js',
    // Windows names
    'app://fapiao-desk/CON',
    'app://fapiao-desk/assets/nul.js',
    'app://fapiao-desk/index.html.',
    'app://fapiao-desk/index.html%20',
    // directories
    'app://fapiao-desk/assets/',
    'app://fapiao-desk/assets//x.js',
    // malformed encoding
    'app://fapiao-desk/%E5%AE',
    'app://fapiao-desk/%zz',
    // wrong scheme, host, authority
    'app://evil/index.html',
    'app://fapiao-desk.evil/index.html',
    'app://fapiao-desk@evil/index.html',
    'app://evil@fapiao-desk/index.html',
    'app://fapiao-desk:80/index.html',
    'app://FAPIAO-DESK/index.html',
    'https://fapiao-desk/index.html',
    'file:///srv/fapiao/dist/renderer/index.html',
    'app:/fapiao-desk/index.html',
    'app:fapiao-desk/index.html',
    '/index.html',
    '',
  ])('refuses %s', (url) => {
    expect(resolveAppAssetPath(root, url)).toBeNull();
  });

  it('refuses non-strings and very long URLs', () => {
    expect(resolveAppAssetPath(root, undefined)).toBeNull();
    expect(resolveAppAssetPath(root, 42)).toBeNull();
    expect(resolveAppAssetPath(root, `app://fapiao-desk/${'a/'.repeat(2000)}x.js`)).toBeNull();
  });

  it('never returns a path outside the root, whatever the input', () => {
    const alphabet = ['..', '.', '%2e', '%2E', '%2f', '%5c', '/', '\\', 'a', '%00', '%', ':', 'C:', '%25'];
    for (let i = 0; i < 5000; i++) {
      let suffix = '';
      for (let j = 0; j < 6; j++) suffix += alphabet[(i * 7 + j * 13 + ((i >> j) & 7)) % alphabet.length];
      const result = resolveAppAssetPath(root, `app://fapiao-desk/${suffix}`);
      if (result !== null) expect(result.startsWith(root + path.sep)).toBe(true);
    }
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/u);
      return [name, values.join(' ')] as const;
    }),
  );

  it('is the same string the browser harness imports', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(HARNESS_CSP);
  });

  it.each([
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob:"],
    ['font-src', "'self' data:"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ])('sets %s to %s', (name, value) => {
    expect(directives.get(name)).toBe(value);
  });

  it('never allows script evaluation or inline scripts', () => {
    expect(directives.get('script-src')).not.toMatch(/unsafe-(eval|inline)|\*|data:|blob:/u);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/u);
  });
});
