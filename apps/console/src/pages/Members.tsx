import { FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MANAGED_ROLES, roleManages } from '@storefront-platform/sdk/browser';
import type { Invitation, Member, MemberRole } from '@storefront-platform/sdk/browser';
import { account, describe, fieldErrors, FieldErrors } from '../api';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { ErrorMessage, formatDate, Loading, Status } from '../ui/misc';
import { ROLE_DESCRIPTIONS, ROLE_NAMES } from '../ui/roles';
import { useStepUp } from '../ui/StepUp';
import { DataTable, RowButton } from '../ui/Table';
import { useStore } from './StorePage';

/**
 * The store's members and their roles, and (for those who may manage members) the pending invitations.
 * Every member sees the list; the controls follow the caller's role: a role can be given, changed or taken
 * away only within what that role manages (the owner every member role, an admin developers and staff),
 * anyone but the owner may leave, and only the owner sees Transfer ownership.
 */
export function Members() {
  const { store, setStore, can } = useStore();
  const navigate = useNavigate();
  const [me, setMe] = useState<string | null>(null);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [transferring, setTransferring] = useState(false);
  const stepUp = useStepUp();
  /** A role picked in a member's select, waiting for its confirmation (nothing is sent before). */
  const [changing, setChanging] = useState<{ member: Member; role: MemberRole } | null>(null);
  const manages = can('members');

  const load = async () => {
    setError(null);
    try {
      const [self, list, pending] = await Promise.all([
        account.me(),
        account.members.list(store.id),
        manages ? account.invitations.list(store.id) : Promise.resolve(null),
      ]);
      setMe(self.id);
      setMembers(list);
      setInvitations(pending);
    } catch (e) {
      setError(describe(e));
    }
  };
  useEffect(() => void load(), [store.id, store.role]);

  /** What the caller may do to this member: change its role, remove it, or (itself) leave. */
  const controls = (member: Member) => {
    const self = member.accountId === me;
    const managed = member.role !== 'owner' && !self && roleManages(store.role, member.role);
    return { self, managed, leaves: self && member.role !== 'owner' };
  };

  const changeRole = async () => {
    if (!changing) return;
    const { member, role } = changing;
    setChanging(null);
    setError(null);
    setStatus('');
    try {
      const changed = await account.members.update(store.id, member.accountId, { role });
      setMembers((list) => list?.map((m) => (m.accountId === changed.accountId ? changed : m)) ?? null);
      setStatus(`${changed.email} is now ${ROLE_NAMES[changed.role].toLowerCase()}.`);
    } catch (e) {
      setError(describe(e));
      await load();
    }
  };

  const remove = async () => {
    if (!removing) return;
    const member = removing;
    setRemoving(null);
    setError(null);
    try {
      await account.members.remove(store.id, member.accountId);
      if (member.accountId === me) {
        // Said on Your stores, where the store is no longer listed.
        void navigate('/', { replace: true, state: { notice: `You left ${store.name}.` } });
        return;
      }
      setStatus(`${member.email} was removed from ${store.name}.`);
      await load();
    } catch (e) {
      setError(describe(e));
    }
  };

  const revoke = async (invitation: Invitation) => {
    setError(null);
    try {
      await account.invitations.revoke(store.id, invitation.id);
      setStatus(`The invitation to ${invitation.email} was revoked: its link no longer works.`);
      await load();
    } catch (e) {
      setError(describe(e));
    }
  };

  return (
    <section aria-labelledby="members-title">
      <div className="section-head">
        <h2 id="members-title">Members</h2>
        {manages && (
          <button type="button" onClick={() => setInviting(true)}>
            Invite member
          </button>
        )}
      </div>
      <p className="muted">
        The people who run {store.name}. Your role: {ROLE_NAMES[store.role].toLowerCase()} —{' '}
        {ROLE_DESCRIPTIONS[store.role].toLowerCase()}
      </p>
      {status && <Status>{status}</Status>}
      <ErrorMessage onRetry={members === null ? () => void load() : undefined}>{error}</ErrorMessage>
      {members === null && !error && <Loading what="Loading the members…" />}
      {members && (
        <DataTable caption={`Members of ${store.name}`} columns={['Member', 'Role', 'Joined']} actions>
          {members.map((member) => {
            const { self, managed, leaves } = controls(member);
            return (
              <tr key={member.accountId}>
                <td data-label="Member">
                  <span>
                    {member.email}
                    {self && <span className="muted"> (you)</span>}
                  </span>
                </td>
                <td data-label="Role">
                  {managed ? (
                    <RoleSelect
                      member={member}
                      options={MANAGED_ROLES[store.role]}
                      onChange={(role) => setChanging({ member, role })}
                    />
                  ) : (
                    ROLE_NAMES[member.role]
                  )}
                </td>
                <td data-label="Joined">{formatDate(member.joinedAt)}</td>
                <td className="row-actions">
                  {managed && (
                    <RowButton
                      className="danger"
                      label="Remove"
                      item={member.email}
                      onClick={() => setRemoving(member)}
                    />
                  )}
                  {leaves && (
                    <button type="button" className="secondary" onClick={() => setRemoving(member)}>
                      Leave store
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}

      {manages && invitations && (
        <section aria-labelledby="invitations-title">
          <h3 id="invitations-title">Pending invitations</h3>
          {invitations.length === 0 ? (
            <p className="muted">No invitation is waiting for an answer.</p>
          ) : (
            <DataTable
              caption={`Pending invitations to ${store.name}`}
              columns={['Email', 'Role', 'Invited by', 'Expires']}
              actions
            >
              {invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label="Email">{invitation.email}</td>
                  <td data-label="Role">{ROLE_NAMES[invitation.role]}</td>
                  <td data-label="Invited by">{invitation.invitedBy.email}</td>
                  <td data-label="Expires">{formatDate(invitation.expiresAt)}</td>
                  <td className="row-actions">
                    {roleManages(store.role, invitation.role) && (
                      <RowButton
                        className="secondary"
                        label="Revoke"
                        item={`the invitation to ${invitation.email}`}
                        onClick={() => void revoke(invitation)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      )}

      {store.role === 'owner' && (
        <section className="danger" aria-labelledby="transfer-title">
          <h3 id="transfer-title">Transfer ownership</h3>
          <p>
            Make another member the owner of {store.name}. You stay on as an admin; only the new owner can
            delete the store or transfer it again.
          </p>
          <button
            type="button"
            className="danger"
            disabled={!members || members.length < 2}
            onClick={() => setTransferring(true)}
          >
            Transfer ownership
          </button>
          {members && members.length < 2 && (
            <p className="hint">Invite someone first: ownership goes to a member of the store.</p>
          )}
        </section>
      )}

      <InviteDialog
        open={inviting}
        roles={MANAGED_ROLES[store.role]}
        onClose={() => setInviting(false)}
        onSent={async (invitation) => {
          setInviting(false);
          setStatus(`Invitation sent to ${invitation.email}. The link in the mail works once.`);
          await load();
        }}
        send={(email, role) => account.invitations.create(store.id, { email, role })}
      />
      <ConfirmDialog
        title={
          removing && removing.accountId === me ? `Leave ${store.name}?` : `Remove ${removing?.email ?? ''}?`
        }
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        confirm={removing && removing.accountId === me ? 'Leave store' : 'Remove member'}
        onConfirm={() => void remove()}
      >
        <p>
          {removing && removing.accountId === me
            ? 'You lose access to this store at once. To come back, you need a new invitation.'
            : 'They lose access to this store at once, on every device.'}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        title={changing ? `Change the role of ${changing.member.email}?` : ''}
        open={changing !== null}
        onCancel={() => setChanging(null)}
        confirm="Change role"
        onConfirm={() => void changeRole()}
      >
        {changing && (
          <>
            <p>
              From {ROLE_NAMES[changing.member.role].toLowerCase()} to{' '}
              <strong>{ROLE_NAMES[changing.role].toLowerCase()}</strong>. {ROLE_NAMES[changing.role]}:{' '}
              {ROLE_DESCRIPTIONS[changing.role]}
            </p>
            <p>It takes effect on their very next request, on every device.</p>
          </>
        )}
      </ConfirmDialog>
      {members && me && (
        <TransferDialog
          open={transferring}
          candidates={members.filter((m) => m.accountId !== me)}
          onClose={() => setTransferring(false)}
          transfer={(accountId) =>
            // Transferring a store asks Confirm it's you first (§19 step-up), then is retried.
            stepUp.run(async () => {
              const updated = await account.stores.transfer(store.id, accountId);
              setTransferring(false);
              setStore(updated);
              setStatus(`${store.name} has a new owner. You are now an admin.`);
            })
          }
        />
      )}
    </section>
  );
}

/** A member's role as a select of the roles the caller may give; named for the member it changes. */
function RoleSelect({
  member,
  options,
  onChange,
}: {
  member: Member;
  options: readonly MemberRole[];
  onChange(role: MemberRole): void;
}) {
  const id = `role-${member.accountId}`;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Role <span>of {member.email}</span>
      </label>
      <select id={id} value={member.role} onChange={(e) => onChange(e.target.value as MemberRole)}>
        {options.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES[role]}
          </option>
        ))}
      </select>
    </>
  );
}

/** The invitation form: an address and a role the caller may give; the server mails the link. */
function InviteDialog({
  open,
  roles,
  onClose,
  onSent,
  send,
}: {
  open: boolean;
  roles: readonly MemberRole[];
  onClose(): void;
  onSent(invitation: Invitation): Promise<void>;
  send(email: string, role: MemberRole): Promise<Invitation>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles[roles.length - 1] ?? 'staff');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setEmail('');
    setErrors({});
    setError(null);
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      await onSent(await send(email.trim(), role));
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Invite member" open={open} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <p className="muted">They get an e-mail with a link; they sign in with that address to join.</p>
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Select
          label="Role"
          value={role}
          hint={ROLE_DESCRIPTIONS[role]}
          onChange={(e) => setRole(e.target.value as MemberRole)}
          error={errors.role}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </Select>
        <ErrorMessage>{error}</ErrorMessage>
        <FormActions submit="Send invitation" disabled={busy || !email.trim()} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Picks the member who becomes the owner, and confirms: it happens at once. */
function TransferDialog({
  open,
  candidates,
  onClose,
  transfer,
}: {
  open: boolean;
  candidates: Member[];
  onClose(): void;
  transfer(accountId: string): Promise<void>;
}) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setTo(candidates[0]?.accountId ?? '');
      setError(null);
    }
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await transfer(to);
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Transfer ownership" open={open} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <Select label="New owner" value={to} onChange={(e) => setTo(e.target.value)}>
          {candidates.map((m) => (
            <option key={m.accountId} value={m.accountId}>
              {m.email} ({ROLE_NAMES[m.role].toLowerCase()})
            </option>
          ))}
        </Select>
        <p>You become an admin of the store at once. Only the new owner can give the ownership back.</p>
        <ErrorMessage>{error}</ErrorMessage>
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose} autoFocus>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={busy || !to}>
            Transfer ownership
          </button>
        </div>
      </form>
    </Dialog>
  );
}
