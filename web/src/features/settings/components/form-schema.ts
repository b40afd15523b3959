import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A shared profile schema (schema/contract/profile.ts) typed with the input of its form. The shared
 * schemas wrap a plain `z.object` of the form's fields in a transform, which leaves zod's input type at `unknown`;
 * react-hook-form needs the field names, so the schema is re-typed here with its exported input object. Only the
 * static type changes: the same schema object runs.
 */
export function formSchema<Input extends z.ZodObject, Output>(schema: z.ZodType<Output>, _input: Input): z.ZodType<Output, z.input<Input>> {
  return schema as unknown as z.ZodType<Output, z.input<Input>>;
}

/**
 * A settings form checked by `schema` (a `formSchema`) on the client: react-hook-form typed with the schema's input
 * (the fields as typed) and output (what the submit handler gets), starting from `defaultValues`.
 */
export function useSchemaForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues: DefaultValues<Input>) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}
