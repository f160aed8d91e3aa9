// The soak's steady traffic: people signed in through the IdP viewing console pages, API keys
// reading and editing their organization (creating, renaming and moving units of their own, adding
// people to them), and check keys asking the check API. Each actor waits a moment between requests,
// as people and integrations do, so the load is steady rather than as much as the machine takes.
import { setTimeout as sleep } from 'node:timers/promises';
import { Recorder } from './recorder';

export interface SoakTenant {
  tenantId: string;
  rootUnitId: string;
  /** Seeded units (page views and reads pick among them). */
  unitIds: string[];
  /** Seeded people (memberships and checks pick among them). */
  userIds: string[];
}

interface OwnUnit {
  id: string;
  version: number;
  parentId: string;
  members: Set<string>;
}

const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
/** A pause around `ms` (±50 %), so actors do not fall into step. */
const pause = (ms: number) => sleep(ms * (0.5 + Math.random()));

export function personPages(t: SoakTenant, userIds: string[]): () => string {
  return () => {
    const r = Math.random();
    if (r < 0.55) return `/units/${any(t.unitIds)}`;
    // `/units` redirects to the top unit's page: the page itself, as the browser lands on it.
    if (r < 0.7) return `/units/${t.rootUnitId}`;
    if (r < 0.8) return '/members';
    if (r < 0.9) return `/members/${any(userIds)}`;
    return '/audit';
  };
}

/** A signed-in person: a console page, a pause, the next. */
export async function person(rec: Recorder, appUrl: string, cookie: string, page: () => string, until: number, thinkMs: number) {
  while (Date.now() < until) {
    await rec.send('page', appUrl + page(), { headers: { cookie } });
    await pause(thinkMs);
  }
}

/** An integration's API key (admin of the whole organization): reads, and edits of the units it made. */
export async function integration(rec: Recorder, appUrl: string, key: string, t: SoakTenant, until: number, thinkMs: number) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const api = (path: string) => `${appUrl}/api/v1${path}`;
  const json = Recorder.json;
  // Two holders of its own, under which its units are made and moved back and forth.
  const holders: string[] = [];
  for (const name of ['Soak holder A', 'Soak holder B']) {
    for (let attempt = 0; attempt < 5 && Date.now() < until; attempt++) {
      const made = json(await rec.send('api write', api('/units'), { method: 'POST', headers, body: JSON.stringify({ parentId: t.rootUnitId, name: `${name} ${Math.random().toString(36).slice(2, 8)}` }) }));
      if (made?.id) {
        holders.push(made.id as string);
        break;
      }
      await pause(2000);
    }
  }
  // Without both holders (every attempt refused, each counted) it keeps to reads.
  if (holders.length < 2) holders.length = 0;
  const own: OwnUnit[] = [];
  let made = 0;
  while (Date.now() < until) {
    const r = Math.random();
    if (r < 0.35 || holders.length === 0) {
      await rec.send('api read', api(`/units/${any(t.unitIds)}`), { headers });
    } else if (r < 0.5) {
      await rec.send('api read', api(`/units/${any(t.unitIds)}/children`), { headers });
    } else if (r < 0.65 || own.length < 3) {
      const parentId = any(holders);
      const unit = json(await rec.send('api write', api('/units'), { method: 'POST', headers, body: JSON.stringify({ parentId, name: `Soak unit ${++made}` }) }));
      if (unit?.id) own.push({ id: unit.id, version: unit.version, parentId, members: new Set() });
    } else if (r < 0.78) {
      const u = any(own);
      const renamed = json(await rec.send('api write', api(`/units/${u.id}`), { method: 'PATCH', headers, body: JSON.stringify({ name: `Soak unit ${u.id.slice(-6)} ${Date.now() % 100_000}`, expectedVersion: u.version }) }));
      if (renamed?.version) u.version = renamed.version;
    } else if (r < 0.86) {
      const u = any(own);
      const newParentId = holders.find((h) => h !== u.parentId)!;
      const moved = json(await rec.send('api write', api(`/units/${u.id}/move`), { method: 'POST', headers, body: JSON.stringify({ newParentId, expectedVersion: u.version }) }));
      if (moved?.unit?.version) Object.assign(u, { version: moved.unit.version, parentId: newParentId });
    } else {
      const u = any(own);
      const userId = t.userIds.find((id) => !u.members.has(id) && Math.random() < 0.05) ?? t.userIds.find((id) => !u.members.has(id));
      if (userId) {
        u.members.add(userId);
        await rec.send('api write', api(`/members/units/${u.id}`), { method: 'POST', headers, body: JSON.stringify({ userId, role: 'member' }) });
      }
    }
    await pause(thinkMs);
  }
}

/** An application asking the check API whether someone may read a part of the tree. */
export async function checker(rec: Recorder, appUrl: string, key: string, t: SoakTenant, until: number, thinkMs: number) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  while (Date.now() < until) {
    const body = JSON.stringify({ subject: { userId: any(t.userIds) }, permission: 'tree.read', unitId: any(t.unitIds) });
    await rec.send('check', `${appUrl}/api/v1/checks`, { method: 'POST', headers, body });
    await pause(thinkMs);
  }
}
