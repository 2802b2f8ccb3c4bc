import { Route, Routes } from 'react-router';
import { paths } from '../../config/paths';
import { AdminCaseScreen } from './admin-case-screen';
import { AdminLayout } from './admin-layout';
import { DashboardScreen } from './dashboard-screen';
import { MailboxScreen } from './mailbox-screen';
import { OperatorsScreen } from './operators-screen';
import { PlaybooksScreen } from './playbooks-screen';
import { QueueScreen } from './queue-screen';

/** '/admin/mailbox' → 'mailbox': these routes sit below the app's `/admin/*` route. */
const below = (path: string) => path.slice(paths.admin.path.length + 1);

/**
 * The whole back office, one chunk behind the app's single `/admin/*` route. Its screens are
 * declared here rather than in the app's route table so that customers' first download does
 * not carry an entry for every staff screen.
 */
export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<QueueScreen />} />
        <Route path={below(paths.adminRequest.path)} element={<AdminCaseScreen />} />
        <Route path={below(paths.adminDashboard.path)} element={<DashboardScreen />} />
        <Route path={below(paths.adminMailbox.path)} element={<MailboxScreen />} />
        <Route path={below(paths.adminOperators.path)} element={<OperatorsScreen />} />
        <Route path={below(paths.adminPlaybooks.path)} element={<PlaybooksScreen />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}

function AdminNotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p>There is no back office screen at this address.</p>
    </>
  );
}
