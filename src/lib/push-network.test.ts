import { expect, test } from 'bun:test';
import { createPushNetwork, isPublicAddress } from './push-network';

test('public addresses are the internet: every special-purpose range of RFC 6890 and its IPv6 forms is not', () => {
  // Google's, Mozilla's and Apple's own addresses, and the first and last addresses around the private blocks.
  for (const address of [
    '8.8.8.8',
    '142.250.185.74',
    '34.107.221.82',
    '17.188.128.0',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '2607:f8b0:4004:c1b::5f',
    '2a03:2880:f10c:83:face:b00c:0:25de',
  ]) {
    expect([address, isPublicAddress(address)]).toEqual([address, true]);
  }
  for (const address of [
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.170',
    '192.0.2.2',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    'fc00::1',
    'fd00::2',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '2002:a00:1::1',
    '3fff::1',
    'localhost',
    '',
    '1.2.3',
    '::ffff:300.0.0.1',
  ]) {
    expect([address, isPublicAddress(address)]).toEqual([address, false]);
  }
});

test("an endpoint's host must be one of the browsers' push services, over https on its own port", async () => {
  const network = createPushNetwork({ resolve: async () => ['142.250.185.74'] });
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://fcm.googleapis.com/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
  ]) {
    expect([endpoint, await network.target(endpoint)]).toEqual([endpoint, { url: new URL(endpoint), address: '142.250.185.74' }]);
  }
  for (const endpoint of [
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
    'https://attackerfcm.googleapis.com/fcm/send/abc',
    'https://notify.windows.com/w/',
    'https://attacker-notify.windows.com/w/',
    'https://push.apple.com/x',
    'https://127.0.0.1/push',
    'https://[::1]/push',
    'https://2130706433/push',
    'https://localhost/push',
    'not a url',
  ]) {
    expect([endpoint, await network.target(endpoint)]).toEqual([endpoint, { refused: 'not a push service' }]);
  }
});

test('a push service whose name resolves to an address outside the internet, or to none, is refused', async () => {
  let answer: string[] = [];
  const network = createPushNetwork({ resolve: async () => answer });
  for (const addresses of [['169.254.169.254'], ['10.0.0.7'], ['142.250.185.74', '127.0.0.1'], ['::ffff:127.0.0.1'], []]) {
    answer = addresses;
    expect(await network.target('https://fcm.googleapis.com/fcm/send/abc')).toEqual({ refused: 'not public' });
  }
  const failing = createPushNetwork({ resolve: () => Promise.reject(new Error('ENOTFOUND')) });
  expect(await failing.target('https://fcm.googleapis.com/fcm/send/abc')).toEqual({ refused: 'not public' });
});
