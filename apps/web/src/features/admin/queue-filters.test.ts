import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToQuery, filtersToSearch } from './queue-filters';

describe('queue filters in the URL', () => {
  it('reads known values and drops unknown ones', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'caseState=queued&caseState=bogus,needs_info&paymentState=paid&plan=gold&olderThanHours=-3&deadline=late&q=%20UB-1%20&sort=updated_asc',
      ),
    );
    expect(filters).toEqual({
      caseState: ['queued', 'needs_info'],
      paymentState: 'paid',
      plan: undefined,
      messagingApp: undefined,
      olderThanHours: undefined,
      deadline: undefined,
      q: 'UB-1',
      sort: 'updated_asc',
    });
  });

  it('round-trips through the query string, leaving the default sort out', () => {
    const search = filtersToSearch({
      caseState: ['in_review', 'queued'],
      plan: 'priority',
      olderThanHours: 48,
      sort: 'created_desc',
    });
    expect(search.toString()).toBe(
      'caseState=in_review&caseState=queued&plan=priority&olderThanHours=48',
    );
    expect(filtersFromSearch(search)).toMatchObject({
      caseState: ['queued', 'in_review'],
      plan: 'priority',
      olderThanHours: 48,
    });
  });

  it('keeps the reply deadline filter and sort in the link', () => {
    const search = filtersToSearch({ caseState: [], deadline: 'breached', sort: 'due_asc' });
    expect(search.toString()).toBe('deadline=breached&sort=due_asc');
    expect(filtersToQuery(filtersFromSearch(search))).toMatchObject({
      deadline: 'breached',
      sort: 'due_asc',
    });
  });

  it('keeps the appeal follow-up filter and sort in the link, dropping unknown values', () => {
    const search = filtersToSearch({ caseState: [], followUp: 'due', sort: 'follow_up_asc' });
    expect(search.toString()).toBe('followUp=due&sort=follow_up_asc');
    expect(filtersToQuery(filtersFromSearch(search))).toMatchObject({
      followUp: 'due',
      sort: 'follow_up_asc',
    });
    expect(filtersFromSearch(new URLSearchParams('followUp=later')).followUp).toBeUndefined();
  });

  it('sends no case state filter when none is ticked', () => {
    expect(filtersToQuery({ caseState: [], sort: 'created_asc' }, 'c1')).toMatchObject({
      caseState: undefined,
      sort: 'created_asc',
      cursor: 'c1',
    });
  });
});
