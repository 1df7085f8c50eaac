import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** A form checked against a zod schema, each field once it has been left (the screens' forms). */
export function useSchemaForm<T extends FieldValues, TParsed = T>(
  schema: z.ZodType<TParsed, T>,
  defaultValues: DefaultValues<T>,
): UseFormReturn<T, unknown, TParsed> {
  return useForm<T, unknown, TParsed>({
    resolver: zodResolver(schema) as Resolver<T, unknown, TParsed>,
    defaultValues,
    mode: 'onTouched',
  });
}
