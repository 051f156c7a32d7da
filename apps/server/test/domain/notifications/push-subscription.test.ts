import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ALLOWED_HOSTS } from '../../../src/config.ts';
import {
  isAllowedPushHost,
  parsePushSubscription,
} from '../../../src/domain/notifications/push-subscription.ts';

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('isAllowedPushHost', () => {
  it.each([
    ['fcm.googleapis.com', true],
    ['FCM.googleapis.com', true],
    ['updates.push.services.mozilla.com', true],
    ['web.push.apple.com', true],
    ['db5p.notify.windows.com', true],
    ['notify.windows.com', false],
    ['evilnotify.windows.com.attacker.example', false],
    ['googleapis.com', false],
    ['localhost', false],
    ['127.0.0.1', false],
  ])('%s → %s with the default list', (host, expected) => {
    expect(isAllowedPushHost(host, DEFAULT_PUSH_ALLOWED_HOSTS)).toBe(expected);
  });
});

describe('parsePushSubscription', () => {
  it('keeps the endpoint and keys of a browser subscription', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';
    expect(
      parsePushSubscription(
        JSON.stringify({ endpoint, expirationTime: null, keys: KEYS }),
        DEFAULT_PUSH_ALLOWED_HOSTS,
      ),
    ).toEqual({ endpoint, keys: KEYS });
  });

  it.each([
    ['not JSON', 'token-123', /PushSubscription/],
    ['no keys', JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x' }), /p256dh and auth/],
    [
      'keys that are not base64url',
      JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'a b', auth: '<>' } }),
      /base64url/,
    ],
    [
      'a host off the list',
      JSON.stringify({ endpoint: 'https://example.com/push', keys: KEYS }),
      /not supported/,
    ],
    [
      'a non-https scheme',
      JSON.stringify({ endpoint: 'ftp://fcm.googleapis.com/x', keys: KEYS }),
      /not supported/,
    ],
  ])('refuses %s', (_label, value, message) => {
    expect(() => parsePushSubscription(value, DEFAULT_PUSH_ALLOWED_HOSTS)).toThrow(message);
  });
});
