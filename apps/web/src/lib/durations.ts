import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatMinutes, type DurationPartWriter } from '@selah/domain/duration';

/**
 * Durations in the interface language: the parts come from the domain ('h hr m min s sec', zero parts left out),
 * the units from the translations (common: duration.*), so Spanish and Polish write their own ('1 h 2 min 5 s',
 * '1 godz. 2 min 5 s'). The English units are the spec's.
 */
export function useDurations() {
  const { t } = useTranslation('common');
  return useMemo(() => {
    const write: DurationPartWriter = ({ unit, value }) => t(`duration.${unit}`, { value });
    return {
      /** Seconds as hours, minutes and seconds: '3 min', '1 hr 5 sec'. */
      duration: (seconds: number) => formatDuration(seconds, write),
      /** A journey's whole minutes: '15 min'. */
      minutes: (minutes: number) => formatMinutes(minutes, write),
    };
  }, [t]);
}
