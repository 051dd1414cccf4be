import { z } from 'zod';
import { LOCALE_CODES } from '../../i18n/ui-language.js';

export const Environment = z.enum(['sandbox', 'remote']).describe('Which invoice service the app talks to');
export type Environment = z.infer<typeof Environment>;

export const AppInfo = z.strictObject({
  version: z.string().describe('App version'),
  environment: Environment,
  serviceBaseUrl: z.string().describe('Base address of the invoice service in use'),
  seller: z
    .strictObject({
      taxNumber: z.string().describe('Seller tax ID (xhdwsbh) of the current enterprise'),
      name: z.string().describe('Seller name (xhdwmc) of the current enterprise'),
    })
    .describe('The enterprise invoices are issued for'),
  issuer: z.string().describe('Default issuer name (kpr)'),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** The renderer's UI language, which main uses for its native dialogs and exported workbooks. */
export const UiLocale = z.enum(LOCALE_CODES).describe('UI language of the renderer (i18next code)');
export const SetLanguageRequest = z.strictObject({ language: UiLocale });
export type SetLanguageRequest = z.infer<typeof SetLanguageRequest>;
