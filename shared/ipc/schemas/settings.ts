/** IPC shapes of the settings feature: which invoice service the app talks to. Secrets go in, never out. */
import { z } from 'zod';
import { serviceUrlProblem } from '../../rules/service-url.js';
import { Environment } from './app.js';

const HttpUrl = z
  .string()
  .trim()
  .max(300)
  .refine((value) => serviceUrlProblem(value) === null, '服务地址必须是 https:// 开头的网址（http:// 只允许本机地址），且不含用户名和密码')
  .describe('Base address of the remote invoice service: https, plain http only for loopback; endpoint paths are appended to it');

export const SellerSettings = z
  .strictObject({
    taxNumber: z.string().trim().min(15, '税号为15到20位').max(20, '税号为15到20位').describe('xhdwsbh: seller tax ID'),
    name: z.string().trim().min(1, '销售方名称不能为空').max(100).describe('xhdwmc: seller name'),
  })
  .describe('The enterprise invoices are issued for in the remote environment');

export const SettingsView = z
  .strictObject({
    environment: Environment.describe('The environment saved in settings (used from the next start)'),
    activeEnvironment: Environment.describe('The environment the running core talks to'),
    restartRequired: z.boolean().describe('true when saved settings differ from what the running core uses'),
    remote: z
      .strictObject({
        baseUrl: z.string().describe('Saved base address of the remote service'),
        appKey: z.string().describe('Saved AppKey of the remote service'),
        hasAppSecret: z.boolean().describe('Whether an AppSecret is stored in the vault (its value never leaves main)'),
        appSecretUnreadable: z
          .boolean()
          .describe('true when the stored AppSecret can no longer be decrypted (keychain changed): settings asks for it again'),
        seller: SellerSettings.nullable(),
      })
      .nullable()
      .describe('Saved remote service settings, null when none were ever saved'),
    secretBackend: z.string().describe('Which encryption backend seals stored secrets (diagnostics)'),
  })
  .describe('What the renderer may know about the service settings');
export type SettingsView = z.infer<typeof SettingsView>;

export const SetRemoteRequest = z
  .strictObject({
    baseUrl: HttpUrl,
    appKey: z.string().trim().min(1, 'AppKey 不能为空').max(100).describe('AppKey issued by the service vendor'),
    appSecret: z
      .string()
      .min(1, 'AppSecret 不能为空')
      .max(200)
      .optional()
      .describe('AppSecret; sealed into the vault. Omit to keep the stored one (only when address and AppKey stay the same)'),
    seller: SellerSettings.optional(),
  })
  .describe('Use a remote invoice service from the next start');
export type SetRemoteRequest = z.infer<typeof SetRemoteRequest>;

export const ConnectionTestResult = z
  .strictObject({
    ok: z.boolean().describe('true when the service answered the signed call with success'),
    authenticated: z.boolean().describe('true when the service accepted the signature (answered with anything but 2002)'),
    environment: Environment,
    baseUrl: z.string().describe('Address that was called'),
    endpoint: z.string().describe('METHOD /path of the call that was made'),
    httpStatus: z.number().int().nullable().describe('HTTP status, null when no answer came'),
    code: z.string().nullable().describe("The service's result code (E1 code), when it answered in an envelope"),
    key: z
      .enum(['ok', 'timeout', 'unreachable', 'unrecognised', 'signatureRefused', 'queryRefused'])
      .describe('What happened, as the key of its sentence (settings.test.<key> in the renderer)'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).describe("The sentence's params (the service's own words travel here)"),
    message: z.string().describe('What happened, in English for logs (the clerk reads the key)'),
    durationMs: z.number().int().describe('How long the call took'),
  })
  .describe('Outcome of a harmless signed call to the configured service');
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;
