/**
 * 从其他企业复制: copies another enterprise's customers or products into the active enterprise's library
 * (each enterprise has its own). Entries the active enterprise already has (same tax ID; same name and
 * specification) are kept as they are; the result says how many were copied and kept. Test ids (K is
 * customers or products): K-copy, K-copy-from, K-copy-from-option-<taxNumber>, K-copy-confirm.
 */
import { useState } from 'react';
import { Button, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.js';
import { copyLibrary, loadCopySources } from '../actions.js';
import { useLibrariesStore, type LibraryKind } from '../store.js';

export function CopyLibrary({ kind }: { kind: LibraryKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<string | null>(null);
  const sources = useLibrariesStore((s) => s.copySources);
  const busy = useLibrariesStore((s) => s.busy[`${kind}:copy`] ?? false);
  const active = useAppStore((s) => s.info?.seller);
  const others = sources.filter((source) => source.taxNumber !== active?.taxNumber);

  const show = () => {
    setFrom(null);
    setOpen(true);
    void loadCopySources();
  };
  const confirm = async () => {
    const source = others.find((entry) => entry.taxNumber === from);
    if (!source) return;
    if (await copyLibrary(kind, source)) setOpen(false);
  };

  return (
    <>
      <Button onClick={show} data-testid={`${kind}-copy`}>
        {t('libraries.copy.button')}
      </Button>
      <Modal
        open={open}
        title={t(`libraries.copy.title.${kind}`, { name: active?.name ?? '' })}
        okText={t('libraries.copy.confirm')}
        cancelText={t('libraries.cancel')}
        okButtonProps={{ disabled: from === null, loading: busy, 'data-testid': `${kind}-copy-confirm` }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t(`libraries.copy.explain.${kind}`)}</Typography.Paragraph>
        <Select
          style={{ width: '100%' }}
          placeholder={t('libraries.copy.from')}
          value={from}
          onChange={setFrom}
          notFoundContent={t('libraries.copy.noOther')}
          data-testid={`${kind}-copy-from`}
          options={others.map((source) => ({
            value: source.taxNumber,
            label: <span data-testid={`${kind}-copy-from-option-${source.taxNumber}`}>{t('app.withKey', { label: source.name, key: source.taxNumber })}</span>,
          }))}
        />
      </Modal>
    </>
  );
}
