import { afterEach, expect, it } from 'vitest';
import { holdAddressChanges } from './held-address-changes';

const heard: string[] = [];
const router = () => heard.push(window.location.hash);

afterEach(() => {
  window.removeEventListener('popstate', router);
  heard.length = 0;
  window.location.hash = '';
});

function moveTo(hash: string) {
  window.history.pushState(null, '', hash);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

it('holds the moves from a listener added before it, and tells of them once, where the address is then', () => {
  window.addEventListener('popstate', router);
  const release = holdAddressChanges();
  moveTo('#/terms');
  moveTo('#/refunds');
  expect(heard).toEqual([]);

  release();
  expect(heard).toEqual(['#/refunds']);
  moveTo('#/privacy');
  expect(heard).toEqual(['#/refunds', '#/privacy']);
});

it('holds the moves from a listener added after it too', () => {
  const release = holdAddressChanges();
  window.addEventListener('popstate', router);
  moveTo('#/terms');
  expect(heard).toEqual([]);
  release();
  expect(heard).toEqual(['#/terms']);
});

it('tells nothing when the address did not move', () => {
  window.addEventListener('popstate', router);
  holdAddressChanges()();
  expect(heard).toEqual([]);
});
