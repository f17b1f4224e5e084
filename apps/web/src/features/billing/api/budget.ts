import { budgetSchema, type BudgetInput } from '@meridian/domain/billing/budget';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const budgetQueryKey = ['billing-budget'] as const;

export function useBudget() {
  return useQuery({
    queryKey: budgetQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get(`${apiPaths.billing}/budget`, { signal, schema: budgetSchema }),
  });
}

export function useSetBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetInput) =>
      apiClient.put(`${apiPaths.billing}/budget`, body, { schema: budgetSchema }),
    onSuccess: (budget) => queryClient.setQueryData(budgetQueryKey, budget),
  });
}
