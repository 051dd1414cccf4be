/**
 * The renderer's Content-Security-Policy, in one plain module (no `electron`, no `node:*`) so that the
 * Electron `app://` protocol and the browser harness send exactly the same header (docs/architecture.md §11.3:
 * "identical in tests").
 *
 * Sent as an HTTP header, not a <meta> tag: `frame-ancestors` is ignored in <meta>, and a header cannot
 * be removed by anything that manages to write into the document.
 */
const directives: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  // Only our own bundled scripts: no inline <script>, no eval, no remote code.
  ['script-src', "'self'"],
  // 'unsafe-inline' for styles only, because antd's CSS-in-JS (@ant-design/cssinjs) injects <style>
  // elements at run time. Inline *styles* cannot execute code; scripts stay strict.
  ['style-src', "'self' 'unsafe-inline'"],
  // data:/blob: for previews of scanned or dropped invoices and generated QR codes.
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  // The renderer talks to main through IPC (or the harness bridge on its own origin), never to the net.
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

export const CONTENT_SECURITY_POLICY: string = directives.map(([name, value]) => `${name} ${value}`).join('; ');
