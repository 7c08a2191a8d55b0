import { loggablePath, redactPath } from './secret-paths';

describe('redactPath', () => {
  const token = 'sfi_' + 'A'.repeat(43);

  it('replaces the invitation token however the path is spelled', () => {
    expect(redactPath(`/console/invitations/${token}`)).toBe('/console/invitations/:token');
    expect(redactPath(`//console//invitations/${token}/`)).toBe('/console/invitations/:token/');
    expect(redactPath(`/Console/Invitations/${token}`)).toBe('/console/invitations/:token');
    expect(loggablePath(`/console/invitations/${token}?x=1`)).toBe('/console/invitations/:token');
  });

  it('leaves every other path as it is', () => {
    expect(redactPath('/console/invitations')).toBe('/console/invitations');
    expect(redactPath('/v1/user/invitations/accept')).toBe('/v1/user/invitations/accept');
    expect(loggablePath('/health/ready?code=x')).toBe('/health/ready');
  });
});
