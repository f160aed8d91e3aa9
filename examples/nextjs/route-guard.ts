// Example: a Next.js App Router route handler that runs only when Arbor says the signed-in person
// may use a permission on the unit the request is about, in one check. Your application supplies
// who is asking (from its own session) and which unit the request concerns; Arbor decides.
//
//   // app/api/expenses/[unitId]/approve/route.ts
//   const arbor = new ArborChecks({ baseUrl: env.ARBOR_URL, apiKey: env.ARBOR_CHECK_KEY });
//   export const POST = guardRoute(arbor, 'expenses.approve', {
//     subjectOf: async () => { const session = await auth(); return session && { email: session.user.email }; },
//     unitOf: async (_request, { params }) => (await params).unitId,
//   }, approveExpense);
import { NextResponse, type NextRequest } from 'next/server';
import { ArborChecks, ArborError, type Subject } from '../../clients/typescript';

type Handler<C> = (request: NextRequest, context: C) => Response | Promise<Response>;

export interface GuardOptions<C> {
  /** Who is asking, from the application's own session; undefined: nobody signed in (401). */
  subjectOf: (request: NextRequest) => Subject | undefined | Promise<Subject | undefined>;
  /** The unit the request is about. */
  unitOf: (request: NextRequest, context: C) => string | Promise<string>;
}

const refuse = (status: number, message: string) => NextResponse.json({ error: { message } }, { status });

/** Wraps `handler` so that it runs only when `permission` is allowed; anything else is refused. */
export function guardRoute<C>(arbor: ArborChecks, permission: string, options: GuardOptions<C>, handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    const subject = await options.subjectOf(request);
    if (!subject) return refuse(401, 'Sign in first.');
    try {
      const { allowed } = await arbor.check(subject, permission, await options.unitOf(request, context));
      if (!allowed) return refuse(403, 'You may not do this here.');
    } catch (error) {
      // Arbor answered, but not yes (someone or a unit it does not know, an id that is no id): not allowed.
      if (error instanceof ArborError && error.status >= 400 && error.status < 500 && error.status !== 429) return refuse(403, 'You may not do this here.');
      // Fail closed: without an answer, nothing is allowed.
      return refuse(503, 'Permissions cannot be checked right now; try again shortly.');
    }
    return handler(request, context);
  };
}
