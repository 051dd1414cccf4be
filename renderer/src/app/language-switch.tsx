import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from './i18n.js';
import { switchLanguage } from './actions.js';
import { useAppStore } from './store.js';

// Each language is labelled in itself, so a clerk who switched by mistake can still find the way back.
const LABELS: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('app.language')}
      data-testid="language-switch"
      value={language}
      onChange={(value) => void switchLanguage(value)}
      options={LANGUAGES.map((value) => ({ value, label: LABELS[value] }))}
    />
  );
}
