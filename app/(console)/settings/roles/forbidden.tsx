// /settings/roles/* for those who may not manage roles (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="roles.manage" />;
}
