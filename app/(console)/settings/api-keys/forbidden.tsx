// /settings/api-keys for those who may not manage integrations (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="integrations.manage" />;
}
