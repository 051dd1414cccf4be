/** IPC shapes of certification (认证): submit a batch of received invoices, follow it to its result. */
import { z } from 'zod';

export const CertificationSubmit = z.strictObject({
  period: z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, '税款所属期格式应为 yyyyMM').describe('SQSKSSQ: the current tax period, yyyyMM'),
  items: z
    .array(
      z.strictObject({
        FPDM: z.string().regex(/^(\d{10}|\d{12})$/, '发票代码应为 10 或 12 位数字').describe('Invoice code'),
        FPHM: z.string().regex(/^\d{8}$/, '发票号码应为 8 位数字').describe('Invoice number'),
        FPLXDM: z.enum(['01', '03', '08', '14']).describe('Invoice type: 01 special, 03 motor vehicle, 08 electronic special, 14 toll'),
        SQRZLX: z.enum(['1', '2', '3', '4', '5', '6']).describe('Application: 1 deduct, 2 refund, 3 agent refund, 4 not deduct, 5/6 cancel'),
        YXSE: z.string().regex(/^\d{1,14}(\.\d{1,2})?$/, '有效税额格式不正确').optional().describe('Valid tax amount; the invoice tax when absent'),
      }),
    )
    .min(1, '至少选择一张发票')
    .max(500, '一批最多 500 张发票')
    .describe('Invoices to certify'),
});

export const CertificationBatchView = z.strictObject({
  PCH: z.string().describe('Batch number (the idempotency key)'),
  SQSKSSQ: z.string(),
  status: z.enum(['queued', 'submitted', 'processing', 'done', 'rejected', 'failed']).describe('Local state of the batch'),
  ZTDM: z.string().nullable().describe('Status code of the application or the last result'),
  ZTXX: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(
    z.strictObject({
      FPDM: z.string(),
      FPHM: z.string(),
      FPLXDM: z.string(),
      SQRZLX: z.string(),
      RZZT: z.string().nullable().describe('0 not certified, 1 certified'),
      RZCLZT: z.string().nullable().describe('Processing status 0–5'),
      SBYY: z.string().nullable().describe('Failure reason when RZCLZT is 5'),
      YXSE: z.string().describe('Valid tax sent (empty: the service default, the tax)'),
      retryable: z.boolean().describe('Failed with a reason the spec says may be requested again, and not resent yet'),
    }),
  ),
});
export type CertificationBatchView = z.infer<typeof CertificationBatchView>;

const ApplicationType = z.enum(['1', '2', '3', '4', '5', '6']).describe('SQRZLX: 1 deduct, 2 refund, 3 agent refund, 4 not deduct, 5 cancel deduction, 6 cancel non-deduction');
const Ids = z.array(z.number().int().min(1)).min(1, '至少选择一张发票').max(20_000);

export const IneligibleReason = z.enum(['certified', 'notCertified', 'status', 'management', 'outsideWindow', 'pastDeadline', 'type', 'pending']);

export const CertificationCheck = z.strictObject({ ids: Ids, SQRZLX: ApplicationType });
export const CertificationCheckResult = z.array(
  z.strictObject({
    id: z.number().int(),
    FPDM: z.string(),
    FPHM: z.string(),
    FPLXDM: z.string(),
    SE: z.string().nullable(),
    reason: IneligibleReason.nullable().describe('Why it cannot be sent; null when it can'),
  }),
);
export type CertificationCheckResult = z.infer<typeof CertificationCheckResult>;

export const CertificationSelection = z.strictObject({
  ids: Ids,
  SQRZLX: ApplicationType,
  validTax: z.record(z.string().regex(/^\d+$/), z.string().max(20)).optional().describe('YXSE per invoice id, when lowered below the tax'),
});

export const CertificationSubmitted = z.strictObject({ PCHs: z.array(z.string()).describe('One batch number per batch of at most 500') });

export const CertificationSummary = z.strictObject({
  period: z.string().nullable().describe('The current tax period of the active enterprise (from collection)'),
  deadline: z.string().nullable().describe('GXJZR, yyyyMMdd'),
  daysLeft: z.number().int().nullable(),
  warn: z.boolean().describe('The deadline is three days away or less'),
  certified: z.strictObject({ count: z.number().int(), amount: z.string(), tax: z.string(), validTax: z.string() }),
  items: z.strictObject({ pending: z.number().int(), succeeded: z.number().int(), failed: z.number().int(), retryable: z.number().int() }),
});
export type CertificationSummary = z.infer<typeof CertificationSummary>;
