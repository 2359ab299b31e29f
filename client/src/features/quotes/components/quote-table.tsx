import { Table, type TableColumnsType } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { QuoteListItem } from '../../../../../shared/contracts/marketplace';
import type { QuoteField } from './quote-fields';

/**
 * The list as a table (tablets and wider). The customer's name is the row's link; a click
 * anywhere else on the row goes to the same page.
 */
export function QuoteTable({ quotes, fields, pathOf }: { quotes: QuoteListItem[]; fields: QuoteField[]; pathOf: (quote: QuoteListItem) => string | null }) {
  const navigate = useNavigate();
  const columns: TableColumnsType<QuoteListItem> = fields.map((field) => ({
    key: field.key,
    title: field.title,
    render: (_value, quote) => field.render(quote),
  }));
  const onRow = (quote: QuoteListItem) => ({
    className: 'quote-table__row',
    onClick: (event: MouseEvent<HTMLElement>) => {
      const path = pathOf(quote);
      if (path && !(event.target as HTMLElement).closest('a, button')) void navigate(path);
    },
  });
  return (
    <Table<QuoteListItem>
      className="quote-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={quotes}
      pagination={false}
      onRow={onRow}
      scroll={{ x: 'max-content' }}
    />
  );
}
