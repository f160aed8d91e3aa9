// /settings/directory for those who may not manage directory sync (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="sso.manage" />;
}
