/**
 * A file name shown as it is spelled, not as it renders (issue 34 point 6): characters that reorder or hide
 * text — the bidi controls U+202A–U+202E and U+2066–U+2069, U+200E/U+200F and U+061C, the zero-width ones
 * U+200B–U+200D, U+2060–U+2064 and U+FEFF, the line and paragraph separators, and C0/C1 control characters — are
 * written out as `<U+202E>`. So `invoice\u202Egnp.exe`, which a screen shows as "invoiceexe.png", is listed as
 * `invoice<U+202E>gnp.exe`: what it really ends with can be read. Main escapes every received file's name once,
 * when it is taken in (and names kept from before when they are read); nothing else is changed.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/gu;

export function escapeHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, (char) => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
}

/** Whether a name holds any character escapeHiddenCharacters writes out. */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text);
}
