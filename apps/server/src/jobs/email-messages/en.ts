/**
 * The customer e-mails in English, as ICU messages (intl-messageformat). The reference
 * catalog: every other locale has exactly these keys with the same arguments
 * (email-catalogs.test.ts), and the English e-mails read exactly as they did before the
 * languages (email-english.test.ts). `{app}` is the site identity's app, `{owner}` its owner.
 */
export const en = {
  greeting: 'Hello,',
  'label.reference': 'Reference',
  'label.status': 'Status',
  'label.next': 'What happens next',
  'label.wait': 'Usual wait',
  'label.caseLink': 'Your case page',
  'heading.details': 'Details',
  'heading.operatorAsks': 'The operator asks',
  'heading.fromOperator': 'Message from the operator',
  'steps.heading': 'How to request the review, on your phone:',
  pledge: 'We never ask for your SMS code, two-step PIN or password.',
  questions: 'Questions? Write to {email} and quote {reference}.',
  footer: '{brand} (not affiliated with {app} or {owner})',
  fullStop: '.',

  'request_received.subject': 'Request received',
  'request_received.intro': 'Thank you: we have your request to get your {app} number unbanned.',
  'request_received.action': 'Complete or check your payment',
  'payment_received.subject': 'Payment received',
  'payment_received.intro': 'Your payment is confirmed and your case is in the queue.',
  'payment_received.action': 'Follow your case',
  'info_needed.subject': 'Information needed',
  'info_needed.intro': 'The operator working on your case needs more information from you.',
  'info_needed.action': 'Reply on your case page',
  'appeal_submitted.subject': 'Appeal submitted',
  'appeal_submitted.intro':
    "We have submitted your appeal through {app}'s official review channels.",
  'appeal_submitted.action': 'Follow your case',
  'unbanned.subject': 'Your number is unbanned',
  'unbanned.intro': 'Good news: {app} has lifted the ban on your number.',
  'unbanned.action': 'See your case',
  'refund_coming.subject': 'Your number could not be unbanned: full refund on its way',
  'refund_coming.intro':
    'We could not get your number unbanned, so we are refunding your payment in full. You do not need to ask.',
  'refund_coming.action': 'See your case',
  'request_canceled.subject': 'Request canceled',
  'request_canceled.intro': 'Your request is canceled; no work will be done on it.',
  'request_canceled.action': 'See your case',
  'refund_issued.subject': 'Refund issued',
  'refund_issued.intro': 'Your payment has been refunded in full.',
  'refund_issued.action': 'See your case',
  'owner_review_requested.subject': 'Please request a review in {app}',
  'owner_review_requested.intro':
    'One step of your appeal only you can do: {app}\'s in-app "Request a review" needs the code {app} texts to your number, and we never ask for that code. Please send the request from your phone, then tell us on your case page.',
  'owner_review_requested.action': 'Confirm on your case page once you have sent it',
  'owner_review_reminder.subject': 'Reminder: please request a review in {app}',
  'owner_review_reminder.intro':
    'We asked you to request a review in {app} yourself, and we have not seen your confirmation yet. If you have already sent it, just press "I have submitted the review" on your case page; if not, the steps are below.',
  'owner_review_reminder.action': 'Open your case page',

  'state.awaiting_payment.label': 'Awaiting payment',
  'state.awaiting_payment.next':
    'Complete the payment; your case joins the queue as soon as it is confirmed.',
  'state.queued.label': 'Queued',
  'state.queued.next': 'An operator picks up your case and starts preparing your appeal.',
  'state.in_review.label': 'In review',
  'state.in_review.next':
    "We submit the appeal through {app}'s official review channels, or ask you for details if we need any.",
  'state.needs_info.label': 'Information needed',
  'state.needs_info.next': 'Reply on your case page; the operator continues as soon as you answer.',
  'state.appeal_submitted.label': 'Appeal submitted',
  'state.appeal_submitted.next':
    '{app} reviews the appeal; we tell you the outcome as soon as we receive it.',
  'state.unbanned.label': 'Unbanned',
  'state.unbanned.next': 'Nothing more to do: you can sign in to {app} again.',
  'state.denied.label': 'Appeal denied',
  'state.denied.next': 'We refund your payment in full automatically; you do not need to ask.',
  'state.not_eligible.label': 'Not eligible',
  'state.not_eligible.next':
    'We refund your payment in full automatically; you do not need to ask.',
  'state.refunded.label': 'Refunded',
  'state.refunded.next':
    'Nothing more to do; the refund usually takes 5–10 business days to appear on your statement.',
  'state.canceled.label': 'Canceled',
  'state.canceled.next': 'Nothing more to do. If you still need help, start a new request.',

  'wait.appealReview': 'from a few hours to a few weeks, depending on the ban',
  'wait.refund': '5–10 business days to appear on your statement',
  'wait.replyHours':
    '{hours, plural, one {within # business hour} other {within # business hours}}',
  'wait.replyMinutes':
    '{minutes, plural, one {within # business minute} other {within # business minutes}}',

  'notice.paymentReceived':
    'Payment of {amount} received. Your case is in the queue; an operator will pick it up {wait}.',
  'notice.paymentRefunded':
    'Your payment of {amount} has been refunded in full. Banks usually show it within 5–10 business days.',
  'notice.refundedBeforeWork':
    'Your payment of {amount} was refunded in full before work on your case started, so this request is closed.',
  'notice.canceledPaid':
    'You canceled this request before work on it started. Your payment of {amount} is being refunded in full; banks usually show it within 5–10 business days.',
  'notice.canceledUnpaid':
    'You canceled this request before paying for it. If a payment was still on its way, it is refunded in full automatically.',
  'notice.appealSent':
    "{kind, select, follow_up {Follow-up} other {Appeal}} sent to {channel, select, support_email {{app} support by e-mail} web_form {{app}'s contact form} business_manager {Meta Business Manager} other {{app}'s in-app review}}.",
  'notice.ownerReviewIsAppeal':
    'Your review request in {app} is your appeal: it is now with {app}.',

  'ownerStep.1':
    'Open {app} on your {device, select, android {Android phone} iphone {iPhone} other {phone}}, with the banned number. Use the official app from {device, select, android {the Google Play Store} iphone {the App Store} other {your phone’s official app store}}; if you use a modified app (GB WhatsApp, WhatsApp Plus or similar), install the official one first.',
  'ownerStep.2': 'On the screen that says your account is banned, tap “Request a review”.',
  'ownerStep.3':
    '{app} sends a 6-digit code by SMS to the banned number. Type it into {app} on your phone, and nowhere else: do not send it to anyone, us included.',
  'ownerStep.4':
    'When the app asks why, write one or two polite sentences: what you use the number for, and that you believe the ban is a mistake. Then send the request.',
  'ownerStep.5':
    '{app} then says your request was sent. Send it once: more requests do not speed up the review.',
  'ownerStep.6':
    'Come back to this page and press “I have submitted the review”, so we know and can follow it up.',
} as const;

export type EmailMessageKey = keyof typeof en;
/** A locale's catalog: every English key, translated. */
export type EmailCatalog = Readonly<Record<EmailMessageKey, string>>;
