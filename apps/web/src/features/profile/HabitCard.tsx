import { CalendarHeart } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Habit } from '@selah/domain/habit';
import { Card } from '../../components/PageHeader';
import { notify } from '../../lib/toast';
import { useHabit, useUpdateHabit } from './api/habit';
import { formatWeekday } from '../../lib/formats';

/** Monday first, as the week is counted (0 Sunday .. 6 Saturday). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The gentle record (issue 22): days prayed this week (a dot a day) and this month, the streak, and its settings:
 * hide it all, and the weekdays of rest that pause the streak rather than end it.
 */
export function HabitCard() {
  const { t } = useTranslation('profile');
  const habit = useHabit();
  const [editing, setEditing] = useState(false);
  const settingsId = useId();
  if (habit.isPending || habit.isError) return null;
  const record = habit.data;

  return (
    <Card>
      <div className="flex items-center gap-3">
        <CalendarHeart aria-hidden="true" className="h-6 w-6 text-gold" />
        <h2 className="flex-1 text-lg font-semibold text-ink">{t('habit.title')}</h2>
        <button
          type="button"
          aria-expanded={editing}
          aria-controls={editing ? settingsId : undefined}
          onClick={() => setEditing((value) => !value)}
          className="min-h-10 rounded-full px-3 text-sm font-semibold text-primary hover:bg-canvas"
        >
          {t('habit.settings')}
        </button>
      </div>
      {record.summary ? <Summary summary={record.summary} /> : <p className="mt-2 text-sm text-muted">{t('habit.hiddenNote')}</p>}
      {editing ? <Settings id={settingsId} habit={record} /> : null}
    </Card>
  );
}

function Summary({ summary }: { summary: NonNullable<Habit['summary']> }) {
  const { t, i18n } = useTranslation('profile');
  const dayName = (weekday: number, width: 'narrow' | 'long') => formatWeekday(weekday, i18n.resolvedLanguage, width);
  return (
    <div className="mt-4">
      <ol aria-label={t('habit.weekLabel')} className="flex justify-between gap-1">
        {WEEK_ORDER.map((weekday, index) => {
          const prayed = summary.week[index] ?? false;
          return (
            <li key={weekday} className="flex flex-1 flex-col items-center gap-1">
              <span
                aria-hidden="true"
                className={`h-7 w-7 rounded-full border ${prayed ? 'border-gold bg-gold/80' : 'border-line bg-canvas'}`}
              />
              <span aria-hidden="true" className="text-xs text-muted">
                {dayName(weekday, 'narrow')}
              </span>
              <span className="sr-only">{t(prayed ? 'habit.dayPrayed' : 'habit.dayNotPrayed', { day: dayName(weekday, 'long') })}</span>
            </li>
          );
        })}
      </ol>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <Figure label={t('habit.week')} value={t('habit.days', { count: summary.daysThisWeek })} />
        <Figure label={t('habit.month')} value={t('habit.days', { count: summary.daysThisMonth })} />
        <Figure label={t('habit.streak')} value={t('habit.days', { count: summary.streak })} />
      </dl>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-canvas px-2 py-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 font-semibold text-ink">{value}</dd>
    </div>
  );
}

function Settings({ id, habit }: { id: string; habit: Habit }) {
  const { t, i18n } = useTranslation('profile');
  const update = useUpdateHabit();
  const save = (change: Parameters<typeof update.mutate>[0]) => update.mutate(change, { onError: () => notify.error(t('updateFailed')) });
  const toggleRest = (weekday: number) => {
    const rest = habit.restDays.includes(weekday) ? habit.restDays.filter((day) => day !== weekday) : [...habit.restDays, weekday];
    if (rest.length < 7) save({ restDays: rest });
  };
  const dayName = (weekday: number) => formatWeekday(weekday, i18n.resolvedLanguage, 'short');
  // The switch follows the finger in the same event: a controlled checkbox whose value changed only later (the
  // cache's update comes a tick after) springs back first. It follows the server's value when that changes.
  const [shown, setShown] = useState(habit.visible);
  const [known, setKnown] = useState(habit.visible);
  if (known !== habit.visible) {
    setKnown(habit.visible);
    setShown(habit.visible);
  }
  return (
    <div id={id} className="mt-4 flex flex-col gap-4 border-t border-line pt-4">
      <label className="flex min-h-11 items-center justify-between gap-3">
        <span className="text-ink">{t('habit.show')}</span>
        <input
          type="checkbox"
          role="switch"
          checked={shown}
          onChange={(event) => {
            const visible = event.currentTarget.checked;
            setShown(visible);
            save({ visible });
          }}
          className="h-5 w-5 accent-primary"
        />
      </label>
      <div role="group" aria-label={t('habit.restDays')}>
        <p className="text-ink">{t('habit.restDays')}</p>
        <p className="text-sm text-muted">{t('habit.restDaysHint')}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEK_ORDER.map((weekday) => (
            <button
              key={weekday}
              type="button"
              aria-pressed={habit.restDays.includes(weekday)}
              onClick={() => toggleRest(weekday)}
              className={`min-h-11 min-w-11 rounded-full px-3 text-sm ${
                habit.restDays.includes(weekday) ? 'bg-primary font-semibold text-white' : 'bg-canvas text-ink hover:bg-line'
              }`}
            >
              {dayName(weekday)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
