// /members for those who may not list the organization's people (HTTP 403).
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen action="members.list" />;
}
