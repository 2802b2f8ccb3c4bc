import { Link } from 'react-router';
import type { ResultFigure, ResultFigures } from '@unban/contract/results';
import { paths } from '../../config/paths';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { useResults } from './api/get-results';
import './results.css';
import { formatDay, formatDuration, formatFigure, formatShare } from './results-format';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

interface Row {
  label: string;
  cell: (figures: ResultFigures) => string;
}

const figureOf =
  (pick: (figures: ResultFigures) => ResultFigure, format: (value: number) => string) =>
  (figures: ResultFigures) =>
    formatFigure(pick(figures), format);

const rows: readonly Row[] = [
  { label: 'Cases closed', cell: (figures) => String(figures.casesClosed) },
  { label: 'Unbanned', cell: figureOf((figures) => figures.unbannedShare, formatShare) },
  { label: 'Refunded', cell: figureOf((figures) => figures.refundedShare, formatShare) },
  {
    label: 'Median time from payment to outcome',
    cell: figureOf((figures) => figures.medianSecondsToOutcome, formatDuration),
  },
  {
    label: '9 in 10 cases closed within',
    cell: figureOf((figures) => figures.p90SecondsToOutcome, formatDuration),
  },
  {
    label: 'Operator replies on time',
    cell: figureOf((figures) => figures.onTimeReplyShare, formatShare),
  },
];

/** `#/results`: the outcome figures, computed by the server from the case records. */
export function ResultsScreen() {
  const { plans } = useSiteIdentity();
  useScreenTitle('results.title');
  const { data, error, refresh } = useResults();

  return (
    <article className="page results">
      <h1>Our results</h1>
      <p className="lead">
        These figures are computed from our case records every few minutes, not typed in by anyone.
      </p>
      {data === undefined ? (
        <div role="status">
          {error === undefined ? (
            <p>Loading the results…</p>
          ) : (
            <>
              <p>We couldn&apos;t load the results.</p>
              <button type="button" className="button" onClick={() => void refresh()}>
                Try again
              </button>
            </>
          )}
        </div>
      ) : (
        <>
          <p>
            They cover the cases that reached an outcome in the last {data.period.days} days, from{' '}
            {formatDay(data.period.start)} to {formatDay(data.period.end)}. A figure is shown once
            at least {data.minimumSample} cases count in it; until then we say so rather than show a
            number a handful of cases would make up.
          </p>
          <div className="results__table-wrap">
            <table className="results__table">
              <caption>
                Outcomes from {formatDay(data.period.start)} to {formatDay(data.period.end)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  <th scope="col">All plans</th>
                  {data.plans.map((entry) => (
                    <th scope="col" key={entry.plan}>
                      {plans[entry.plan].name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.cell(data.overall)}</td>
                    {data.plans.map((entry) => (
                      <td key={entry.plan}>{row.cell(entry.figures)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">
            A case is closed once it is unbanned, or once we find it cannot be (it is then refunded
            in full). Refunded counts only refunds the payment provider has confirmed. Replies on
            time are the operator replies each plan promises, answered before their deadline.
          </p>
        </>
      )}
      <p>
        <Link to={paths.request.to()}>Start your unban request</Link>
      </p>
    </article>
  );
}
