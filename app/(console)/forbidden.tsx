// Any console page the person may not open (HTTP 403), where no nearer forbidden.tsx says more.
import { ForbiddenScreen } from '@/components/shell/forbidden-screen';

export default function Forbidden() {
  return <ForbiddenScreen />;
}
