/**
 * returnCode values of the OCR endpoint (E3). The spec defines only 0000 (success) and leaves the others
 * open ("other returnCode values: not shown"), so these are the sandbox's choice, reusing the meanings of
 * the spec's tables where one fits (1008/1009 from the verification table, 2002/2003 as every endpoint
 * answers them) and a 4xxx range for what only recognition can fail at. docs/sandbox/rules-intake.md
 * lists them.
 */
export const OCR_CODES = {
  success: '0000',
  /** uuid or picture missing or empty. */
  fieldMissing: '1008',
  /** uuid longer than 32 characters. */
  fieldLength: '1009',
  /** Body not a JSON object, a member of the wrong type or unknown, picture not base64. */
  format: '2003',
  /** The picture is none of PNG, JPEG, PDF, OFD or XML. */
  unsupportedFile: '4001',
  /** The file was read but holds no invoice: no invoice QR code, no invoice fields in the XML. */
  noInvoice: '4002',
  /** The file claims a type but cannot be read as it (truncated PDF, broken zip, malformed XML). */
  unreadableFile: '4003',
  /** A picture (or an image in a PDF/OFD) whose header claims more pixels than the caps: refused, not decoded. */
  pictureTooLarge: '4004',
} as const;

export type OcrCode = (typeof OCR_CODES)[keyof typeof OCR_CODES];

export const OCR_MESSAGES: Record<OcrCode, string> = {
  '0000': '识别成功',
  '1008': '字段不能为空',
  '1009': '参数长度不正确',
  '2003': '请求报文格式错误',
  '4001': '不支持的文件类型（支持 PNG、JPG、PDF、OFD、XML）',
  '4002': '未在文件中识别到发票',
  '4003': '文件已损坏或无法读取',
  '4004': '图片尺寸过大',
};
