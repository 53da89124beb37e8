import { errorBodySchema } from "@adsgraph/models";
import type { ApiError } from "@adsgraph/models";
import { z } from "zod";
import type { ApiResponse } from "./signed-fetch.js";

/** Readers of response bodies: each parses what it reads, so a wrong shape fails loudly. */
export type JsonObject = Record<string, unknown>;

const object = z.record(z.string(), z.unknown());
const singleBody = z.looseObject({ data: object });
const listBody = z.looseObject({
  data: z.array(object),
  next_cursor: z.string().nullable().optional(),
  total_count: z.number().optional(),
});

export function bodyOf(response: ApiResponse): JsonObject {
  return object.parse(response.body);
}

/** `data` of a single-resource envelope. */
export function dataOf(response: ApiResponse): JsonObject {
  return singleBody.parse(response.body).data;
}

/** `data` of a list or collection envelope. */
export function itemsOf(response: ApiResponse): JsonObject[] {
  return listBody.parse(response.body).data;
}

export function idsOf(response: ApiResponse): string[] {
  return itemsOf(response).map((item) => String(item.id));
}

export function idOf(response: ApiResponse): string {
  return String(dataOf(response).id);
}

/** `next_cursor`, as a query value (undefined at the end). */
export function cursorOf(response: ApiResponse): string | undefined {
  return listBody.parse(response.body).next_cursor ?? undefined;
}

export function errorsOf(response: ApiResponse): ApiError[] {
  return errorBodySchema.parse(response.body).errors;
}

export function errorOf(response: ApiResponse, index = 0): ApiError {
  const error = errorsOf(response)[index];
  if (error === undefined) throw new Error(`no error ${index} in ${response.text}`);
  return error;
}

/** The parameters the errors name, sorted. */
export function parametersOf(response: ApiResponse): string[] {
  return errorsOf(response)
    .map((error) => error.parameter ?? "")
    .sort();
}

export function operationErrorsOf(response: ApiResponse): ApiError[][] {
  return errorBodySchema.parse(response.body).operation_errors ?? [];
}
