import { ZDeviceList } from '@medhire/contract/devices';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDevice } from '../../../src/domain/auth/devices.ts';
import { buildTestApp } from '../../helper.ts';
import { disconnection, socketClients } from '../../sockets/socket-kit.ts';
import { signedInPhysician } from '../employee/physician-kit.ts';
import { createEmployer, PASSWORD, uniqueIp } from './auth-kit.ts';

// Issue 31: the list of signed-in devices, and signing one or all others out, in both apps.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let app: FastifyInstance;
let address: string;
const socketKit = socketClients();
const connectedClient = (token: string) => socketKit.connectedClient(address, token);

beforeAll(async () => {
  app = await buildTestApp();
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  socketKit.disconnectAll();
  await app.close();
});

const EMPLOYER = '/api/employer/auth';
const PHYSICIAN = '/api/employee/auth';

async function signInFrom(email: string, userAgent: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `${EMPLOYER}/login`,
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

/** An employer signed in on a Mac, an iPhone and a Windows PC: three devices. */
async function employerOnThreeDevices() {
  const employer = await createEmployer(app, { hasEstablishedProfile: true });
  const mac = await signInFrom(employer.email, MAC_CHROME);
  const phone = await signInFrom(employer.email, IPHONE);
  const windows = await signInFrom(employer.email, WINDOWS_FIREFOX);
  return { employer, mac, phone, windows };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
  app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function devicesOf(base: string, token: string) {
  const response = await call('GET', `${base}/get-devices`, token);
  expect(response.statusCode, response.body).toBe(200);
  return ZDeviceList.parse(response.json().data).devices;
}

describe('describeDevice', () => {
  it('names the browser, its major version, the system and the kind of device', () => {
    expect(describeDevice(IPHONE)).toEqual({ browser: 'Safari 17', system: 'iOS 17.2', kind: 'mobile' });
    expect(describeDevice(MAC_CHROME)).toMatchObject({ browser: 'Chrome 131', kind: 'desktop' });
    expect(describeDevice(MAC_CHROME).system).toMatch(/^macOS/);
    expect(describeDevice(WINDOWS_FIREFOX)).toMatchObject({ browser: 'Firefox 133', kind: 'desktop' });
    expect(describeDevice(WINDOWS_FIREFOX).system).toMatch(/^Windows/);
  });

  it('says so when the browser told nothing', () => {
    expect(describeDevice(undefined)).toEqual({ browser: 'Unknown browser', system: null, kind: 'unknown' });
  });
});

describe('GET /api/employer/auth/get-devices', () => {
  it("lists the account's signed-in devices, the current one first and marked", async () => {
    const { phone } = await employerOnThreeDevices();
    const devices = await devicesOf(EMPLOYER, phone);
    expect(devices).toHaveLength(3);
    expect(devices[0]).toMatchObject({
      browser: 'Safari 17',
      system: 'iOS 17.2',
      kind: 'mobile',
      isCurrent: true,
    });
    expect(devices.filter((device) => device.isCurrent)).toHaveLength(1);
    expect(devices.map((device) => device.browser).sort()).toEqual([
      'Chrome 131',
      'Firefox 133',
      'Safari 17',
    ]);
    for (const device of devices) {
      expect(Date.parse(device.firstSeenAt)).toBeLessThanOrEqual(Date.parse(device.lastSeenAt));
    }
  });

  it('leaves out signed-out devices and shows nobody else’s', async () => {
    const { mac, windows } = await employerOnThreeDevices();
    const colleague = await createEmployer(app, { hasEstablishedProfile: true });
    await signInFrom(colleague.email, IPHONE);
    expect((await call('POST', `${EMPLOYER}/logout`, windows)).statusCode).toBe(200);
    const devices = await devicesOf(EMPLOYER, mac);
    expect(devices.map((device) => device.browser).sort()).toEqual(['Chrome 131', 'Safari 17']);
  });

  it('answers 401 without a session, and refuses a physician’s token', async () => {
    expect((await call('GET', `${EMPLOYER}/get-devices`)).statusCode).toBe(401);
    const physician = await signedInPhysician(app, { isComplete: false });
    expect((await call('GET', `${EMPLOYER}/get-devices`, physician.token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/employer/auth/revoke-device/{sessionId}', () => {
  it('signs that device out at once: its token stops working and its live connection closes', async () => {
    const { mac, phone, windows } = await employerOnThreeDevices();
    const phoneSocket = await connectedClient(phone);
    const macSocket = await connectedClient(mac);
    const phoneId = (await devicesOf(EMPLOYER, phone))[0]?._id;
    const phoneClosed = disconnection(phoneSocket);

    const revoked = await call('DELETE', `${EMPLOYER}/revoke-device/${phoneId}`, mac);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: 'That device is signed out.', data: null });

    expect(await phoneClosed).toBe('io server disconnect');
    expect(macSocket.connected).toBe(true);
    expect((await call('GET', `${EMPLOYER}/get-devices`, phone)).statusCode).toBe(401);
    const left = await devicesOf(EMPLOYER, windows);
    expect(left.map((device) => device.browser).sort()).toEqual(['Chrome 131', 'Firefox 133']);
  });

  it("answers 404 for another account's device and changes nothing", async () => {
    const { mac } = await employerOnThreeDevices();
    const other = await createEmployer(app, { hasEstablishedProfile: true });
    const otherToken = await signInFrom(other.email, IPHONE);
    const otherId = (await devicesOf(EMPLOYER, otherToken))[0]?._id;

    const refused = await call('DELETE', `${EMPLOYER}/revoke-device/${otherId}`, mac);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'That device is not signed in to your account.' },
    });
    expect((await call('GET', `${EMPLOYER}/get-devices`, otherToken)).statusCode).toBe(200);
  });

  it('answers 404 for an id that is no session, and for a device already signed out', async () => {
    const { mac, windows } = await employerOnThreeDevices();
    expect((await call('DELETE', `${EMPLOYER}/revoke-device/not-a-session`, mac)).statusCode).toBe(404);
    const windowsId = (await devicesOf(EMPLOYER, windows))[0]?._id;
    expect((await call('DELETE', `${EMPLOYER}/revoke-device/${windowsId}`, mac)).statusCode).toBe(200);
    expect((await call('DELETE', `${EMPLOYER}/revoke-device/${windowsId}`, mac)).statusCode).toBe(404);
  });

  it('answers 400 for an id longer than any id, and 401 without a session', async () => {
    const { mac } = await employerOnThreeDevices();
    const tooLong = await call('DELETE', `${EMPLOYER}/revoke-device/${'a'.repeat(101)}`, mac);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().success).toBe(false);
    expect((await call('DELETE', `${EMPLOYER}/revoke-device/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });
});

describe('POST /api/employer/auth/revoke-other-devices', () => {
  it('signs out every other device and keeps the current one', async () => {
    const { mac, phone, windows } = await employerOnThreeDevices();
    const others = [await connectedClient(phone), await connectedClient(windows)];
    const current = await connectedClient(mac);
    const closed = others.map((socket) => disconnection(socket));

    const response = await call('POST', `${EMPLOYER}/revoke-other-devices`, mac);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Signed out of 2 other devices.',
      data: { revoked: 2 },
    });
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(current.connected).toBe(true);
    for (const token of [phone, windows]) {
      expect((await call('GET', `${EMPLOYER}/get-devices`, token)).statusCode).toBe(401);
    }
    const left = await devicesOf(EMPLOYER, mac);
    expect(left).toHaveLength(1);
    expect(left[0]?.isCurrent).toBe(true);

    const again = await call('POST', `${EMPLOYER}/revoke-other-devices`, mac);
    expect(again.json()).toMatchObject({ message: 'No other device was signed in.', data: { revoked: 0 } });
  });
});

describe('the physician app: /api/employee/auth devices', () => {
  it('lists and signs out the physician’s own devices, never an employer’s', async () => {
    const physician = await signedInPhysician(app, { isComplete: false });
    const second = await app.inject({
      method: 'POST',
      url: `${PHYSICIAN}/login`,
      payload: { email: physician.email, password: physician.password },
      headers: { 'user-agent': IPHONE },
      remoteAddress: uniqueIp(),
    });
    expect(second.statusCode, second.body).toBe(200);
    const phone = second.json().data.token as string;

    const devices = await devicesOf(PHYSICIAN, physician.token);
    expect(devices).toHaveLength(2);
    expect(devices[0]?.isCurrent).toBe(true);
    const phoneDevice = devices.find((device) => device.browser === 'Safari 17');
    expect(phoneDevice).toBeDefined();

    const { mac } = await employerOnThreeDevices();
    const employerDevice = (await devicesOf(EMPLOYER, mac))[0]?._id;
    expect(
      (await call('DELETE', `${PHYSICIAN}/revoke-device/${employerDevice}`, physician.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `${PHYSICIAN}/get-devices`, mac)).statusCode).toBe(403);

    const revoked = await call('DELETE', `${PHYSICIAN}/revoke-device/${phoneDevice?._id}`, physician.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call('GET', `${PHYSICIAN}/get-devices`, phone)).statusCode).toBe(401);

    const others = await call('POST', `${PHYSICIAN}/revoke-other-devices`, physician.token);
    expect(others.json().data).toEqual({ revoked: 0 });
  });
});
