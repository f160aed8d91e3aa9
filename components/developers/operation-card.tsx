// One operation of the reference: its method and path, what it does, its parameters, the body it
// takes, what it answers when it succeeds and the statuses it refuses with. Its accessible name
// starts with `METHOD /path`, so a reader (or a test) finds it by its endpoint.
import type { ReactNode } from 'react';
import { isRef, referenceHref, type ReferenceAnswer, type ReferenceOperation, type ReferenceParameter } from './reference-model';
import { InlineText, RichText } from './rich-text';
import { Rules, SchemaLink, SchemaView, TypeLabel } from './schema-view';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-200',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200',
  PUT: 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-200',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-200',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={`inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold ${METHOD_COLOURS[method] ?? 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'}`}>
      {method}
    </span>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{title}</h4>
      {children}
    </div>
  );
}

function Parameters({ parameters }: { parameters: ReferenceParameter[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="table-stack w-full text-sm">
        <thead className="bg-zinc-50 text-left text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-medium">Name</th>
            <th scope="col" className="px-3 py-1.5 font-medium">In</th>
            <th scope="col" className="px-3 py-1.5 font-medium">Type</th>
            <th scope="col" className="px-3 py-1.5 font-medium">Description</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {parameters.map((p) => (
            <tr key={`${p.in}:${p.name}`} className="align-top">
              <td className="px-3 py-1.5" data-label="Name">
                <code className="font-mono font-semibold">{p.name}</code>
                <span className={`block text-xs ${p.required ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-zinc-600 dark:text-zinc-400'}`}>{p.required ? 'required' : 'optional'}</span>
              </td>
              <td className="px-3 py-1.5 text-zinc-700 dark:text-zinc-300" data-label="In">{p.in}</td>
              <td className="px-3 py-1.5 font-mono text-xs" data-label="Type">{p.schema ? <TypeLabel schema={p.schema} /> : 'string'}</td>
              <td className="px-3 py-1.5" data-label="Description">
                {p.shared === 'IdempotencyKey' ? (
                  <p className="text-zinc-700 dark:text-zinc-300">
                    Makes a retry safe: see <a className="underline" href={referenceHref.guide('idempotency')}>Idempotency</a>.
                  </p>
                ) : (
                  <>
                    {p.description && <RichText text={p.description} />}
                    {p.schema && <Rules schema={p.schema} />}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Success({ answer }: { answer: ReferenceAnswer }) {
  const json = answer.mediaType === 'application/json' ? answer.schema : undefined;
  return (
    <div className="space-y-2">
      <p className="text-sm">
        <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 font-mono text-xs font-bold text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200">{answer.status}</span>
        <InlineText text={answer.description} />
        {answer.mediaType && !json && <span className="text-zinc-600 dark:text-zinc-400"> ({answer.mediaType})</span>}
        {json && isRef(json) && <> Answers a <SchemaLink to={json.$ref} />.</>}
      </p>
      {json && !isRef(json) && (
        <div className="rounded-md border border-zinc-200 px-3 py-1 dark:border-zinc-800">
          <SchemaView schema={json} />
        </div>
      )}
    </div>
  );
}

function Errors({ errors }: { errors: ReferenceAnswer[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {errors.map((e) => (
        <li key={e.status}>
          <a href={referenceHref.error(e.status)} className="mr-2 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs font-bold text-zinc-800 underline-offset-2 hover:underline dark:bg-zinc-800 dark:text-zinc-200">
            {e.status}
          </a>
          {/* A shared answer is described once, under the guide's Errors; what an operation adds is said here. */}
          <span className="text-zinc-800 dark:text-zinc-200">{e.name}</span>
          {(e.note ?? !e.name) && (
            <span className="block pl-12 text-xs text-zinc-600 dark:text-zinc-400">
              <InlineText text={e.note ?? e.description} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function OperationCard({ op, anchor }: { op: ReferenceOperation; anchor: string }) {
  return (
    <article id={anchor} aria-labelledby={`${anchor}-endpoint ${anchor}-title`} className="scroll-mt-4 space-y-4 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs sm:p-5 dark:border-zinc-800 dark:bg-zinc-950">
      <header className="space-y-1.5">
        <p id={`${anchor}-endpoint`} className="flex items-start gap-2">
          <MethodBadge method={op.method} />{' '}
          <code className="min-w-0 font-mono text-sm break-all text-zinc-900 dark:text-zinc-100">{op.path}</code>
        </p>
        <h3 id={`${anchor}-title`} className="text-base font-semibold">
          <a href={`#${anchor}`} className="hover:underline">{op.summary}</a>
        </h3>
        <p className="flex flex-wrap gap-1.5 text-xs">
          {op.personOnly ? (
            <span className="rounded-full border border-amber-300 px-2 py-0.5 text-amber-900 dark:border-amber-800 dark:text-amber-200">Signed-in person only: API keys are refused</span>
          ) : (
            <span className="rounded-full border border-zinc-300 px-2 py-0.5 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">API key or session</span>
          )}
          {op.idempotent && <a href={referenceHref.guide('idempotency')} className="rounded-full border border-zinc-300 px-2 py-0.5 text-zinc-700 hover:underline dark:border-zinc-700 dark:text-zinc-300">Idempotency-Key</a>}
        </p>
      </header>
      {op.description && <RichText text={op.description} />}
      {op.parameters.length > 0 && (
        <Part title="Parameters">
          <Parameters parameters={op.parameters} />
        </Part>
      )}
      {op.body && (
        <Part title={`Request body${op.body.required ? '' : ' (optional)'}`}>
          <div className="rounded-md border border-zinc-200 px-3 py-1 dark:border-zinc-800">
            {op.body.schema ? <SchemaView schema={op.body.schema} /> : <p className="py-1 text-sm">{op.body.mediaType}</p>}
          </div>
        </Part>
      )}
      <Part title="Response">
        {op.successes.map((a) => (
          <Success key={a.status} answer={a} />
        ))}
      </Part>
      <Part title="Errors">
        <Errors errors={op.errors} />
      </Part>
    </article>
  );
}
