import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { habitKeys } from '@selah/domain/contract/query-keys';
import type { Habit, HabitSettings } from '@selah/domain/habit';
import { api } from '../../../lib/api';
import { currentTimeZone } from '../../../lib/time-zone';

/** GET /api/habit in the phone's time zone. */
export function useHabit() {
  return useQuery({ queryKey: habitKeys.all, queryFn: () => api('GET /api/habit', { query: { timeZone: currentTimeZone() } }) });
}

/** PATCH /api/habit; the answer replaces the cached record. */
export function useUpdateHabit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: HabitSettings): Promise<Habit> => api('PATCH /api/habit', { body: change }),
    // At once on the screen (a switch follows the finger); the answer, or on failure the server's state, follows.
    onMutate: (change) =>
      queryClient.setQueryData<Habit>(habitKeys.all, (habit) =>
        habit ? { ...habit, ...change, summary: change.visible === false ? null : habit.summary } : habit,
      ),
    onSuccess: (habit) => queryClient.setQueryData(habitKeys.all, habit),
    onError: () => void queryClient.invalidateQueries({ queryKey: habitKeys.all }),
  });
}
