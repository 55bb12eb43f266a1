import type { TFunction } from 'i18next';
import { MONTHS, WEEKDAYS, type DateLabel } from '@selah/domain/dates';

/**
 * A daily prayer's date label in the interface language: Today / Yesterday, else the weekday and the date
 * ("Monday, March 10", "lunes, 10 de marzo", "poniedziałek, 10 marca") from the translations rather than
 * Intl.DateTimeFormat, whose first use on a page costs the first screen tens of milliseconds (decision 011).
 */
export function dateLabelText(label: DateLabel, t: TFunction<'common'>): string {
  switch (label.kind) {
    case 'today':
    case 'yesterday':
      return t(`dates.${label.kind}`);
    case 'date':
      return t('dates.weekdayAndDate', {
        weekday: t(`dates.weekday.${WEEKDAYS[label.weekday] ?? 'sunday'}`),
        month: t(`dates.monthInDate.${MONTHS[label.month] ?? 'january'}`),
        day: label.day,
      });
  }
}
