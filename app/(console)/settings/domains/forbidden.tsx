// /settings/domains for those who may not manage the organization's domains (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="sso.manage" />;
}
