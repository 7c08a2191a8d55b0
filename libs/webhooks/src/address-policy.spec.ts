import { isBlockedAddress } from './address-policy';

describe('isBlockedAddress', () => {
  it.each([
    // IPv4: loopback, private, link-local (metadata), CGNAT, unspecified, multicast, broadcast, documentation
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    // IPv6 outside global unicast: unspecified, loopback, unique local, link-local, site-local, multicast
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '64:ff9b:1::1', // local-use NAT64
    // inside 2000::/3 but special: documentation, benchmarking
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4, Teredo (server, then inverted client)
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00::',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '2001:0:a00:1::',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    'not-an-ip',
    'example.com',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::6810:85e5',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});
