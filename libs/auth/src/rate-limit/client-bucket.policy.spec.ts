import { clientBucket } from './client-bucket.policy';

describe('clientBucket', () => {
  it('keeps IPv4 addresses apart, one bucket each', () => {
    expect(clientBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(clientBucket('192.0.2.2')).toBe('192.0.2.2');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientBucket('::FFFF:192.0.2.1')).toBe('192.0.2.1');
  });

  it('buckets IPv6 clients by /64, however the address is written', () => {
    const bucket = clientBucket('2001:db8:1:2::1');
    expect(bucket).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(bucket);
    expect(clientBucket('2001:0DB8:0001:0002:0000:0000:0000:0abc')).toBe(bucket);
    expect(clientBucket('2001:db8:1:2::1%eth0')).toBe(bucket);
    expect(clientBucket('2001:db8:1:3::1')).not.toBe(bucket);
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64');
  });

  it('has a bucket for a missing address', () => {
    expect(clientBucket(undefined)).toBe('unknown');
  });
});
