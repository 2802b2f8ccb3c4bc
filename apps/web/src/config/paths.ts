// The app's pages are defined once, in the contract, because the server links to them too
// (e-mails, checkout return addresses).
export { paths } from '@unban/contract/paths';
export type { PaymentStatusParams } from '@unban/contract/paths';
