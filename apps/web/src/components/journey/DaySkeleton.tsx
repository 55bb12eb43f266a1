/** A journey day while it loads: the header and audio on one side, the verse and two texts on the other. */
export function DaySkeleton() {
  return (
    <main aria-busy="true" className="mx-auto max-w-5xl px-5 pt-6 pb-8">
      <div aria-hidden="true" className="mt-14 grid animate-pulse grid-cols-1 gap-6 lg:grid-cols-2 lg:gap-10">
        <div className="flex flex-col gap-4">
          <div className="h-3 w-24 rounded bg-line/70" />
          <div className="h-9 w-3/4 rounded bg-line/70" />
          <div className="h-4 w-1/2 rounded bg-line/50" />
          <div className="mt-2 h-44 rounded-3xl border border-line bg-surface" />
        </div>
        <div className="flex flex-col gap-4">
          <div className="h-36 rounded-3xl bg-gold-soft/60" />
          <div className="h-32 rounded-3xl border border-line bg-surface" />
          <div className="h-32 rounded-3xl border border-line bg-surface" />
        </div>
      </div>
    </main>
  );
}
