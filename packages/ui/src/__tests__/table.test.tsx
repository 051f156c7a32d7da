import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table } from '../table.tsx';

interface Invoice {
  id: string;
  number: string;
  total: string;
}

const invoices: Invoice[] = [{ id: 'in-1', number: 'MH-0001', total: '$1,200.00' }];

function renderInvoices(isStackedOnPhone: boolean) {
  render(
    <Table<Invoice>
      caption="Invoices"
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      isStackedOnPhone={isStackedOnPhone}
      columns={[
        { key: 'number', header: 'Invoice', cell: (invoice) => invoice.number },
        { key: 'total', header: 'Total', align: 'end', cell: (invoice) => invoice.total },
        {
          key: 'pdf',
          header: <span className="visually-hidden">Download</span>,
          cell: (invoice) => <button type="button">PDF of {invoice.number}</button>,
        },
      ]}
    />,
  );
  return within(screen.getByRole('region', { name: 'Invoices' }));
}

describe('Table', () => {
  it('stacked on a phone, names each field beside its value so no column is lost off screen', () => {
    const table = renderInvoices(true);
    expect(table.getByRole('table')).toHaveClass('table--stack');
    expect(table.getByRole('cell', { name: 'MH-0001' })).toHaveAttribute('data-label', 'Invoice');
    expect(table.getByRole('cell', { name: '$1,200.00' })).toHaveAttribute('data-label', 'Total');
    // A column whose header is hidden (a button) shows its value alone.
    expect(table.getByRole('cell', { name: 'PDF of MH-0001' })).not.toHaveAttribute('data-label');
    // The header row stays for assistive technology.
    expect(table.getByRole('columnheader', { name: 'Total' })).toBeInTheDocument();
  });

  it('scrolls sideways as before unless asked to stack', () => {
    const table = renderInvoices(false);
    expect(table.getByRole('table')).not.toHaveClass('table--stack');
    expect(table.getByRole('cell', { name: 'MH-0001' })).not.toHaveAttribute('data-label');
  });
});
