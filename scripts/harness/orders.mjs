// @ts-check
// One valid order, as the form sends it (the server sets the price).

/** @param {string} contactEmail @param {'standard' | 'priority'} [plan] */
export function validOrder(contactEmail, plan = 'standard') {
  return {
    messagingApp: 'whatsapp',
    phone: '+12025550143',
    accountType: 'personal',
    device: 'android',
    banMessage: 'This account is not allowed to use WhatsApp due to spam.',
    bannedAt: 'this_week',
    usage: 'Family and work chats',
    contactEmail,
    plan,
    ownsNumber: true,
    acceptsTerms: true,
  };
}
