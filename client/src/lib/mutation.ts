/**
 * How a feature's data module (features/X/api.ts) offers a change: the request and the refresh
 * of what it touched live in the module; the screen adds only what it shows (a toast, a reset
 * form) through `config`, as bulletproof-react's `mutationConfig` does.
 */
import { useMutation, type UseMutationOptions } from "@tanstack/react-query";

/** What a screen may add to a change: every option but the request itself. */
export type MutationConfig<TData = unknown, TVars = void> = Omit<UseMutationOptions<TData, Error, TVars>, "mutationFn">;

/** useMutation with `request`; `refresh` runs after each success, before the screen's own onSuccess. */
export function useApiMutation<TData, TVars = void>(
  request: (vars: TVars) => Promise<TData>,
  config: MutationConfig<TData, TVars> = {},
  refresh?: (data: TData, vars: TVars) => unknown,
) {
  const { onSuccess, ...rest } = config;
  return useMutation<TData, Error, TVars>({
    ...rest,
    mutationFn: request,
    onSuccess: (data, vars, ...more) => {
      void refresh?.(data, vars);
      return onSuccess?.(data, vars, ...more);
    },
  });
}
