// /settings/audit-streaming for those who may not manage audit streaming (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="auditStreams.manage" />;
}
