/** A plan's list of days while it loads: `count` placeholder rows the size of a day row. */
export function DayRowsSkeleton({ count, testId }: { count: number; testId?: string }) {
  return (
    <ol className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          data-testid={testId}
          className="flex h-[74px] animate-pulse items-center gap-4 rounded-2xl border border-line bg-surface p-3"
        >
          <div className="h-11 w-11 rounded-full bg-line/60" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3 w-16 rounded bg-line/60" />
            <div className="h-4 w-2/3 rounded bg-line/70" />
          </div>
        </li>
      ))}
    </ol>
  );
}
