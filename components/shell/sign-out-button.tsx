// Sign out: a plain form posting the server action, so it works before hydration too.
import { Button } from '@/components/ui/button';
import { signOutAction } from './actions';

export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <Button type="submit" variant="ghost" size="sm">
        Sign out
      </Button>
    </form>
  );
}
