/**
 * Amount in words (金额大写) as printed on invoices and read back by clerks: 1234.56 → 壹仟贰佰叁拾肆元伍角陆分.
 * Written here rather than taken from a library because the conventions that matter to a clerk differ
 * between libraries: 整 only when there are no jiao and fen (10.50 → 壹拾元伍角), one 零 for any run of zeros
 * (1000000.01 → 壹佰万元零壹分), 负 for red invoices, and 元 or 圆 to match the paper form (docs/architecture.md §8).
 */
import Decimal from 'decimal.js';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
/** Every 4 digits a section unit: 万 (10⁴), 亿 (10⁸), 万亿 (10¹²). */
const SECTIONS = ['', '万', '亿', '万亿'];

export interface AmountInWordsOptions {
  /** The yuan character: 元 (default) or 圆, as the paper form prints it. */
  yuan?: '元' | '圆';
}

/** Four digits (0–9999) in words, without leading or trailing 零. */
function sectionInWords(section: string): string {
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < section.length; i++) {
    const digit = Number(section[i]);
    const place = section.length - 1 - i;
    if (digit === 0) {
      if (out !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += DIGITS[digit]! + PLACES[place]!;
  }
  return out;
}

function integerInWords(integer: string): string {
  if (/^0+$/.test(integer)) return '';
  const sections: string[] = [];
  for (let end = integer.length; end > 0; end -= 4) sections.unshift(integer.slice(Math.max(0, end - 4), end));
  let out = '';
  let pendingZero = false;
  sections.forEach((section, index) => {
    const unit = SECTIONS[sections.length - 1 - index]!;
    if (Number(section) === 0) {
      if (out !== '') pendingZero = true;
      return;
    }
    // A zero between sections (壹万零壹) or at the head of a non-leading section (壹万零壹佰).
    if (out !== '' && (pendingZero || section.padStart(4, '0').startsWith('0'))) out += '零';
    pendingZero = false;
    out += sectionInWords(section.replace(/^0+/, '')) + unit;
  });
  return out;
}

/**
 * The amount, rounded half-up to fen, in words. Throws on text that is not a number or on amounts of
 * 10¹⁶ yuan and more (no invoice carries them; silently printing a wrong amount would be worse).
 */
export function amountInWords(amount: Decimal.Value, options: AmountInWordsOptions = {}): string {
  const yuan = options.yuan ?? '元';
  const value = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (!value.isFinite()) throw new Error(`不是有效金额：${String(amount)}`);
  if (value.abs().gte('1e16')) throw new Error(`金额过大，无法转换为大写：${value.toFixed(2)}`);
  const [integer = '0', fraction = '00'] = value.abs().toFixed(2).split('.');
  const jiao = Number(fraction[0]);
  const fen = Number(fraction[1]);
  const sign = value.isNegative() && !value.isZero() ? '负' : '';

  const whole = integerInWords(integer);
  if (whole === '' && jiao === 0 && fen === 0) return `零${yuan}整`;
  let out = whole === '' ? '' : whole + yuan;
  if (jiao === 0 && fen === 0) return `${sign}${out}整`;
  if (jiao > 0) out += DIGITS[jiao]! + '角';
  else if (whole !== '') out += '零'; // 壹佰万元零壹分: the missing jiao is read as a zero
  if (fen > 0) out += DIGITS[fen]! + '分';
  return sign + out;
}
