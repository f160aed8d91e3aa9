'use client';
// An import's life in the browser: preview (the server checks every row, writes nothing), then
// apply the planned writes chunk by chunk, showing progress and each row's outcome. Stateless on
// the server: units created by earlier chunks are passed along as parents of later ones.
import { useState } from 'react';
import { call } from '@/lib/api/client';
import type { ApplyResult } from '@/lib/bulk/apply-import';
import type { ImportKind } from '@/lib/bulk/parse-import';
import type { ImportPreview } from '@/lib/bulk/preview-import';
import type { MembershipOp, UnitOp } from '@/lib/bulk/plan-types';

const CHUNK = 25;

export type ImportPhase = 'idle' | 'previewing' | 'previewed' | 'applying' | 'done';

export function useImport() {
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<Map<number, ApplyResult>>(new Map());
  const [progress, setProgress] = useState({ done: 0, total: 0 });

  function reset() {
    setPhase('idle');
    setPreview(null);
    setError(null);
    setResults(new Map());
    setProgress({ done: 0, total: 0 });
  }

  async function runPreview(kind: ImportKind, csv: string) {
    setPhase('previewing');
    setError(null);
    setResults(new Map());
    try {
      setPreview(await call('bulk.previewImport', { body: { kind, csv } }));
      setPhase('previewed');
    } catch (e) {
      setPreview(null);
      setError(e instanceof Error ? e.message : 'Could not read the file.');
      setPhase('idle');
    }
  }

  async function apply() {
    if (!preview) return;
    const ops: (UnitOp | MembershipOp)[] = preview.ops;
    setPhase('applying');
    setProgress({ done: 0, total: ops.length });
    const created: Record<string, string> = {};
    const all = new Map<number, ApplyResult>();
    for (let i = 0; i < ops.length; i += CHUNK) {
      const chunk = ops.slice(i, i + CHUNK);
      let answered: ApplyResult[];
      try {
        if (preview.kind === 'units') {
          const parents = (chunk as UnitOp[]).flatMap((o) => (o.parentLine !== undefined && created[o.parentLine] ? [[String(o.parentLine), created[o.parentLine]]] : []));
          answered = (await call('bulk.applyImport', { body: { kind: 'units', ops: chunk as UnitOp[], resolved: Object.fromEntries(parents) } })).results;
        } else {
          answered = (await call('bulk.applyImport', { body: { kind: 'memberships', ops: chunk as MembershipOp[] } })).results;
        }
      } catch (e) {
        // The whole chunk was refused (signed out, network): report its rows, keep going is pointless.
        const message = e instanceof Error ? e.message : 'The import stopped.';
        for (const op of ops.slice(i)) all.set(op.line, { line: op.line, ok: false, message: `Not imported: ${message}` });
        setResults(new Map(all));
        setProgress({ done: ops.length, total: ops.length });
        setPhase('done');
        return;
      }
      for (const r of answered) {
        all.set(r.line, r);
        if (r.unitId) created[String(r.line)] = r.unitId;
      }
      setResults(new Map(all));
      setProgress({ done: Math.min(i + CHUNK, ops.length), total: ops.length });
    }
    setPhase('done');
  }

  return { phase, preview, error, results, progress, runPreview, apply, reset };
}
