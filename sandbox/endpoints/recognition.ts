/**
 * POST /input/openApi/ocr (spec endpoint 1), answered in E3. The picture is decoded and read by
 * ../recognition/; the returnCode of each refusal is the sandbox's choice (../recognition/codes.ts)
 * because the spec shows only 0000.
 */
import { BASE64_PATTERN, OcrRequest } from '../../shared/spec/ocr.js';
import type { EndpointHandler } from '../context.js';
import type { SandboxReply } from '../envelope.js';
import { OCR_CODES, OCR_MESSAGES, type OcrCode } from '../recognition/codes.js';
import { recognisePicture } from '../recognition/recognise.js';
import { taxAuthorityOf } from './tax-authority-access.js';

/** Some clients send a data URL or MIME-wrapped base64; both are the same bytes. */
const DATA_URL_PREFIX = /^data:[^,]*;base64,/;

function e3(code: OcrCode, detail: string | undefined, invoice: unknown[] = []): SandboxReply {
  const returnMessage = detail ? `${OCR_MESSAGES[code]}：${detail}` : OCR_MESSAGES[code];
  return { httpStatus: 200, body: { returnStateInfo: { returnCode: code, returnMessage }, invoice } };
}

/** The code of a malformed request: empty before too long before anything else. */
function refusal(json: unknown): SandboxReply | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return e3(OCR_CODES.format, '请求体必须是 JSON 对象');
  const body = json as Record<string, unknown>;
  for (const field of ['uuid', 'picture'] as const) {
    const value = body[field];
    if (value === undefined || value === null || value === '') return e3(OCR_CODES.fieldMissing, `${field} 不能为空`);
    if (typeof value !== 'string') return e3(OCR_CODES.format, `${field} 必须是字符串`);
  }
  const parsed = OcrRequest.safeParse(json);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big') return e3(OCR_CODES.fieldLength, issue.message);
  return e3(OCR_CODES.format, parsed.error.issues.map((each) => each.message).join('；'));
}

export const recognise: EndpointHandler = async (request, context) => {
  const refused = refusal(request.json);
  if (refused) return refused;
  const { picture } = OcrRequest.parse(request.json);
  const base64 = picture.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!BASE64_PATTERN.test(base64) || base64.length % 4 === 1) return e3(OCR_CODES.format, 'picture 不是 base64 编码');
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const outcome = await recognisePicture(bytes, taxAuthorityOf(context));
  if (!outcome.ok) return e3(outcome.code, outcome.detail);
  return e3(OCR_CODES.success, `共识别 ${outcome.invoices.length} 张发票`, outcome.invoices);
};
