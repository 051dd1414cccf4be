/**
 * Structural checks on an untrusted IPC payload before zod sees it: size, depth, and keys that could
 * pollute prototypes. Done by walking the value once, without serialising it (a 10 MB string costs
 * nothing extra to measure).
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

export type GuardResult = { ok: true } | { ok: false; tooLarge: boolean; message: string };

export function inspectPayload(payload: unknown, maxBytes: number): GuardResult {
  let bytes = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: payload, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) return { ok: false, tooLarge: false, message: `请求嵌套超过 ${MAX_DEPTH} 层` };
    if (typeof value === 'string') bytes += value.length * 2;
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) bytes += 8;
    else if (Array.isArray(value)) {
      bytes += 8;
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
    } else if (typeof value === 'object') {
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        return { ok: false, tooLarge: false, message: '请求只能包含普通对象、数组、字符串、数字和布尔值' };
      }
      for (const key of Reflect.ownKeys(value)) {
        if (typeof key !== 'string') return { ok: false, tooLarge: false, message: '请求包含不允许的符号键' };
        if (FORBIDDEN_KEYS.has(key)) return { ok: false, tooLarge: false, message: `请求包含不允许的字段名 ${key}` };
        bytes += key.length * 2;
        stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
      }
    } else {
      return { ok: false, tooLarge: false, message: `请求包含不支持的值类型 ${typeof value}` };
    }
    if (bytes > maxBytes) return { ok: false, tooLarge: true, message: `请求过大（上限 ${Math.floor(maxBytes / 1024)} KB）` };
  }
  return { ok: true };
}
