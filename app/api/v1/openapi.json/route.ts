// GET /api/v1/openapi.json – the API's reference (lib/openapi), generated from the operations the
// routes run with. Public: it describes the API and holds no one's data.
import { openApiDocument } from '@/lib/openapi';

export function GET() {
  return Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } });
}
