/**
 * Structural checks on an untrusted IPC payload before zod sees it: size, depth, and keys that could
 * pollute prototypes. Done by walking the value once, without serialising it (a 10 MB string costs
 * nothing extra to measure).
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/** A refusal names its message key (errors.ipc.<key> in the renderer locales), params and English for the log. */
export type GuardResult = { ok: true } | { ok: false; tooLarge: boolean; key: string; params: Record<string, string | number>; message: string };

const refuse = (key: string, params: Record<string, string | number>, message: string, tooLarge = false): GuardResult => ({ ok: false, tooLarge, key, params, message });

export function inspectPayload(payload: unknown, maxBytes: number): GuardResult {
  let bytes = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: payload, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) return refuse('ipc.tooDeep', { max: MAX_DEPTH }, `request nested deeper than ${MAX_DEPTH} levels`);
    if (typeof value === 'string') bytes += value.length * 2;
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) bytes += 8;
    else if (Array.isArray(value)) {
      bytes += 8;
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
    } else if (typeof value === 'object') {
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        return refuse('ipc.notPlainData', {}, 'request may hold only plain objects, arrays, strings, numbers and booleans');
      }
      for (const key of Reflect.ownKeys(value)) {
        if (typeof key !== 'string') return refuse('ipc.symbolKey', {}, 'request has a symbol key');
        if (FORBIDDEN_KEYS.has(key)) return refuse('ipc.forbiddenKey', { key }, `request has the forbidden key ${key}`);
        bytes += key.length * 2;
        stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
      }
    } else {
      return refuse('ipc.unsupportedValue', { type: typeof value }, `request has a value of unsupported type ${typeof value}`);
    }
    if (bytes > maxBytes) return refuse('ipc.tooLarge', { kb: Math.floor(maxBytes / 1024) }, `request larger than ${Math.floor(maxBytes / 1024)} KB`, true);
  }
  return { ok: true };
}
