/**
 * @needs cups
 * Reading back what the real CUPS printer `PDF` (cups-pdf) printed: wait — by condition, polling — until
 * the queue has finished the job and its file is in the cups-pdf folder, then read words and their boxes
 * with poppler's `pdftotext -bbox`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { expect } from 'vitest';

export const CUPS_PDF_PRINTER = 'PDF';
/** cups-pdf's `Out ${HOME}/PDF` for the user the job ran as (root in CI). */
export const CUPS_PDF_DIR = process.env.CUPS_PDF_DIR ?? path.join(os.homedir(), 'PDF');
export const MM_PER_PT = 25.4 / 72;

export interface Word {
  page: number;
  text: string;
  /** In mm from the page's top-left corner. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

function jobFinished(jobId: string): boolean {
  const pending = execFileSync('lpstat', ['-W', 'not-completed', '-o', CUPS_PDF_PRINTER], { env: { ...process.env, LANG: 'C' } }).toString();
  return !pending.split('\n').some((line) => line.startsWith(`${jobId} `));
}

/** The file cups-pdf wrote for a job id like "PDF-12", once the job is done. */
export async function waitForPrintedPdf(jobId: string): Promise<string> {
  const number = jobId.split('-').pop();
  const find = () => (fs.existsSync(CUPS_PDF_DIR) ? fs.readdirSync(CUPS_PDF_DIR).find((name) => name.endsWith(`-job_${number}.pdf`)) : undefined);
  await expect.poll(() => jobFinished(jobId) && find() !== undefined, { timeout: 60_000, interval: 100 }).toBe(true);
  return path.join(CUPS_PDF_DIR, find()!);
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function pdfWords(file: string): Word[] {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-']).toString();
  const words: Word[] = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (!match) continue;
    words.push({
      page,
      text: unescape(match[5]!),
      xMin: Number(match[1]) * MM_PER_PT,
      yMin: Number(match[2]) * MM_PER_PT,
      xMax: Number(match[3]) * MM_PER_PT,
      yMax: Number(match[4]) * MM_PER_PT,
    });
  }
  return words;
}

export function pdfPageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file]).toString();
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** The amounts printed on the line of a page's caption (a goods list's 小计 or 总计), left to right. */
export function amountsRightOf(words: Word[], caption: string, page: number): Decimal[] {
  const label = words.find((word) => word.page === page && word.text === caption)!;
  return words
    .filter((word) => word.page === page && Math.abs(word.yMin - label.yMin) < 0.5 && word.xMin > label.xMax && /^-?\d+\.\d{2}$/.test(word.text))
    .sort((a, b) => a.xMin - b.xMin)
    .map((word) => new Decimal(word.text));
}
