/**
 * The paging shapes of the operations' answers: the outbound document's and the knowledge base's.
 * Answers are checked against real ones by a test, so what is documented is what ccemu sends.
 */
import { z } from "npm:zod@4.6.7";
import { described } from "./fields.ts";

/** `pageNum`, `total`, `pages`, `list`: the outbound operations' paging. */
export const outboundPage = <T extends z.ZodType>(item: T) =>
  z.strictObject(described({
    pageNum: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    list: z.array(item),
  }, {
    pageNum: "The page answered, from 1.",
    total: "How many records match.",
    pages: "How many pages there are at this page size.",
  }));

/** `result` (a list), `pageNumber`, `pageSize`, `totalCount`: the knowledge base's paging. */
export const kbPage = <T extends z.ZodType>(item: T) =>
  described({
    result: z.array(item),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  }, {
    pageNumber: "The page answered, from 1 (offset / limit + 1).",
    pageSize: "The page size (the limit asked for).",
    totalCount: "How many records match.",
  });
