import { expect, test } from './fixtures';
import { CustomerCase, orderAndPay, operatorSession } from './support/back-office';

// The plan's reply deadline, from both sides against the real server: paying starts it, the
// queue shows the time left and sorts by it, the case view and the customer's page show it,
// and asking the customer for information stops it.

test('a paid case shows its reply deadline in the queue, the case view and the customer page', async ({
  page,
  browser,
}) => {
  const created = await orderAndPay(page);
  const { reference } = created;
  const operator = await operatorSession(browser, page);
  const { desk } = operator;
  const queuePage = desk.page;

  // The whole queue by deadline: rows with a deadline first, soonest first, then the rest.
  const search = queuePage.getByRole('search', { name: 'Filter the queue' });
  await search
    .getByRole('combobox', { name: 'Sort' })
    .selectOption({ label: 'Reply deadline, overdue first' });
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(queuePage).toHaveURL(/sort=due_asc/);
  const table = queuePage.getByRole('table', { name: /^Requests \(\d+ shown\)$/ });
  await expect(table.getByRole('columnheader', { name: 'Reply due' })).toBeVisible();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const column = await table
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.findIndex((header) => header.textContent === 'Reply due'));
  const deadlines = await table
    .getByRole('row')
    .evaluateAll(
      (rows, index) =>
        rows
          .slice(1)
          .map(
            (row) =>
              row.children[index]?.querySelector('time[datetime]')?.getAttribute('datetime') ??
              null,
          ),
      column,
    );
  const due = deadlines.filter((value): value is string => value !== null);
  expect(due.length, 'at least the case just paid owes a reply').toBeGreaterThan(0);
  expect(deadlines.slice(0, due.length)).toEqual(due);
  expect(due.map((value) => Date.parse(value))).toEqual(
    due.map((value) => Date.parse(value)).sort((a, b) => a - b),
  );

  // The case just paid: time left in the queue, the deadline in the case view.
  await desk.openCase(reference);
  const dueLine = queuePage.getByText(/^Reply due by/);
  await expect(dueLine).toContainText(/left|Overdue by/);
  const dueAt = await dueLine.locator('time').first().getAttribute('datetime');
  expect(dueAt).not.toBeNull();

  const customer = new CustomerCase(page, created);
  await customer.open();
  await expect(customer.currentStatus).toContainText('Expect our next reply by:');
  await expect(customer.currentStatus.locator(`time[datetime="${dueAt}"]`)).toBeVisible();

  // Asking the customer stops the clock: the next step is theirs.
  await desk.move(reference, 'in_review');
  await desk.move(reference, 'needs_info', { message: 'Which day did the ban start?' });
  await expect(queuePage.getByText('No operator reply is owed on this case now.')).toBeVisible();
  await customer.reload();
  await expect(customer.currentStatus).not.toContainText('Expect our next reply by');
  await operator.close();
});
