// /settings when the person may not see the organization's settings (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="tenant.settings.read" />;
}
