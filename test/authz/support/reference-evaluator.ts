// A small, slow, literal reading of docs/authorization.md's rule table and docs/roles.md, written
// without looking at lib/authz: the property test compares every decision with it. It knows the
// whole tree and walks it; "the units below X" also counts a unit added under X later (a fresh
// child), since a role given today holds over units created tomorrow.
import type { CustomRole, Reach, RoleCatalogue } from '../../../lib/authz';

export type BuiltIn = 'owner' | 'admin' | 'manager' | 'member';
export interface RefMembership {
  unit: string;
  role: BuiltIn;
  roles: string[];
}
export interface RefWorld {
  /** Unit id → parent id (null for the top unit). */
  parents: Record<string, string | null>;
  top: string;
  catalogue: RoleCatalogue;
}
export interface RefActor {
  userId: string;
  memberships: RefMembership[];
}

export type RefQuestion =
  | { action: 'tree.read' | 'members.read' | 'unit.rename' | 'unit.delete' | 'audit.read'; unit: string }
  | { action: 'unit.create'; parent: string }
  | { action: 'unit.move'; unit: string; destination: string }
  | { action: 'membership.add' | 'membership.remove'; unit: string; role: BuiltIn; userId: string }
  | { action: 'invitation.create' | 'invitation.revoke'; unit: string; role: BuiltIn }
  | { action: 'membership.changeRole'; unit: string; userId: string; from: BuiltIn; to: BuiltIn }
  | { action: 'access.explain'; unit: string; userId: string }
  | { action: 'role.assign'; unit: string; role: CustomRole }
  | { action: 'roles.manage'; permissions: string[] };

const RANK: Record<BuiltIn, number> = { owner: 4, admin: 3, manager: 2, member: 1 };
const FRESH = '(a unit added later)';

export class Reference {
  constructor(private readonly world: RefWorld) {}

  private parentOf(u: string): string | null {
    return u.startsWith(FRESH) ? u.slice(FRESH.length) : this.world.parents[u];
  }

  /** a == b or b is an ancestor of a */
  private atOrBelow(a: string, b: string): boolean {
    for (let x: string | null = a; x !== null; x = this.parentOf(x)) if (x === b) return true;
    return false;
  }

  private strictlyBelow(a: string, b: string) {
    return a !== b && this.atOrBelow(a, b);
  }

  /** Owner and admin count only on the top unit; elsewhere they are a plain membership. */
  private honoured(m: RefMembership): BuiltIn {
    return (m.role === 'owner' || m.role === 'admin') && m.unit !== this.world.top ? 'member' : m.role;
  }

  private tenantWide(m: RefMembership) {
    const r = this.honoured(m);
    return r === 'owner' || r === 'admin';
  }

  /** "inside" (strictly below U) or "U" itself, as the table's manager column says. */
  private insideOrU(x: string, m: RefMembership) {
    return this.atOrBelow(x, m.unit);
  }

  private inReach(reach: Reach, x: string, heldOn: string) {
    if (reach === 'unit') return x === heldOn;
    if (reach === 'below') return this.strictlyBelow(x, heldOn);
    return this.atOrBelow(x, heldOn);
  }

  /** Custom roles of this membership holding `p` at x. */
  private customRolesAt(m: RefMembership, p: string, x: string): string[] {
    return m.roles.filter((k) => {
      const role = this.world.catalogue.roles[k];
      return role !== undefined && role.permissions.includes(p) && this.inReach(role.reach, x, m.unit);
    });
  }

  /** docs/roles.md "Holding a permission", at one unit. */
  private holdsAt(a: RefActor, p: string, x: string): boolean {
    return a.memberships.some((m) => {
      if (this.tenantWide(m)) return true;
      if (this.customRolesAt(m, p, x).length > 0) return true;
      const r = this.honoured(m);
      if (r === 'manager') {
        if (['tree.read', 'members.manage', 'audit.read', 'access.explain', 'unit.create'].includes(p)) return this.atOrBelow(x, m.unit);
        if (['unit.rename', 'unit.move', 'unit.delete'].includes(p)) return this.strictlyBelow(x, m.unit);
      }
      return r === 'member' && p === 'tree.read' && this.atOrBelow(x, m.unit);
    });
  }

  /** Every unit of the region (with a unit added later below X) holds `p`. */
  holdsOver(a: RefActor, p: string, x: string, reach: Reach): boolean {
    const below = Object.keys(this.world.parents).filter((u) => this.strictlyBelow(u, x));
    const region = reach === 'unit' ? [x] : reach === 'below' ? [...below, FRESH + x] : [x, ...below, FRESH + x];
    return region.every((u) => this.holdsAt(a, p, u));
  }

  /** The built-in table's "the same — role R" rows, for one membership, at unit x. */
  private builtInManagesRole(m: RefMembership, role: BuiltIn, x: string): boolean {
    const r = this.honoured(m);
    if (role === 'owner') return r === 'owner';
    if (role === 'admin') return r === 'owner' || r === 'admin';
    if (this.tenantWide(m)) return true;
    if (r !== 'manager') return false;
    return role === 'manager' ? this.strictlyBelow(x, m.unit) : this.insideOrU(x, m);
  }

  /** The built-in role of one membership grants the question. */
  builtInGrants(a: RefActor, m: RefMembership, q: RefQuestion): boolean {
    const wide = this.tenantWide(m);
    const manager = this.honoured(m) === 'manager';
    switch (q.action) {
      case 'tree.read':
      case 'members.read':
        return wide || this.insideOrU(q.unit, m);
      case 'unit.create':
        return wide || (manager && this.insideOrU(q.parent, m));
      case 'unit.rename':
      case 'unit.delete':
        return wide || (manager && this.strictlyBelow(q.unit, m.unit));
      case 'unit.move':
        return wide || (manager && this.strictlyBelow(q.unit, m.unit) && this.insideOrU(q.destination, m));
      case 'audit.read':
        return wide || (manager && this.insideOrU(q.unit, m));
      case 'membership.add':
      case 'membership.remove':
      case 'invitation.create':
      case 'invitation.revoke':
        return this.builtInManagesRole(m, q.role, q.unit);
      case 'membership.changeRole':
        return this.builtInManagesRole(m, q.from, q.unit) && this.builtInManagesRole(m, q.to, q.unit);
      case 'access.explain':
        return wide || (manager && this.insideOrU(q.unit, m)) || (q.userId === a.userId && this.insideOrU(q.unit, m));
      case 'role.assign':
        return (wide || (manager && this.insideOrU(q.unit, m))) && q.role.permissions.every((p) => this.holdsOver(a, p, q.unit, q.role.reach));
      case 'roles.manage':
        return wide;
    }
  }

  /** A custom role of one membership grants the question (docs/authorization.md, "Custom roles"). */
  customGrants(a: RefActor, m: RefMembership, q: RefQuestion): boolean {
    const has = (p: string, ...units: string[]) => m.roles.some((k) => units.every((u) => this.customRolesAt(m, p, u).includes(k)));
    switch (q.action) {
      case 'tree.read':
      case 'members.read':
        return has('tree.read', q.unit);
      case 'unit.create':
        return has('unit.create', q.parent);
      case 'unit.rename':
      case 'unit.delete':
      case 'audit.read':
        return has(q.action, q.unit);
      case 'unit.move':
        return has('unit.move', q.unit, q.destination);
      case 'membership.add':
      case 'membership.remove':
      case 'invitation.create':
      case 'invitation.revoke':
        return q.role === 'member' && has('members.manage', q.unit);
      case 'membership.changeRole':
        return q.from === 'member' && q.to === 'member' && has('members.manage', q.unit);
      case 'access.explain':
        return has('access.explain', q.unit) || (q.userId === a.userId && has('tree.read', q.unit));
      case 'role.assign':
        return has('members.manage', q.unit) && q.role.permissions.every((p) => this.holdsOver(a, p, q.unit, q.role.reach));
      case 'roles.manage':
        return m.unit === this.world.top && has('roles.manage', this.world.top) && q.permissions.every((p) => this.holdsOver(a, p, this.world.top, 'subtree'));
    }
  }

  /** Nobody raises their own role: the highest rank held at the unit or above it. */
  private raisesOwnRole(a: RefActor, q: RefQuestion): boolean {
    const to = q.action === 'membership.add' ? q.role : q.action === 'membership.changeRole' ? q.to : undefined;
    if (!to || !('userId' in q) || q.userId !== a.userId) return false;
    const unit = q.unit;
    const held = a.memberships.filter((m) => this.tenantWide(m) || this.atOrBelow(unit, m.unit)).map((m) => RANK[this.honoured(m)]);
    return RANK[to] > Math.max(0, ...held);
  }

  decide(a: RefActor, q: RefQuestion): { allowed: boolean; builtIn: boolean } {
    if (a.memberships.length === 0 || this.raisesOwnRole(a, q)) return { allowed: false, builtIn: false };
    const builtIn = a.memberships.some((m) => this.builtInGrants(a, m, q));
    return { allowed: builtIn || a.memberships.some((m) => this.customGrants(a, m, q)), builtIn };
  }
}
