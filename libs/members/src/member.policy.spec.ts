import { MEMBER_ROLES, ROLES, type MemberRole, type Role } from '@app/sdk';
import { MemberPolicy } from './member.policy';

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'thrown';
  }
};

describe('MemberPolicy', () => {
  it('lets the owner invite every member role, an admin only developers and staff, nobody else anyone', () => {
    const allowed = (actor: Role) =>
      MEMBER_ROLES.filter((role: MemberRole) => codeOf(() => MemberPolicy.invite(actor, role)) === null);
    expect(Object.fromEntries(ROLES.map((r) => [r, allowed(r)]))).toEqual({
      owner: ['admin', 'developer', 'staff'],
      admin: ['developer', 'staff'],
      developer: [],
      staff: [],
    });
    expect(codeOf(() => MemberPolicy.invite('admin', 'admin'))).toBe('insufficient_role');
  });

  it("refuses to change the owner's role whoever asks (owner_required), and an admin to touch an admin", () => {
    for (const actor of ROLES)
      expect(codeOf(() => MemberPolicy.changeRole(actor, 'owner', 'admin'))).toBe('owner_required');
    expect(codeOf(() => MemberPolicy.changeRole('admin', 'admin', 'staff'))).toBe('insufficient_role');
    expect(codeOf(() => MemberPolicy.changeRole('admin', 'staff', 'admin'))).toBe('insufficient_role');
    expect(MemberPolicy.changeRole('admin', 'staff', 'developer')).toBe('change');
    expect(MemberPolicy.changeRole('owner', 'admin', 'admin')).toBe('unchanged');
    expect(codeOf(() => MemberPolicy.changeRole('developer', 'staff', 'developer'))).toBe(
      'insufficient_role',
    );
  });

  it('lets every member but the owner leave, and removes others only within the managed roles', () => {
    for (const role of ['admin', 'developer', 'staff'] as const)
      expect(codeOf(() => MemberPolicy.remove(role, role, true))).toBeNull();
    expect(codeOf(() => MemberPolicy.remove('owner', 'owner', true))).toBe('owner_required');
    expect(codeOf(() => MemberPolicy.remove('admin', 'owner', false))).toBe('owner_required');
    expect(codeOf(() => MemberPolicy.remove('admin', 'admin', false))).toBe('insufficient_role');
    expect(codeOf(() => MemberPolicy.remove('admin', 'developer', false))).toBeNull();
    expect(codeOf(() => MemberPolicy.remove('owner', 'admin', false))).toBeNull();
    expect(codeOf(() => MemberPolicy.remove('staff', 'developer', false))).toBe('insufficient_role');
  });

  it('lets only the owner transfer', () => {
    expect(ROLES.map((r) => codeOf(() => MemberPolicy.transfer(r)))).toEqual([
      null,
      'insufficient_role',
      'insufficient_role',
      'insufficient_role',
    ]);
  });
});
