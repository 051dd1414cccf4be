/**
 * The tax-code lookup: by code (a prefix of digits) or by words (product name, short name, keyword,
 * description). Ranked so what a clerk most likely means comes first — an exact short name or name, then
 * names and keywords that contain the words, then descriptions — and only codes that can go on an invoice
 * line (those with a rate) are offered; summary rows only explain.
 */
import type { TaxCodeEntry } from './table.js';

export interface TaxCodeIndex {
  readonly entries: readonly TaxCodeEntry[];
  search(query: string, limit: number): TaxCodeEntry[];
  byCode(code: string): TaxCodeEntry | undefined;
}

interface Indexed {
  entry: TaxCodeEntry;
  name: string;
  shortName: string;
  keywords: string;
  description: string;
}

const norm = (text: string) => text.normalize('NFKC').toLowerCase();

function score(row: Indexed, words: string[]): number {
  let total = 0;
  for (const word of words) {
    let best = 0;
    if (row.shortName === word) best = 100;
    else if (row.name === word) best = 95;
    else if (row.name.startsWith(word)) best = 80;
    else if (row.name.includes(word)) best = 70;
    else if (row.shortName.includes(word)) best = 60;
    else if (row.keywords.includes(word)) best = 50;
    else if (row.description.includes(word)) best = 20;
    if (best === 0) return 0; // every word must match somewhere
    // A word that is also in the short name (the category) is a stronger hint than a name alone.
    total += best + (best < 100 && row.shortName.includes(word) ? 15 : 0);
  }
  return total;
}

/**
 * One category (short name) can hold dozens of equally good matches — "软件" has eighteen 软件 goods — and
 * would fill the whole list; past PER_CATEGORY of one category the rest wait behind the other categories,
 * so 信息技术服务 still shows on the first page.
 */
const PER_CATEGORY = 6;
function spreadCategories(entries: TaxCodeEntry[]): TaxCodeEntry[] {
  const seen = new Map<string, number>();
  const first: TaxCodeEntry[] = [];
  const later: TaxCodeEntry[] = [];
  for (const entry of entries) {
    const count = (seen.get(entry.shortName) ?? 0) + 1;
    seen.set(entry.shortName, count);
    (count <= PER_CATEGORY ? first : later).push(entry);
  }
  return [...first, ...later];
}

export function createTaxCodeIndex(entries: readonly TaxCodeEntry[]): TaxCodeIndex {
  const usable = entries.filter((entry) => entry.rates.length > 0);
  const indexed: Indexed[] = usable.map((entry) => ({
    entry,
    name: norm(entry.name),
    shortName: norm(entry.shortName),
    keywords: norm(entry.keywords),
    description: norm(entry.description),
  }));
  const codes = new Map(entries.map((entry) => [entry.code, entry]));

  return {
    entries,
    byCode: (code) => codes.get(code),
    search(query, limit) {
      const text = norm(query).trim();
      if (text === '') return [];
      // Digits only: a code or its prefix (a clerk who knows "304020101" wants that branch).
      if (/^\d+$/.test(text)) return usable.filter((entry) => entry.code.startsWith(text)).slice(0, limit);
      const words = text.split(/[\s,，、]+/).filter(Boolean);
      const hits: Array<{ row: Indexed; score: number }> = [];
      for (const row of indexed) {
        const s = score(row, words);
        if (s > 0) hits.push({ row, score: s });
      }
      // Ties keep the table's order (codes ascending), which groups a branch together.
      hits.sort((a, b) => b.score - a.score || (a.row.entry.code < b.row.entry.code ? -1 : 1));
      return spreadCategories(hits.map((hit) => hit.row.entry)).slice(0, limit);
    },
  };
}
