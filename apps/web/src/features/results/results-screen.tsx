import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { ResultFigure, ResultFigures } from '@unban/contract/results';
import { paths } from '../../config/paths';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import type { MessageId } from '../../lib/i18n/catalog';
import { useResults } from './api/get-results';
import './results.css';
import {
  formatCount,
  formatDay,
  formatDuration,
  formatFigure,
  formatShare,
} from './results-format';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';

interface Row {
  label: MessageId;
  cell: (intl: IntlShape, figures: ResultFigures) => string;
}

const figureOf =
  (
    pick: (figures: ResultFigures) => ResultFigure,
    format: (intl: IntlShape, value: number) => string,
  ) =>
  (intl: IntlShape, figures: ResultFigures) =>
    formatFigure(intl, pick(figures), (value) => format(intl, value));

const rows: readonly Row[] = [
  {
    label: 'results.row.casesClosed',
    cell: (intl, figures) => formatCount(intl, figures.casesClosed),
  },
  {
    label: 'results.row.unbanned',
    cell: figureOf((figures) => figures.unbannedShare, formatShare),
  },
  {
    label: 'results.row.refunded',
    cell: figureOf((figures) => figures.refundedShare, formatShare),
  },
  {
    label: 'results.row.medianTime',
    cell: figureOf((figures) => figures.medianSecondsToOutcome, formatDuration),
  },
  {
    label: 'results.row.p90Time',
    cell: figureOf((figures) => figures.p90SecondsToOutcome, formatDuration),
  },
  {
    label: 'results.row.onTimeReplies',
    cell: figureOf((figures) => figures.onTimeReplyShare, formatShare),
  },
];

/** `#/results`: the outcome figures, computed by the server from the case records. */
export function ResultsScreen() {
  const { plans } = useSiteIdentity();
  const intl = useIntl();
  useScreenTitle('results.title');
  const { data, error, refresh } = useResults();

  return (
    <article className="page results">
      <h1>
        <FormattedMessage id="results.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="results.lead" />
      </p>
      {data === undefined ? (
        <div role="status">
          {error === undefined ? (
            <p>
              <FormattedMessage id="results.loading" />
            </p>
          ) : (
            <>
              <p>
                <FormattedMessage id="results.loadFailed" />
              </p>
              <button type="button" className="button" onClick={() => void refresh()}>
                <FormattedMessage id="results.retry" />
              </button>
            </>
          )}
        </div>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="results.period"
              values={{
                days: data.period.days,
                start: formatDay(intl, data.period.start),
                end: formatDay(intl, data.period.end),
                minimumSample: data.minimumSample,
              }}
            />
          </p>
          <div className="results__table-wrap">
            <table className="results__table">
              <caption>
                <FormattedMessage
                  id="results.caption"
                  values={{
                    start: formatDay(intl, data.period.start),
                    end: formatDay(intl, data.period.end),
                  }}
                />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="results.column.figure" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="results.column.allPlans" />
                  </th>
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
                    <th scope="row">
                      <FormattedMessage id={row.label} />
                    </th>
                    <td>{row.cell(intl, data.overall)}</td>
                    {data.plans.map((entry) => (
                      <td key={entry.plan}>{row.cell(intl, entry.figures)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">
            <FormattedMessage id="results.footnote" />
          </p>
        </>
      )}
      <p>
        <Link to={paths.request.to()}>
          <FormattedMessage id="results.startRequest" />
        </Link>
      </p>
    </article>
  );
}
