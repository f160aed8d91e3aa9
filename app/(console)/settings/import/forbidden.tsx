// /settings/import for those who may neither import nor export (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="tenant.import" />;
}
