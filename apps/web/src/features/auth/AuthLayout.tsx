import type { ReactNode } from 'react';

/** The calm frame of the sign-in screens: the mark, a title and a description above a card. */
export function AuthLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-canvas px-5 py-10 sm:justify-center">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <div aria-hidden="true" className="mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-primary shadow-md">
            <div className="h-6 w-6 rounded-full bg-gold-soft" />
          </div>
          <h1 className="font-serif text-3xl text-ink">{title}</h1>
          <p className="mt-2 text-base text-muted">{description}</p>
        </div>
        <div className="rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8">{children}</div>
      </div>
    </main>
  );
}

export function OrSeparator({ label }: { label: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-sm text-muted" role="separator">
      <span className="h-px flex-1 bg-line" />
      <span>{label}</span>
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
