/**
 * Near-twin SQL between the ledger's two adapters (issue 36): the statements of the desk's SQLite stores and
 * of the team's PostgreSQL stores, read out of the source by the TypeScript parser, normalised so that what
 * only the dialect spells differently reads the same, and compared as multisets of tokens. Used by
 * test/unit/ledger/sql-twins.test.ts, which says which files are which side and holds the ratchet.
 *
 * A statement is a string or template literal (a template's `${…}` read as one placeholder token) that
 * - starts, after blanks and opening parentheses, with SELECT, INSERT, UPDATE, DELETE or WITH in capitals
 *   followed by a blank: the statements that read or change data. Schema (CREATE, ALTER, triggers) lives in
 *   migrations, which neither side includes; the code writes SQL keywords in capitals, so `select …` or
 *   `Update` in lower case is prose, not SQL; or
 * - is a fragment of one: it starts with a clause keyword (WHERE, AND, JOIN, ORDER BY, SET, VALUES, EXISTS,
 *   CASE …) and has at least FRAGMENT_TOKENS tokens, so that a statement assembled from pieces still counts
 *   by its larger pieces while a two-word condition (`AND x = ?`, twin of every other) does not.
 * Each literal counts once, where it is written: a piece written inside another template's `${…}` is a statement
 * of its own, and in the outer one a placeholder.
 *
 * Normalised, a statement is its tokens: words and punctuation in one case; every parameter (`$1`, `$${n}`,
 * `?`, `@name`, `:name`) one token; identifiers unquoted and without underscores (`tax_number`, `taxNumber`,
 * `"taxNumber"` read alike, as `CJJSRQ` and `cjjsrq` do); a PostgreSQL cast (`::float8`, `::text[]`) dropped —
 * it is how the team's statements make node-postgres answer what better-sqlite3 does (a number, not a
 * bigint's text), not a different statement. SQL strings ('pending') are one token each.
 *
 * Similarity is the multiset Jaccard index |A ∩ B| / |A ∪ B| of two token lists, each token counted as often
 * as it occurs. Jaccard rather than Dice: Dice scores two three-word calls (`SELECT fapiao_sign_out()` and
 * `SELECT total_changes()`) 0.75, a hair under a twin; Jaccard 0.6.
 *
 * Calibrated against the issue's measure (105 of 161 PostgreSQL statements with a twin at 0.8, 75 at 0.9, against
 * 194 SQLite ones): when this was written it counts 192 PostgreSQL statements (178 of them in stores/, outbox*.ts
 * and history-search.ts, the rest the adapter's plumbing) against 220 SQLite, 106 with a twin at 0.8 and 76 at
 * 0.9. Dice would say 122 and 101; keeping the casts, 92 and 61.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Statement {
  /** Path from the repository root, with `/`. */
  file: string;
  line: number;
  /** The literal's text, each `${…}` as EXPR_MARK. */
  text: string;
  tokens: string[];
}

/** A fragment shorter than this many tokens is too small to call anything its twin. */
export const FRAGMENT_TOKENS = 12;
/** Every parameter ($1, ?, @name, :name) as one token. */
export const PARAM = '<param>';
/** A template's `${…}` as one token. */
export const EXPR = '<expr>';
/** Where a template's `${…}` stood, in the text handed to normalise(): a private-use character no SQL holds. */
export const EXPR_MARK = '\uE000';

const STATEMENT_START = /^[\s(]*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\s/;
const FRAGMENT_START =
  /^[\s(,]*(?:WHERE|AND|OR|NOT|FROM|(?:LEFT |INNER |CROSS )?JOIN|ORDER BY|GROUP BY|HAVING|SET|VALUES|ON CONFLICT|RETURNING|UNION|EXISTS|CASE|LIMIT)\b/;

/**
 * One token per match, in this order of preference: a quoted identifier, an SQL string, a parameter in any
 * dialect, a cast, a word, a number, a two-character operator, a placeholder, any other visible character.
 */
const TOKEN =
  /"(?<quoted>[^"]*)"|(?<string>'(?:[^']|'')*')|(?<param>\$(?:\d+|\uE000)|\?|[@:][A-Za-z_]\w*)|(?<cast>::\s*(?:[A-Za-z_]\w*|\uE000)(?:\s*\[\s*\])?)|(?<word>[A-Za-z_]\w*)|(?<number>\d+(?:\.\d+)?)|(?<op><>|!=|<=|>=|\|\|)|(?<expr>\uE000)|(?<other>\S)/g;

/** An identifier or keyword in one case, underscores removed. */
const identifier = (word: string) => word.toLowerCase().replaceAll('_', '');

/** A statement's tokens (header: normalised). */
export function normalise(sql: string): string[] {
  const tokens: string[] = [];
  for (const match of sql.matchAll(TOKEN)) {
    const group = match.groups ?? {};
    if (group.cast !== undefined) continue;
    if (group.quoted !== undefined) tokens.push(identifier(group.quoted));
    else if (group.param !== undefined) tokens.push(PARAM);
    else if (group.word !== undefined) tokens.push(identifier(group.word));
    else if (group.expr !== undefined) tokens.push(EXPR);
    else tokens.push(match[0].toLowerCase());
  }
  return tokens;
}

/** Multiset Jaccard index of two token lists: shared tokens over all tokens, each counted as often as it occurs. */
export function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const token of a) counts.set(token, (counts.get(token) ?? 0) + 1);
  let shared = 0;
  for (const token of b) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(token, left - 1);
    }
  }
  return shared / (a.length + b.length - shared);
}

/** Whether a literal's text is a statement or a large enough fragment of one (header). */
export function isSql(text: string, tokens: readonly string[]): boolean {
  return STATEMENT_START.test(text) || (FRAGMENT_START.test(text) && tokens.length >= FRAGMENT_TOKENS);
}

/** The statements of a module's source text; `file` names it in each statement. */
export function statementsIn(file: string, sourceText: string): Statement[] {
  const source = ts.createSourceFile(file, sourceText, ts.ScriptTarget.Latest, true);
  const found: Statement[] = [];
  const add = (node: ts.Node, text: string) => {
    const tokens = normalise(text);
    if (isSql(text, tokens)) found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text, tokens });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(EXPR_MARK));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A word every statement or fragment starts with: a module without one is not parsed (most of main/features/ has none). */
const SQL_WORD = /\b(?:SELECT|INSERT|UPDATE|DELETE|WITH|WHERE|AND|OR|NOT|FROM|JOIN|ORDER BY|GROUP BY|HAVING|SET|VALUES|ON CONFLICT|RETURNING|UNION|EXISTS|CASE|LIMIT)\b/;

/** The statements of the modules `files` (paths from `root`). */
export const statementsOf = (root: string, files: readonly string[]): Statement[] =>
  files.flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return SQL_WORD.test(text) ? statementsIn(file, text) : [];
  });

/** The TypeScript modules under `root` that match one of `include` and none of `exclude` (globs from root), sorted. */
export function modules(root: string, include: readonly string[], exclude: readonly string[]): string[] {
  const files = new Set(include.flatMap((pattern) => fs.globSync(pattern, { cwd: root })).map((file) => file.split(path.sep).join('/')));
  return [...files].filter((file) => file.endsWith('.ts') && !exclude.some((pattern) => path.matchesGlob(file, pattern))).sort();
}

export interface Twin {
  statement: Statement;
  twin: Statement;
  score: number;
}

/** Each statement of `side` with its most similar statement of `other`, when that one scores at least `threshold`. */
export function twins(side: readonly Statement[], other: readonly Statement[], threshold: number): Twin[] {
  return side.flatMap((statement) => {
    let best: Twin | null = null;
    for (const candidate of other) {
      // Jaccard is at most the shorter list's length over the longer's: most pairs are ruled out without counting.
      const [shorter, longer] = [statement.tokens.length, candidate.tokens.length].sort((x, y) => x - y) as [number, number];
      if (shorter < threshold * longer) continue;
      const score = similarity(statement.tokens, candidate.tokens);
      if (score >= threshold && (best === null || score > best.score)) best = { statement, twin: candidate, score };
    }
    return best ? [best] : [];
  });
}

/** `file:line` of a statement, for a developer to open. */
export const where = (statement: Statement) => `${statement.file}:${statement.line}`;

/** One line per twin: the statement, its twin and their score, and the start of the statement's text. */
export const describeTwin = ({ statement, twin, score }: Twin) =>
  `${where(statement)} ≈ ${where(twin)} (${score.toFixed(2)}): ${statement.text.replaceAll(EXPR_MARK, '${…}').replace(/\s+/g, ' ').trim().slice(0, 100)}`;
