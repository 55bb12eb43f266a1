import { Plus } from 'lucide-react';
import { Link } from 'react-router';

/** The Create Your Prayer card: /quiz when signed in, /login when signed out. */
export function CreateCard({ to, title, body }: { to: string; title: string; body: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-[13.5rem] w-[280px] shrink-0 flex-col justify-between rounded-3xl bg-gradient-to-br from-primary to-primary-strong p-5 text-white shadow-md transition-transform hover:-translate-y-0.5"
    >
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-white/15">
        <Plus aria-hidden="true" className="h-6 w-6" />
      </span>
      <span>
        <span className="block text-lg font-semibold">{title}</span>
        <span className="mt-1 block text-sm text-white/80">{body}</span>
      </span>
    </Link>
  );
}
