import type { DashboardResponse } from '@unban/contract/admin';
import { channelKindLabels, playbookBanTypeLabels } from '@unban/contract/playbooks';
import { formatDuration } from './dashboard-figures';

interface AppealFiguresProps {
  outcomes: DashboardResponse['appealOutcomes'];
  perOperator: DashboardResponse['appealsPerOperator'];
}

/** The dashboard's appeal figures: outcomes per ban type and channel, appeals per operator. */
export function AppealFigures({ outcomes, perOperator }: AppealFiguresProps) {
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Appeal outcomes by ban type and channel (all time)</caption>
          <thead>
            <tr>
              <th scope="col">Ban type</th>
              <th scope="col">Channel</th>
              <th scope="col">Cases appealed</th>
              <th scope="col">Unbanned</th>
              <th scope="col">Denied or not eligible</th>
              <th scope="col">Median time to outcome</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.length === 0 ? (
              <tr>
                <td colSpan={6}>No appeal yet.</td>
              </tr>
            ) : (
              outcomes.map((row) => (
                <tr key={`${row.banType}/${row.channelKind}`}>
                  <th scope="row">{playbookBanTypeLabels[row.banType]}</th>
                  <td>{channelKindLabels[row.channelKind]}</td>
                  <td>{row.cases}</td>
                  <td>{row.unbanned}</td>
                  <td>{row.notUnbanned}</td>
                  <td>
                    {row.medianSecondsToOutcome === null
                      ? 'No outcome yet'
                      : formatDuration(row.medianSecondsToOutcome)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Appeals per operator, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Operator</th>
              <th scope="col">Appeals</th>
              <th scope="col">Follow-ups</th>
            </tr>
          </thead>
          <tbody>
            {perOperator.length === 0 ? (
              <tr>
                <td colSpan={3}>No appeal in the last 30 days.</td>
              </tr>
            ) : (
              perOperator.map((row) => (
                <tr key={row.operatorUid}>
                  <th scope="row">{row.operatorUid}</th>
                  <td>{row.appeals}</td>
                  <td>{row.followUps}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
