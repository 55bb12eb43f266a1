import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Preferences with a label in the library namespace: default content, categories and quiz focuses. */
const PREFERENCES: ReadonlySet<string> = new Set([
  'prayers',
  'standard',
  'faith',
  'guidance',
  'healing',
  'health',
  'money',
  'peace',
  'relationships',
  'sleep',
  'success',
]);

const EXPERIENCES: ReadonlySet<string> = new Set(['prayer', 'bible_meditation']);

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

/** Translated labels of a record's preference (topic or category) and experience; unknown values show as they are. */
export function useRecordLabels() {
  const { t } = useTranslation('library');
  const preference = useCallback((value: string) => (PREFERENCES.has(value) ? t(`preference.${value}`) : capitalized(value)), [t]);
  const experience = useCallback((value: string) => (EXPERIENCES.has(value) ? t(`experience.${value}`) : capitalized(value)), [t]);
  return { preference, experience };
}
