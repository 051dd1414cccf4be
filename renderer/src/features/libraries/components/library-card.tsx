/**
 * One library as a card: search box, add / copy from another enterprise / import / export buttons, and its
 * table with edit and delete. Test ids (K is customers or products): K-card, K-search, K-add, K-copy, K-import, K-export-xlsx, K-export-csv,
 * K-table; each row `K-row` with data-name; K-edit-<id>, K-delete-<id>.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { Button, Card, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteEntry, exportEntries, importEntries, loadTable } from '../actions.js';
import { PAGE_SIZE, useLibrariesStore, type EntryOf, type LibraryKind, type TableState } from '../store.js';
import { CopyLibrary } from './copy-library.js';

interface Props<K extends LibraryKind> {
  kind: K;
  title: ReactNode;
  searchPlaceholder: string;
  columns: TableColumnsType<EntryOf<K>>;
}

export function LibraryCard<K extends LibraryKind>({ kind, title, searchPlaceholder, columns }: Props<K>) {
  const { t } = useTranslation();
  const table = useLibrariesStore((s) => s[kind] as TableState<EntryOf<K>>);
  const busy = useLibrariesStore((s) => s.busy);
  const edit = (entry: EntryOf<K> | null) =>
    useLibrariesStore.getState().setEditing(kind === 'customers' ? { kind: 'customers', entry: entry as EntryOf<'customers'> | null } : { kind: 'products', entry: entry as EntryOf<'products'> | null });

  const actions: TableColumnsType<EntryOf<K>>[number] = {
    key: 'actions',
    title: t('libraries.actions'),
    fixed: 'right',
    width: 120,
    render: (_, entry) => (
      <Space size="small">
        <Button type="link" size="small" onClick={() => edit(entry)} data-testid={`${kind}-edit-${entry.id}`}>
          {t('libraries.edit')}
        </Button>
        <Popconfirm
          title={t('libraries.confirmDelete', { name: entry.name })}
          okText={t('libraries.delete')}
          cancelText={t('libraries.cancel')}
          okButtonProps={{ danger: true, 'data-testid': `${kind}-delete-confirm` }}
          onConfirm={() => (entry.id === undefined ? undefined : deleteEntry(kind, entry.id, entry.name))}
        >
          <Button type="link" size="small" danger data-testid={`${kind}-delete-${entry.id}`}>
            {t('libraries.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  };

  return (
    <Card
      size="small"
      title={title}
      data-testid={`${kind}-card`}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={searchPlaceholder}
            defaultValue={table.query}
            onSearch={(query) => void loadTable(kind, { query, page: 1 })}
            style={{ width: 240 }}
            data-testid={`${kind}-search`}
          />
          <Button type="primary" onClick={() => edit(null)} data-testid={`${kind}-add`}>
            {t('libraries.add')}
          </Button>
          <CopyLibrary kind={kind} />
          <Button onClick={() => void importEntries(kind)} loading={busy[`${kind}:import`] ?? false} data-testid={`${kind}-import`}>
            {t('libraries.import')}
          </Button>
          <Button onClick={() => void exportEntries(kind, 'xlsx')} loading={busy[`${kind}:export`] ?? false} data-testid={`${kind}-export-xlsx`}>
            {t('libraries.exportXlsx')}
          </Button>
          <Button onClick={() => void exportEntries(kind, 'csv')} disabled={busy[`${kind}:export`] ?? false} data-testid={`${kind}-export-csv`}>
            {t('libraries.exportCsv')}
          </Button>
        </Space>
      }
    >
      <Table<EntryOf<K>>
        data-testid={`${kind}-table`}
        size="small"
        rowKey={(entry) => String(entry.id)}
        columns={[...columns, actions]}
        dataSource={table.rows}
        loading={table.loading}
        // antd types onRow as plain HTML attributes; data-* attributes are valid there at runtime.
        onRow={(entry) => ({ 'data-testid': `${kind}-row`, 'data-name': entry.name }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('libraries.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: table.page,
          pageSize: PAGE_SIZE,
          total: table.total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (page) => void loadTable(kind, { page }),
        }}
        footer={() => <Typography.Text type="secondary">{t('libraries.total', { count: table.total })}</Typography.Text>}
      />
    </Card>
  );
}
