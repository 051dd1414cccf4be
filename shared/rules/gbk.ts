/**
 * GBK length of a text, as the spec counts the issuance and red-letter payloads: an ASCII character
 * counts 1, any other character counts 2 when GBK can encode it, and a character outside GBK makes the
 * text unsendable (the service stores GBK, so such a character would be lost or refused).
 *
 * Approach: shared/ must run in a browser too, so there is no iconv and no node:*. Instead the set of
 * GBK-encodable characters is built once, lazily, by decoding every valid GBK 2-byte sequence (lead
 * 0x81–0xFE, trail 0x40–0x7E and 0x80–0xFE) with the WHATWG `TextDecoder('gbk')`, which every browser
 * and Node with ICU provide. All sequences go through one decode call, each followed by a '\n' separator;
 * a sequence that maps to nothing decodes to U+FFFD (possibly followed by its ASCII trail byte), so a
 * segment counts only when it is exactly one character other than U+FFFD.
 *
 * The user-defined areas (which decode to the Private Use Area) are left out on purpose: those code points
 * have no agreed glyph and the tax authority's systems do not print them.
 */

const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;

/** One flag per BMP code point; GBK's 2-byte area maps only into the BMP. */
let encodable: Uint8Array | undefined;

function buildEncodableTable(): Uint8Array {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder('gbk');
  } catch (cause) {
    throw new Error('This runtime has no GBK TextDecoder (Node needs full ICU); GBK lengths cannot be counted', { cause });
  }
  const bytes: number[] = [];
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      bytes.push(lead, trail, 0x0a);
    }
  }
  const table = new Uint8Array(0x10000);
  for (const segment of decoder.decode(new Uint8Array(bytes)).split('\n')) {
    if (segment.length !== 1) continue;
    const code = segment.charCodeAt(0);
    if (code === 0xfffd || code < 0x80) continue;
    if (code >= PRIVATE_USE_FIRST && code <= PRIVATE_USE_LAST) continue;
    table[code] = 1;
  }
  return table;
}

/** True when GBK encodes this single character (ASCII included). */
export function isGbkCharacter(char: string): boolean {
  const code = char.codePointAt(0);
  if (code === undefined || char.length !== (code > 0xffff ? 2 : 1)) return false;
  if (code < 0x80) return true;
  if (code > 0xffff) return false;
  encodable ??= buildEncodableTable();
  return encodable[code] === 1;
}

/** The text's length in GBK bytes (Chinese character 2, ASCII 1), or null when a character is outside GBK. */
export function gbkLength(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (!isGbkCharacter(char)) return null;
    length += char.length === 1 && char.charCodeAt(0) < 0x80 ? 1 : 2;
  }
  return length;
}

/** The first character of the text that GBK cannot encode, if any (for error messages). */
export function firstNonGbkCharacter(text: string): string | undefined {
  for (const char of text) {
    if (!isGbkCharacter(char)) return char;
  }
  return undefined;
}
