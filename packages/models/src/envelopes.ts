import { z } from "zod";

/**
 * spec §2.1 envelopes. `request.params` is the service's echo of what it received; it is
 * not interpreted (recordings echo ids as JSON numbers already rounded by JSON.parse), so it
 * is a record of unknown values. Every envelope keeps fields it does not name (`data_type`,
 * `time_series_length`, ...).
 */
export const requestEchoSchema = z.looseObject({ params: z.record(z.string(), z.unknown()) });
export type RequestEcho = z.output<typeof requestEchoSchema>;

/** `{request, data}` for one resource. */
export function singleEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ request: requestEchoSchema, data_type: z.string().optional(), data });
}

/** `{request, next_cursor, data[]}`; `total_count` only when with_total_count=true. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    request: requestEchoSchema,
    data_type: z.string().optional(),
    data: z.array(item),
    next_cursor: z.string().nullable(),
    total_count: z.number().int().nonnegative().optional(),
  });
}

/**
 * `{request, data[]}` for endpoints without paging (placements, previews, reference data):
 * recordings of those carry no next_cursor.
 */
export function collectionEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    request: requestEchoSchema,
    data_type: z.string().optional(),
    data: z.array(item),
  });
}

export const BATCH_OPERATION_TYPES = ["Create", "Update", "Delete"] as const;

/** spec §2.1 / §7 error item; codes are numbers (89, 99) or words (INCOMPATIBLE_LINE_ITEM). */
export const apiErrorSchema = z.looseObject({
  code: z.union([z.number().int(), z.string()]),
  message: z.string(),
  parameter: z.string().optional(),
});
export type ApiError = z.output<typeof apiErrorSchema>;

/** spec §7: per-item errors of a batch; position i holds the errors of input item i. */
export const operationErrorsSchema = z.array(z.array(apiErrorSchema));

/** spec §2.1 batch: ordered `data` and ordered `request` items, input order kept. */
export function batchEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    request: z.array(
      z.looseObject({ params: z.record(z.string(), z.unknown()), operation_type: z.string() }),
    ),
    data_type: z.string().optional(),
    data: z.array(item),
    operation_errors: operationErrorsSchema.optional(),
  });
}

/** Error body `{errors:[{code, message, parameter?}]}`; batches add `operation_errors`. */
export const errorBodySchema = z.looseObject({
  errors: z.array(apiErrorSchema),
  operation_errors: operationErrorsSchema.optional(),
  request: z.unknown().optional(),
});
export type ErrorBody = z.output<typeof errorBodySchema>;

export type SingleEnvelope<T> = {
  request: RequestEcho;
  data_type?: string | undefined;
  data: T;
} & Record<string, unknown>;
export type ListEnvelope<T> = {
  request: RequestEcho;
  data_type?: string | undefined;
  data: T[];
  next_cursor: string | null;
  total_count?: number | undefined;
} & Record<string, unknown>;
export type CollectionEnvelope<T> = {
  request: RequestEcho;
  data_type?: string | undefined;
  data: T[];
} & Record<string, unknown>;
export type BatchEnvelope<T> = {
  request: Array<
    { params: Record<string, unknown>; operation_type: string } & Record<string, unknown>
  >;
  data_type?: string | undefined;
  data: T[];
  operation_errors?: ApiError[][] | undefined;
} & Record<string, unknown>;
