/**
 * The two servers the end-to-end tests run, started exactly like `npm start`: one with live chat
 * configured, one without. Ports stay clear of the 8080 default and of each other's emulator
 * ports (PORT+1019 to PORT+1021).
 */
export const CHAT_HOST = 'https://embed.tawk.to';

export const chatServer = {
  port: 8190,
  chat: { host: CHAT_HOST, siteId: 'test-site', widgetId: 'test-widget' },
} as const;

export const noChatServer = { port: 8290 } as const;

export function serverOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}
