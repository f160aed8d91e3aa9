// Example: Express middleware that lets a request through only when Arbor says the signed-in
// person may use a permission on the unit the request is about, in one check.
//
//   const arbor = new ArborChecks({ baseUrl: process.env.ARBOR_URL, apiKey: process.env.ARBOR_CHECK_KEY });
//   app.post('/expenses/:unitId/approve',
//     requirePermission(arbor, 'expenses.approve', {
//       subjectOf: (req) => req.user && { email: req.user.email },
//       unitOf: (req) => req.params.unitId,
//     }),
//     approveExpense);
//
// Express's own types are not needed here: the few members used are declared below, and Express's
// Request, Response and NextFunction satisfy them.
import { ArborChecks, ArborError, type Subject } from '../../clients/typescript';

export interface RequestLike {
  params: Record<string, string>;
}
export interface ResponseLike {
  status(code: number): { json(body: unknown): unknown };
}
export type NextLike = (error?: unknown) => void;

export interface RequirePermissionOptions<Req extends RequestLike> {
  /** Who is asking, from the application's own session; undefined: nobody signed in (401). */
  subjectOf: (req: Req) => Subject | undefined;
  /** The unit the request is about. */
  unitOf: (req: Req) => string;
}

/** Middleware passing the request on only when `permission` is allowed; anything else is refused. */
export function requirePermission<Req extends RequestLike>(arbor: ArborChecks, permission: string, options: RequirePermissionOptions<Req>) {
  return async (req: Req, res: ResponseLike, next: NextLike): Promise<void> => {
    const subject = options.subjectOf(req);
    if (!subject) {
      res.status(401).json({ error: { message: 'Sign in first.' } });
      return;
    }
    try {
      const { allowed } = await arbor.check(subject, permission, options.unitOf(req));
      if (allowed) return next();
      res.status(403).json({ error: { message: 'You may not do this here.' } });
    } catch (error) {
      // Arbor answered, but not yes (someone or a unit it does not know, an id that is no id): not
      // allowed; without an answer at all, nothing is (fail closed).
      const known = error instanceof ArborError && error.status >= 400 && error.status < 500 && error.status !== 429;
      res.status(known ? 403 : 503).json({ error: { message: known ? 'You may not do this here.' : 'Permissions cannot be checked right now; try again shortly.' } });
    }
  };
}
