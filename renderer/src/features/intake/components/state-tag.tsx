/**
 * A received invoice's verification state in the clerk's words and a colour that matches it: green only
 * for 查验一致, red for what must not be reimbursed (不一致, 查无此票, 作废, 红冲), orange for a failure to
 * retry, grey for not verified or not verifiable. The words come from shared/i18n/received-texts.ts, the
 * same table the exported ledger uses. Test ids: intake-state (data-state).
 */
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VerificationStateView } from '../../../../../shared/ipc/index.js';
import { stateDetail, stateWord } from '../../../../../shared/i18n/received-texts.js';
import { uiLanguageOf, type LocaleCode } from '../../../../../shared/i18n/ui-language.js';
import type { VerificationState } from '../../../../../shared/rules/verification-state.js';

export const STATE_COLOR: Record<VerificationState, string> = {
  unverified: 'default',
  consistent: 'success',
  inconsistent: 'error',
  'not-found': 'error',
  voided: 'error',
  reversed: 'error',
  unverifiable: 'default',
  failed: 'warning',
};

/** The antd Alert type of a state, for the verification panel. */
export const STATE_ALERT: Record<VerificationState, 'success' | 'error' | 'warning' | 'info'> = {
  unverified: 'info',
  consistent: 'success',
  inconsistent: 'error',
  'not-found': 'error',
  voided: 'error',
  reversed: 'error',
  unverifiable: 'info',
  failed: 'warning',
};

/** The words of a state and its explanation in the UI's language (re-rendered when it switches). */
export function useStateWords(): { word: (state: VerificationState) => string; detail: (view: VerificationStateView) => string } {
  const { i18n } = useTranslation();
  const language = uiLanguageOf(i18n.language as LocaleCode);
  return { word: (state) => stateWord(state, language), detail: (view) => stateDetail(view, language) };
}

export function StateTag({ view }: { view: VerificationStateView }) {
  const words = useStateWords();
  const detail = words.detail(view);
  const tag = (
    <Tag color={STATE_COLOR[view.state]} data-testid="intake-state" data-state={view.state}>
      {words.word(view.state)}
    </Tag>
  );
  return detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag;
}
